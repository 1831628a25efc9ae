package demo.mpi;

import mpi.MPI;
import mpi.MPIException;

/**
 * Pi by the midpoint rule on [0, 1] of 4 / (1 + x^2): each process sums every size-th interval, one allReduce adds
 * the parts. Run: {@code hpjava run --np 4 -cp target/classes demo.mpi.Pi 1000000}.
 */
public final class Pi {

    private Pi() {
    }

    /** Pi from {@code intervals} midpoints, computed by all processes of {@code MPI.COMM_WORLD} together. */
    public static double compute(int intervals) throws MPIException {
        int rank = MPI.COMM_WORLD.getRank(), size = MPI.COMM_WORLD.getSize();
        double h = 1.0 / intervals;
        double[] part = {0};
        for (int i = rank; i < intervals; i += size) {
            double x = h * (i + 0.5);
            part[0] += 4.0 / (1.0 + x * x);
        }
        part[0] *= h;
        MPI.COMM_WORLD.allReduce(part, 1, MPI.DOUBLE, MPI.SUM);
        return part[0];
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int intervals = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        double t0 = MPI.wtime();
        double pi = compute(intervals);
        if (MPI.COMM_WORLD.getRank() == 0)
            System.out.printf("pi = %.12f (error %.2e) on %d processes in %.3f s%n", pi, Math.abs(pi - Math.PI),
                    MPI.COMM_WORLD.getSize(), MPI.wtime() - t0);
        MPI.Finalize();
    }
}
