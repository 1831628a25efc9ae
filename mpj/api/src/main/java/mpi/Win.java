package mpi;

import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.WindowChannel;
import java.nio.Buffer;

/**
 * One-sided communication windows ({@code MPI_Win}), offered by the native implementation (the mpi backend). On the
 * portable path (backends mt and ucx) the constructor throws {@link MPIException} of class
 * {@code ERR_UNSUPPORTED_OPERATION}. See {@code docs/MPI.md}. Origin buffers are direct NIO buffers; displacements
 * are in units of the target window's {@code dispUnit} bytes.
 */
public final class Win implements Freeable {
    private WindowChannel ch;
    private final int groupSize;

    /** A window over the first {@code size} bytes of the direct buffer {@code base} ({@code MPI_Win_create}). Collective. */
    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        String what = "Win";
        ArgumentChecks.notNull(what, "comm", comm);
        ArgumentChecks.notNull(what, "base", base);
        if (!base.isDirect()) throw new MPIException(ErrorClass.BUFFER, what + ": the base buffer must be direct (MPI.newXxxBuffer)");
        long capacity = java.lang.foreign.MemorySegment.ofBuffer(base.duplicate().clear()).byteSize();
        if (size < 0 || size > capacity)
            throw new MPIException(ErrorClass.SIZE, what + ": size " + size + " bytes is negative or beyond the buffer's " + capacity);
        if (dispUnit <= 0) throw new MPIException(ErrorClass.DISP, what + ": dispUnit " + dispUnit + " must be positive");
        groupSize = comm.getSize();
        ch = Ranks.engine().createWindow(comm.ch(what), base, size, dispUnit);
    }

    /** A window allocated by MPI ({@code MPI_Win_allocate}): not offered; use a direct buffer and the other constructor. */
    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor) throws MPIException {
        throw Unsupported.of("Win allocated by MPI (MPI_Win_allocate)");
    }

    private WindowChannel ch(String what) throws MPIException {
        if (ch == null) throw new MPIException(ErrorClass.WIN, what + ": the window has been freed");
        return ch;
    }

    private Data origin(String what, Buffer origin, int count, Datatype type, int target, int targetDisp, int targetCount,
            Datatype targetType)
            throws MPIException {
        ArgumentChecks.notNull(what, "origin", origin);
        if (!origin.isDirect()) throw new MPIException(ErrorClass.BUFFER, what + ": the origin buffer must be direct (MPI.newXxxBuffer)");
        ArgumentChecks.rank(what, "target rank", target, groupSize);
        ArgumentChecks.nonNegative(what, "target count", targetCount);
        if (targetDisp < 0) throw new MPIException(ErrorClass.DISP, what + ": target displacement " + targetDisp + " is negative");
        ArgumentChecks.type(what, targetType).layoutForUse(what);
        return ArgumentChecks.data(what, origin, 0, count, type);
    }

    /** {@code MPI_Put}. */
    public void put(Buffer origin, int count, Datatype type, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        Data d = origin("put", origin, count, type, targetRank, targetDisp, targetCount, targetType);
        ch("put").put(d, targetRank, targetDisp, targetCount, targetType.layoutForUse("put"));
    }

    /** {@code MPI_Get}. */
    public void get(Buffer origin, int count, Datatype type, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        Data d = origin("get", origin, count, type, targetRank, targetDisp, targetCount, targetType);
        ch("get").get(d, targetRank, targetDisp, targetCount, targetType.layoutForUse("get"));
    }

    /** {@code MPI_Accumulate} with a predefined operation. */
    public void accumulate(Buffer origin, int count, Datatype type, int targetRank, int targetDisp, int targetCount,
            Datatype targetType, Op op) throws MPIException {
        Data d = origin("accumulate", origin, count, type, targetRank, targetDisp, targetCount, targetType);
        ArgumentChecks.notNull("accumulate", "op", op);
        var r = op.forType("accumulate", type, d.type());
        if (r.predefined() == null) throw new MPIException(ErrorClass.OP, "accumulate: only predefined operations apply to windows");
        ch("accumulate").accumulate(d, targetRank, targetDisp, targetCount, targetType.layoutForUse("accumulate"), r);
    }

    /** {@code MPI_Win_fence}. Collective. */
    public void fence(int assertion) throws MPIException {
        ch("fence").fence(assertion);
    }

    /** {@code MPI_Win_lock}: {@code lockType} is {@link MPI#LOCK_EXCLUSIVE} or {@link MPI#LOCK_SHARED}. */
    public void lock(int lockType, int rank, int assertion) throws MPIException {
        if (lockType != MPI.LOCK_EXCLUSIVE && lockType != MPI.LOCK_SHARED)
            throw new MPIException(ErrorClass.LOCKTYPE, "lock: lock type " + lockType + " is neither LOCK_EXCLUSIVE nor LOCK_SHARED");
        ArgumentChecks.rank("lock", "rank", rank, groupSize);
        ch("lock").lock(lockType, rank, assertion);
    }

    /** {@code MPI_Win_unlock}. */
    public void unlock(int rank) throws MPIException {
        ArgumentChecks.rank("unlock", "rank", rank, groupSize);
        ch("unlock").unlock(rank);
    }

    /** {@code MPI_Win_lock_all}. */
    public void lockAll(int assertion) throws MPIException {
        ch("lockAll").lockAll(assertion);
    }

    /** {@code MPI_Win_unlock_all}. */
    public void unlockAll() throws MPIException {
        ch("unlockAll").unlockAll();
    }

    /** {@code MPI_Win_flush}. */
    public void flush(int rank) throws MPIException {
        ArgumentChecks.rank("flush", "rank", rank, groupSize);
        ch("flush").flush(rank);
    }

    /** Releases the window ({@code MPI_Win_free}). Collective. */
    @Override
    public void free() throws MPIException {
        ch("free").free();
        ch = null;
    }
}
