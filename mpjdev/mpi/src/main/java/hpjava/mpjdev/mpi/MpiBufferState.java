package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * What the mpi backend keeps with each {@link Buffer} ({@link Buffer#deviceState()}), so that sending or receiving a
 * buffer again allocates nothing: two MPI request slots of the binding (the head: inline message or announcement;
 * the body of a large message), a small native segment for the announcement of a large message, and the buffer's
 * reusable {@link MpiRequest}. A buffer is lent to the device for one operation at a time, so blocking and
 * non-blocking operations on it share the slots.
 */
final class MpiBufferState {
    /** Bytes of a large-message announcement (see {@link MpiComm}). */
    static final int ANNOUNCE_BYTES = 24;

    final MpiBinding.Req head;
    final MpiBinding.Req body;
    private MemorySegment announce;
    final MpiRequest request;

    private MpiBufferState(Buffer buf, MpiBinding mpi) {
        head = mpi.newRequest();
        body = mpi.newRequest();
        request = new MpiRequest(buf, this);
    }

    static MpiBufferState of(Buffer buf, MpiBinding mpi) {
        Object s = buf.deviceState();
        if (s instanceof MpiBufferState state) return state;
        MpiBufferState state = new MpiBufferState(buf, mpi);
        buf.deviceState(state);
        return state;
    }

    /** The announcement's native memory (made on first use; freed with the buffer state by the GC). */
    MemorySegment announce() {
        if (announce == null) announce = Arena.ofAuto().allocate(ANNOUNCE_BYTES, 8);
        return announce;
    }
}
