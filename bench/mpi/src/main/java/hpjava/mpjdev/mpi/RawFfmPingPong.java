package hpjava.mpjdev.mpi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The FFM binding alone, without the device: the 8-byte ping-pong of {@code pingpong.c} made of the binding's calls
 * ({@code MPI_Isend}/{@code MPI_Irecv} and a loop of {@code MPI_Test}, as the device makes them, without its lock,
 * header or polling policy). In the backend's package to reach the package-private binding; for bench/mpi/ffm.sh.
 *
 * <pre>LAUNCHER -n 2 java -Dhpjava.mpi.abi=TABLE ... hpjava.mpjdev.mpi.RawFfmPingPong lat SIZE ITERS REPS</pre>
 * Rank 0 prints "ffm-raw lat SIZE VALUE" (half round trip, microseconds) per repetition after one warm-up.
 */
public final class RawFfmPingPong {
    private RawFfmPingPong() {}

    public static void main(String[] args) {
        if (args.length != 4 || !args[0].equals("lat")) {
            System.err.println("usage: RawFfmPingPong lat SIZE ITERS REPS");
            System.exit(2);
        }
        int size = Integer.parseInt(args[1]), iters = Integer.parseInt(args[2]), reps = Integer.parseInt(args[3]);
        MpiBinding mpi = MpiBinding.load();
        mpi.init(MpiBinding.THREAD_SINGLE);
        long world = mpi.world();
        int rank = mpi.rank(world);
        MemorySegment buf = Arena.global().allocate(Math.max(size, 8), 8);
        MpiBinding.Req req = mpi.newRequest();
        for (int r = -1; r < reps; r++) {
            double v = latency(mpi, world, rank, buf, size, iters, req);
            if (r >= 0 && rank == 0) System.out.printf("ffm-raw lat %d %.4f%n", size, v);
        }
        mpi.finish();
    }

    private static double latency(MpiBinding mpi, long comm, int rank, MemorySegment buf, int size, int iters,
                                  MpiBinding.Req req) {
        int peer = 1 - rank;
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                send(mpi, comm, buf, size, peer, req);
                recv(mpi, comm, buf, size, peer, req);
            } else {
                recv(mpi, comm, buf, size, peer, req);
                send(mpi, comm, buf, size, peer, req);
            }
        }
        return (System.nanoTime() - t0) / 1e3 / (2.0 * iters);
    }

    private static void send(MpiBinding mpi, long comm, MemorySegment buf, int size, int peer, MpiBinding.Req req) {
        mpi.isend(buf, size, peer, 1, comm, req);
        while (!req.test()) Thread.onSpinWait();
    }

    private static void recv(MpiBinding mpi, long comm, MemorySegment buf, int size, int peer, MpiBinding.Req req) {
        mpi.irecv(buf, size, peer, 1, comm, req, false);
        while (!req.test()) Thread.onSpinWait();
    }
}
