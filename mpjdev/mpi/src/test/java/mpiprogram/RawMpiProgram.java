package mpiprogram;

import hpjava.mpjdev.Comm;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A program (outside the library packages, so its classes come from the child-first program loader) that calls
 * Open MPI directly beside mpjdev: it must see the backend's initialised MPI, the same ranks, and working messages.
 */
public final class RawMpiProgram {
    private RawMpiProgram() {}

    public static void main(String[] args) throws MPIException {
        Comm world = Comm.world();
        if (!MPI.isInitialized()) throw new IllegalStateException("MPI is not initialised in the program's view");
        int rank = MPI.COMM_WORLD.getRank();
        if (rank != world.id() || MPI.COMM_WORLD.getSize() != world.size()) {
            throw new IllegalStateException("MPI rank " + rank + " of " + MPI.COMM_WORLD.getSize() + " but mpjdev rank "
                    + world.id() + " of " + world.size());
        }
        Intracomm mine = MPI.COMM_WORLD.dup();
        ByteBuffer b = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder());
        b.putInt(0, rank + 1);
        mine.allReduce(b, 1, MPI.INT, MPI.SUM);
        int n = world.size();
        if (b.getInt(0) != n * (n + 1) / 2) throw new IllegalStateException("allreduce gave " + b.getInt(0));
        mine.free();
        world.collectives().orElseThrow().barrier();
        if (rank == 0) System.out.println("RawMpiProgram: raw MPI beside mpjdev works on " + n + " ranks");
    }
}
