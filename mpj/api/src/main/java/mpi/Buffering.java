package mpi;

import hpjava.mpi.spi.Data;
import java.nio.ByteBuffer;

/** The buffer attached for buffered-mode sends, per rank. */
final class Buffering {

    private Buffering() {
    }

    /** Checks a buffered send of {@code d} fits the attached buffer ({@code ERR_BUFFER} if none or too small). */
    static void checkRoom(String what, Data d) throws MPIException {
        ByteBuffer b = Ranks.state().attached;
        if (b == null)
            throw new MPIException(ErrorClass.BUFFER, what + ": buffered mode needs a buffer: call MPI.attachBuffer first");
        long need = d.packedBytes() + MPI.BSEND_OVERHEAD;
        if (need > b.capacity())
            throw new MPIException(ErrorClass.BUFFER, what + ": the message needs " + need + " bytes of the attached buffer (with MPI.BSEND_OVERHEAD) but it has " + b.capacity());
    }

    static void attach(ByteBuffer buffer) throws MPIException {
        ArgumentChecks.notNull("attachBuffer", "buffer", buffer);
        if (!buffer.isDirect()) throw new MPIException(ErrorClass.BUFFER, "attachBuffer: the buffer must be direct (MPI.newByteBuffer)");
        Ranks.State s = Ranks.state();
        synchronized (s) {
            if (s.attached != null) throw new MPIException(ErrorClass.BUFFER, "attachBuffer: a buffer is already attached (detachBuffer first)");
            s.engine.attachBuffer(buffer);
            s.attached = buffer;
        }
    }

    static ByteBuffer detach() throws MPIException {
        Ranks.State s = Ranks.state();
        synchronized (s) {
            if (s.attached == null) throw new MPIException(ErrorClass.BUFFER, "detachBuffer: no buffer is attached");
            s.engine.detachBuffer();
            ByteBuffer b = s.attached;
            s.attached = null;
            return b;
        }
    }
}
