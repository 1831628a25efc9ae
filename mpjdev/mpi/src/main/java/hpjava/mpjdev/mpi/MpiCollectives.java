package hpjava.mpjdev.mpi;

import hpjava.mpjdev.watch.Activity;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.ReduceOp;
import hpjava.mpjdev.SectionType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Native collectives of one mpi communicator, on an MPI communicator of their own (so they never meet point-to-point
 * messages): for the world a dup of {@code MPI_COMM_WORLD} made at start-up; for a sub-communicator one made by
 * {@code MPI_Comm_create_group} on its first collective (collective over its members only, which all call the
 * collective anyway).
 *
 * <p>Every collective is started as its non-blocking MPI form under {@link MpiDevice#LOCK} and waited for by polling
 * ({@link MpiDevice#await}), like point-to-point calls. The exception is the creation of a sub-communicator's MPI
 * communicator ({@code MPI_Comm_create_group}, blocking, made once under the lock): until every member has reached
 * its first collective, other threads of this rank cannot start MPI calls.
 *
 * <p>Data moves through a native scratch segment owned by this object (grown when needed, then reused), as bytes, so
 * one code path serves every element type. {@link #allreduce} of up to {@link #ALLGATHER_BYTES} bytes makes every
 * rank gather every contribution ({@code MPI_Iallgather}) and fold them itself in rank order ({@link Reduction}: the
 * same inputs in the same order, so the same bits on every rank); larger data is gathered to rank 0, folded there in
 * rank order and broadcast ({@code MPI_Igather}, {@code MPI_Ibcast}: no rank receives p copies of it). Both give the
 * fixed combination order the contract requires, which {@code MPI_Allreduce} does not promise for floating point.
 * One {@code MPI_Iallgather} of a few bytes costs about half an igather plus an ibcast (np 2: 0.37
 * against 0.67 µs, the same for 4 to 10 bytes; docs/benchmarks/HISTORY.md, "Checking cost: the tiny reduction on mpi").
 */
final class MpiCollectives implements NativeCollectives {
    private final MpiComm comm;
    private final MpiBinding mpi;
    private final MpiBinding.Req request;
    private boolean haveMpiComm;
    private long mpiComm;
    private Arena arena;
    private MemorySegment scratch;

    MpiCollectives(MpiComm comm) {
        this.comm = comm;
        this.mpi = comm.device.mpi;
        this.request = mpi.newRequest();
    }

    /** The MPI communicator of this communicator's collectives; call holding {@link MpiDevice#LOCK}. */
    private long mpiComm() {
        if (!haveMpiComm) {
            if (comm.context == MpiComm.WORLD_CONTEXT) {
                mpiComm = comm.device.collectiveWorld();
            } else {
                mpiComm = mpi.createGroup(comm.worldRanks(), (int) ((comm.context >>> 33) % (comm.device.tagUpperBound + 1L)));
            }
            haveMpiComm = true;
        }
        return mpiComm;
    }

    private MemorySegment scratch(long bytes) {
        if (bytes > Integer.MAX_VALUE) {
            throw new DeviceException("collective of " + bytes + " bytes exceeds the mpi backend's limit of "
                    + Integer.MAX_VALUE + " bytes");
        }
        if (scratch == null || scratch.byteSize() < bytes) {
            if (arena != null) arena.close();
            arena = Arena.ofShared();
            scratch = arena.allocate(Math.max(bytes, 64), 8);
        }
        return scratch;
    }

    @Override
    public synchronized void barrier() {
        comm.device.activity.enterCollective(Activity.BARRIER, comm, -1, comm.context);
        try {
            run(c -> mpi.ibarrier(c, request));
        } finally {
            comm.device.activity.exit(Activity.BARRIER);
        }
    }

    @Override
    public synchronized void broadcast(Object array, int offset, int count, int root) {
        comm.device.activity.enterCollective(Activity.BROADCAST, comm, root, comm.context);
        try {
            broadcastWatched(array, offset, count, root);
        } finally {
            comm.device.activity.exit(Activity.BROADCAST);
        }
    }

    private void broadcastWatched(Object array, int offset, int count, int root) {
        SectionType type = checkArray(array, offset, count);
        if (root < 0 || root >= comm.size()) {
            throw new IllegalArgumentException("broadcast: root " + root + " is not a rank of " + comm);
        }
        int bytes = count * type.elementBytes();
        MemorySegment data = scratch(bytes);
        if (comm.id() == root) copyIn(type, array, offset, count);
        bcast(data, bytes, root);
        if (comm.id() != root) copyOut(type, array, offset, count);
    }

    @Override
    public synchronized void allreduce(Object array, int offset, int count, ReduceOp op) {
        comm.device.activity.enterCollective(Activity.ALLREDUCE, comm, -1, comm.context);
        try {
            allreduceWatched(array, offset, count, op);
        } finally {
            comm.device.activity.exit(Activity.ALLREDUCE);
        }
    }

    /** Data up to this size is reduced by one allgather and a fold on every rank (larger: gather, fold, broadcast). */
    private static final int ALLGATHER_BYTES = 64;

    private void allreduceWatched(Object array, int offset, int count, ReduceOp op) {
        SectionType type = checkArray(array, offset, count);
        op.checkDefinedFor(type);
        int p = comm.size();
        long bytes = (long) count * type.elementBytes();
        if (p > 1 && bytes <= ALLGATHER_BYTES) {
            MemorySegment all = scratch(bytes * p);
            long mine = comm.id() * bytes;
            copyIn(type, array, offset, count, mine);
            run(c -> mpi.iallgatherInPlace(all, (int) bytes, c, request));
            for (int r = 1; r < p; r++) Reduction.fold(type, op, all, 0, all, r * bytes, count);
            copyOut(type, array, offset, count, 0);
            return;
        }
        MemorySegment data = scratch(bytes * (comm.id() == 0 ? p : 1));
        copyIn(type, array, offset, count);
        if (p > 1) {
            // In-place gather: rank 0's own contribution already sits at offset 0 of its scratch.
            boolean root = comm.id() == 0;
            run(c -> mpi.igatherInPlace(data, (int) bytes, 0, root, c, request));
            if (root) {
                for (int r = 1; r < p; r++) Reduction.fold(type, op, scratch, 0, scratch, r * bytes, count);
            }
            bcast(data, (int) bytes, 0);
        }
        copyOut(type, array, offset, count);
    }

    /**
     * Carries {@code sig} and {@code seq} in the reduction's own collective: one {@code MPI_Iallgather} of a fixed
     * {@value CheckBlock#BYTES}-byte {@link CheckBlock} per rank (a check word made of both, then the data when it
     * fits); every rank then compares every block's words with its own (all ranks see the same blocks, so all reach
     * the same verdict) and, when they agree, folds the data in rank order, as {@link #allreduce} does: one MPI
     * collective, as an unchecked small {@link #allreduce}, and of the same cost (on Open MPI an allgather of up to
     * 10 bytes a rank costs what one of 4 does). The block size does not depend on the data, so ranks that disagree
     * (even in type or count) still meet in well-formed MPI calls. Data larger than the block holds is reduced after
     * the verdict by {@link #allreduce} itself. The words are compressed (see {@link CheckBlock} for what is always
     * detected and the probability of a miss otherwise).
     */
    @Override
    public synchronized boolean allreduceChecked(Object array, int offset, int count, ReduceOp op, long sig, long seq) {
        comm.device.activity.enterCollective(Activity.ALLREDUCE, comm, -1, comm.context);
        try {
            return allreduceCheckedWatched(array, offset, count, op, sig, seq);
        } finally {
            comm.device.activity.exit(Activity.ALLREDUCE);
        }
    }

    private boolean allreduceCheckedWatched(Object array, int offset, int count, ReduceOp op, long sig, long seq) {
        int p = comm.size();
        SectionType type = null;
        IllegalArgumentException invalid = null;   // thrown only once the words agree, as the default does
        try {
            type = checkArray(array, offset, count);
            op.checkDefinedFor(type);
        } catch (IllegalArgumentException e) {
            invalid = e;
        }
        long bytes = invalid == null ? (long) count * type.elementBytes() : 0;
        boolean inline = invalid == null && bytes <= CheckBlock.INLINE_DATA;
        if (p > 1) {
            MemorySegment s = scratch((long) CheckBlock.BYTES * p);
            long mine = (long) comm.id() * CheckBlock.BYTES;
            CheckBlock.write(s, mine, sig, seq, CheckBlock.wide(bytes));
            if (inline) copyIn(type, array, offset, count, mine + CheckBlock.DATA);
            run(c -> mpi.iallgatherInPlace(s, CheckBlock.BYTES, c, request));
            if (!CheckBlock.agree(s, p, mine)) return false;
            if (invalid != null) throw invalid;
            if (!inline) {
                allreduceWatched(array, offset, count, op);
                return true;
            }
            for (int r = 1; r < p; r++)
                Reduction.fold(type, op, s, CheckBlock.DATA, s, (long) r * CheckBlock.BYTES + CheckBlock.DATA, count);
            copyOut(type, array, offset, count, CheckBlock.DATA);
            return true;
        }
        if (invalid != null) throw invalid;
        return true;
    }

    private void copyIn(SectionType type, Object array, int offset, int count) {
        copyIn(type, array, offset, count, 0);
    }

    private void copyOut(SectionType type, Object array, int offset, int count) {
        copyOut(type, array, offset, count, 0);
    }

    /** Copies array elements to the scratch segment from byte {@code at}, any alignment (wire layout; boolean as one byte 0/1). */
    private void copyIn(SectionType type, Object array, int offset, int count, long at) {
        if (type == SectionType.BOOLEAN) {
            boolean[] a = (boolean[]) array;
            for (int i = 0; i < count; i++) scratch.set(ValueLayout.JAVA_BYTE, at + i, (byte) (a[offset + i] ? 1 : 0));
        } else {
            MemorySegment.copy(array, offset, scratch, Reduction.wire(type), at, count);
        }
    }

    private void copyOut(SectionType type, Object array, int offset, int count, long at) {
        if (type == SectionType.BOOLEAN) {
            boolean[] a = (boolean[]) array;
            for (int i = 0; i < count; i++) a[offset + i] = scratch.get(ValueLayout.JAVA_BYTE, at + i) != 0;
        } else {
            MemorySegment.copy(scratch, Reduction.wire(type), at, array, offset, count);
        }
    }

    private void bcast(MemorySegment data, int bytes, int root) {
        run(c -> mpi.ibcast(data, bytes, root, c, request));
    }

    /**
     * Starts an MPI collective's non-blocking form in {@link #request} on the given MPI communicator (called holding
     * {@link MpiDevice#LOCK}).
     */
    private interface Start {
        void on(long mpiComm);
    }

    /** Starts a collective on this communicator's MPI communicator under {@link MpiDevice#LOCK}, then waits by polling. */
    private void run(Start start) {
        final MpiLock lock = MpiDevice.LOCK;
        lock.lock();
        try {
            start.on(mpiComm());
        } finally {
            lock.unlock();
        }
        comm.device.await(request, PeerWatch.ANY);
    }

    private static SectionType checkArray(Object array, int offset, int count) {
        SectionType type = SectionType.ofArray(array);
        int length = java.lang.reflect.Array.getLength(array);
        if (offset < 0 || count < 0 || offset > length - count) {
            throw new IllegalArgumentException("range [" + offset + ", " + offset + "+" + count + ") is outside an array of length " + length);
        }
        return type;
    }
}
