package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * What the mpi backend keeps with each {@link Buffer} ({@link Buffer#deviceState()}), so that sending or receiving a
 * buffer again allocates nothing: a direct {@link ByteBuffer} view of its segment (the Open MPI binding takes NIO
 * buffers and passes direct ones to C without a copy), a small direct buffer for the announcement of a large
 * message, and the buffer's reusable {@link MpiRequest}. The view is remade only when the buffer's segment changes
 * (the buffer grew).
 */
final class MpiBufferState {
    /** Bytes of a large-message announcement (see {@link MpiComm}). */
    static final int ANNOUNCE_BYTES = 24;

    private MemorySegment viewed;
    private ByteBuffer view;
    private ByteBuffer announce;
    private MemorySegment announceSegment;
    final MpiRequest request;

    private MpiBufferState(Buffer buf) {
        request = new MpiRequest(buf, this);
    }

    static MpiBufferState of(Buffer buf) {
        Object s = buf.deviceState();
        if (s instanceof MpiBufferState state) return state;
        MpiBufferState state = new MpiBufferState(buf);
        buf.deviceState(state);
        return state;
    }

    /** A direct byte buffer over the whole of {@code seg} (the buffer's current segment). */
    ByteBuffer view(MemorySegment seg) {
        if (seg != viewed) {
            view = seg.asByteBuffer();
            viewed = seg;
        }
        return view;
    }

    /** The announcement buffer: its native memory is written through {@link #announceSegment()}. */
    ByteBuffer announce() {
        if (announce == null) {
            announce = ByteBuffer.allocateDirect(ANNOUNCE_BYTES);
            announceSegment = MemorySegment.ofBuffer(announce);
        }
        return announce;
    }

    MemorySegment announceSegment() {
        announce();
        return announceSegment;
    }
}
