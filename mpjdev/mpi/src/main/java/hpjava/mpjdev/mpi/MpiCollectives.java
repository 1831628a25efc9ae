package hpjava.mpjdev.mpi;

import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.ReduceOp;
import hpjava.mpjdev.SectionType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Native collectives of one mpi communicator, on an MPI communicator of their own (so they never meet point-to-point
 * messages): for the world a dup of {@code MPI_COMM_WORLD} made at start-up; for a sub-communicator one made by
 * {@code MPI_Comm_create_group} on its first collective (collective over its members only, which all call the
 * collective anyway).
 *
 * <p>Data moves through a native scratch segment owned by this object (grown when needed, then reused), as bytes, so
 * one code path serves every element type. {@link #allreduce} gathers all contributions to rank 0, folds them there
 * in rank order ({@link Reduction}) and broadcasts the result: the fixed combination order the contract requires,
 * which {@code MPI_Allreduce} does not promise for floating point.
 */
final class MpiCollectives implements NativeCollectives {
    private final MpiComm comm;
    private Intracomm mpiComm;
    private Arena arena;
    private MemorySegment scratch;
    private ByteBuffer scratchView;

    MpiCollectives(MpiComm comm) {
        this.comm = comm;
    }

    private Intracomm mpiComm() throws MPIException {
        if (mpiComm == null) {
            if (comm.context == MpiComm.WORLD_CONTEXT) {
                mpiComm = comm.device.collectiveWorld();
            } else {
                Group world = MPI.COMM_WORLD.getGroup();
                Group members = world.incl(comm.worldRanks());
                mpiComm = MPI.COMM_WORLD.createGroup(members, (int) (comm.context >>> 33));
                members.free();
                world.free();
            }
        }
        return mpiComm;
    }

    private ByteBuffer scratch(long bytes) {
        if (bytes > Integer.MAX_VALUE) {
            throw new DeviceException("collective of " + bytes + " bytes exceeds the mpi backend's limit of "
                    + Integer.MAX_VALUE + " bytes");
        }
        if (scratch == null || scratch.byteSize() < bytes) {
            if (arena != null) arena.close();
            arena = Arena.ofShared();
            scratch = arena.allocate(Math.max(bytes, 64), 8);
            scratchView = scratch.asByteBuffer();
        }
        return scratchView;
    }

    @Override
    public synchronized void barrier() {
        comm.device.watch().blocking(PeerWatch.ANY);
        try {
            Intracomm c = mpiComm();
            if (comm.device.hasPendingReceives()) comm.device.await(c.iBarrier());
            else c.barrier();
        } catch (MPIException e) {
            throw comm.failed("barrier", e);
        } finally {
            comm.device.watch().unblocked();
        }
    }

    @Override
    public synchronized void broadcast(Object array, int offset, int count, int root) {
        SectionType type = checkArray(array, offset, count);
        if (root < 0 || root >= comm.size()) {
            throw new IllegalArgumentException("broadcast: root " + root + " is not a rank of " + comm);
        }
        int bytes = count * type.elementBytes();
        comm.device.watch().blocking(PeerWatch.ANY);
        try {
            ByteBuffer view = scratch(bytes);
            if (comm.id() == root) copyIn(type, array, offset, count);
            bcast(mpiComm(), view, bytes, root);
            if (comm.id() != root) copyOut(type, array, offset, count);
        } catch (MPIException e) {
            throw comm.failed("broadcast", e);
        } finally {
            comm.device.watch().unblocked();
        }
    }

    @Override
    public synchronized void allreduce(Object array, int offset, int count, ReduceOp op) {
        SectionType type = checkArray(array, offset, count);
        Reduction.check(type, op);
        int p = comm.size();
        long bytes = (long) count * type.elementBytes();
        comm.device.watch().blocking(PeerWatch.ANY);
        try {
            ByteBuffer view = scratch(bytes * (comm.id() == 0 ? p : 1));
            copyIn(type, array, offset, count);
            Intracomm c = mpiComm();
            if (p > 1) {
                // In-place gather: rank 0's own contribution already sits at offset 0 of its scratch.
                if (comm.device.hasPendingReceives()) comm.device.await(c.iGather(view, (int) bytes, MPI.BYTE, 0));
                else c.gather(view, (int) bytes, MPI.BYTE, 0);
                if (comm.id() == 0) {
                    for (int r = 1; r < p; r++) Reduction.fold(type, op, scratch, 0, scratch, r * bytes, count);
                }
                bcast(c, view, (int) bytes, 0);
            }
            copyOut(type, array, offset, count);
        } catch (MPIException e) {
            throw comm.failed("allreduce", e);
        } finally {
            comm.device.watch().unblocked();
        }
    }

    /** Copies array elements to the start of the scratch segment (wire layout; boolean as one byte 0/1). */
    private void copyIn(SectionType type, Object array, int offset, int count) {
        if (type == SectionType.BOOLEAN) {
            boolean[] a = (boolean[]) array;
            for (int i = 0; i < count; i++) scratch.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) (a[offset + i] ? 1 : 0));
        } else {
            MemorySegment.copy(array, offset, scratch, type.layout(), 0, count);
        }
    }

    private void copyOut(SectionType type, Object array, int offset, int count) {
        if (type == SectionType.BOOLEAN) {
            boolean[] a = (boolean[]) array;
            for (int i = 0; i < count; i++) a[offset + i] = scratch.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) != 0;
        } else {
            MemorySegment.copy(scratch, type.layout(), 0, array, offset, count);
        }
    }

    /** Broadcast; by polling while receives are posted (see {@link MpiDevice}), else blocking in MPI. */
    private void bcast(Intracomm c, ByteBuffer view, int bytes, int root) throws MPIException {
        if (comm.device.hasPendingReceives()) comm.device.await(c.iBcast(view, bytes, MPI.BYTE, root));
        else c.bcast(view, bytes, MPI.BYTE, root);
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
