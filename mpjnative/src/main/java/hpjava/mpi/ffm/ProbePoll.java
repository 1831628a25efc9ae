package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import hpjava.mpi.spi.MessageHandle;
import hpjava.mpi.spi.StatusRecord;
import hpjava.mpjdev.mpi.MpiLibrary;
import java.lang.foreign.MemorySegment;
import mpi.MPIException;

/**
 * A probe ({@code MPI_Iprobe}) or matched probe ({@code MPI_Improbe}) polled under the MPI lock until it finds a
 * message, using a request slot's status, flag and message words.
 */
final class ProbePoll implements MpiLibrary.Poll {
    private final NativeRequest slot;
    private final int source, tag;
    private final long comm;
    private final boolean matched;
    private int rc = Natives.SUCCESS;
    boolean found;

    ProbePoll(NativeRequest slot, int source, int tag, long comm, boolean matched) {
        this.slot = slot;
        this.source = source;
        this.tag = tag;
        this.comm = comm;
        this.matched = matched;
    }

    @Override
    public boolean poll() {
        try {
            rc = matched ? (int) P2pCalls.IMPROBE.invokeExact(source, tag, comm, slot.flag, slot.message, slot.status)
                         : (int) P2pCalls.IPROBE.invokeExact(source, tag, comm, slot.flag, slot.status);
        } catch (Throwable t) {
            throw new IllegalStateException("MPI_Iprobe could not be called", t);
        }
        found = rc == Natives.SUCCESS && MemorySegment.ofAddress(slot.flag).reinterpret(4).get(JAVA_INT, 0) != 0;
        return found || rc != Natives.SUCCESS;
    }

    /** Fills {@code status} from the probe and recycles the slot. */
    void finish(StatusRecord status) throws MPIException {
        try {
            NativeErrors.check(rc, matched ? "MPI_Improbe" : "MPI_Iprobe");
            slot.describeProbe(status);
        } finally {
            slot.recycle();
        }
    }

    /** Nothing found: recycles the slot (after throwing the probe's error, if any). */
    void discard() throws MPIException {
        try {
            NativeErrors.check(rc, matched ? "MPI_Improbe" : "MPI_Iprobe");
        } finally {
            slot.recycle();
        }
    }

    /** The matched message, after filling {@code status}. */
    MessageHandle message(StatusRecord status) throws MPIException {
        long m = Natives.handleAt(MemorySegment.ofAddress(slot.message).reinterpret(8), 0);
        finish(status);
        return new NativeMessage(m);
    }
}
