package demo.mpi;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** A token passed once around the ring of processes, each adding its rank: nonblocking receive, blocking send. */
public final class Ring {

    private Ring() {
    }

    /** The token as it comes back to rank 0 (every rank returns what it received). */
    public static int pass(int start) throws MPIException {
        int rank = MPI.COMM_WORLD.getRank(), size = MPI.COMM_WORLD.getSize();
        int[] token = {start};
        if (size == 1) return start;
        if (rank == 0) {
            Request back = MPI.COMM_WORLD.iRecv(token, 1, MPI.INT, size - 1, 0);
            MPI.COMM_WORLD.send(new int[] {start}, 1, MPI.INT, 1, 0);
            back.waitFor();
        } else {
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, rank - 1, 0);
            token[0] += rank;
            MPI.COMM_WORLD.send(token, 1, MPI.INT, (rank + 1) % size, 0);
        }
        return token[0];
    }
}
