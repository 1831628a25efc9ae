package hpjava.mpjdev.mpi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The FFM binding alone, without the device: the ping-pong of {@code pingpong.c} made of the binding's calls, in one
 * of three shapes, to tell where the device's 8-byte time goes. In the backend's package to reach the package-private
 * binding; for bench/mpi/ffm.sh.
 * <ul>
 * <li>{@code lat}: {@code MPI_Isend}/{@code MPI_Irecv} and a loop of {@code MPI_Test} (critical downcalls), as the
 *     device's polling path makes them;</li>
 * <li>{@code latblk}: blocking {@code MPI_Send}/{@code MPI_Recv} (ordinary downcalls), exactly the calls of
 *     {@code pingpong.c};</li>
 * <li>{@code latwait}: {@code MPI_Isend}/{@code MPI_Irecv} then {@code MPI_Wait} (ordinary downcall).</li>
 * </ul>
 * <pre>LAUNCHER -n 2 java -Dhpjava.mpi.abi=TABLE ... hpjava.mpjdev.mpi.RawFfmPingPong lat|latblk|latwait SIZE ITERS REPS</pre>
 * Rank 0 prints "ffm-raw MODE SIZE VALUE" (half round trip, microseconds) per repetition after one warm-up.
 */
public final class RawFfmPingPong {
    private RawFfmPingPong() {}

    public static void main(String[] args) throws Throwable {
        if (args.length != 4 || !(args[0].equals("lat") || args[0].equals("latblk") || args[0].equals("latwait"))) {
            System.err.println("usage: RawFfmPingPong lat|latblk|latwait SIZE ITERS REPS");
            System.exit(2);
        }
        int size = Integer.parseInt(args[1]), iters = Integer.parseInt(args[2]), reps = Integer.parseInt(args[3]);
        FfmBinding mpi = (FfmBinding) MpiBinding.load();
        mpi.init(MpiBinding.THREAD_SINGLE);
        long world = mpi.world();
        int rank = mpi.rank(world);
        MemorySegment buf = Arena.global().allocate(Math.max(size, 8), 8);
        MpiBinding.Req req = mpi.newRequest();
        Shape shape = switch (args[0]) {
            case "latblk" -> new Blocking(mpi, world, buf, size, 1 - rank);
            case "latwait" -> new Waiting(mpi, world, buf, size, 1 - rank, req);
            default -> new Polling(mpi, world, buf, size, 1 - rank, req);
        };
        for (int r = -1; r < reps; r++) {
            double v = latency(shape, rank, iters);
            if (r >= 0 && rank == 0) System.out.printf("ffm-raw %s %d %.4f%n", args[0], size, v);
        }
        mpi.finish();
    }

    private static double latency(Shape s, int rank, int iters) throws Throwable {
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                s.send();
                s.recv();
            } else {
                s.recv();
                s.send();
            }
        }
        return (System.nanoTime() - t0) / 1e3 / (2.0 * iters);
    }

    private interface Shape {
        void send() throws Throwable;

        void recv() throws Throwable;
    }

    private record Polling(MpiBinding mpi, long comm, MemorySegment buf, int size, int peer, MpiBinding.Req req)
            implements Shape {
        public void send() {
            mpi.isend(buf, size, peer, 1, comm, req);
            while (!req.test()) { } // no pause: as pingpong.c's loop
        }

        public void recv() {
            mpi.irecv(buf, size, peer, 1, comm, req, false);
            while (!req.test()) { } // no pause: as pingpong.c's loop
        }
    }

    private record Blocking(FfmBinding mpi, long comm, MemorySegment buf, int size, int peer) implements Shape {
        public void send() throws Throwable {
            MethodHandle h = mpi.calls().send;
            int rc = (int) h.invokeExact(buf, size, mpi.byteType(), peer, 1, comm);
            if (rc != 0) throw new IllegalStateException("MPI_Send: " + rc);
        }

        public void recv() throws Throwable {
            MethodHandle h = mpi.calls().recv;
            int rc = (int) h.invokeExact(buf, size, mpi.byteType(), peer, 1, comm, mpi.statusIgnore());
            if (rc != 0) throw new IllegalStateException("MPI_Recv: " + rc);
        }
    }

    private record Waiting(FfmBinding mpi, long comm, MemorySegment buf, int size, int peer, MpiBinding.Req req)
            implements Shape {
        public void send() throws Throwable {
            mpi.isend(buf, size, peer, 1, comm, req);
            await();
        }

        public void recv() throws Throwable {
            mpi.irecv(buf, size, peer, 1, comm, req, false);
            await();
        }

        private void await() throws Throwable {
            MethodHandle h = mpi.calls().waitOne;
            int rc = (int) h.invokeExact(FfmBinding.requestOf(req), mpi.statusIgnore());
            if (rc != 0) throw new IllegalStateException("MPI_Wait: " + rc);
        }
    }
}
