package hpjava.mpi.conformance;

import mpi.MPI;
import mpi.MPIException;

/**
 * Wrong programs, for the reports they must produce: {@code collectives} (rank 0 broadcasts while the others
 * reduce) and {@code leftovers} (a message nobody receives and a receive nobody matches, then Finalize).
 */
public final class Misuse {

    private Misuse() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.getRank();
        switch (args[0]) {
            case "collectives" -> {
                int[] x = {me};
                if (me == 0) MPI.COMM_WORLD.bcast(x, 1, MPI.INT, 0);
                else MPI.COMM_WORLD.allReduce(x, 1, MPI.INT, MPI.SUM);
            }
            case "leftovers" -> {
                if (me == 1) MPI.COMM_WORLD.send(new int[] {5}, 1, MPI.INT, 0, 77);
                if (me == 0) MPI.COMM_WORLD.iRecv(new int[1], 1, MPI.INT, 1, 78);
                MPI.COMM_WORLD.barrier();
                MPI.COMM_WORLD.iProbe(1, 77);
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
        MPI.Finalize();
    }
}
