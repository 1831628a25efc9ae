package hpjava.mpjdev.mpi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.Locale;

/**
 * The mpi backend's allreduce shape without the device, for blocks of several sizes (4 B: an unchecked float
 * allreduce; 16 to 64 B: a checked one's block): {@code gSIZE}: {@code MPI_Igather} (in place) to rank 0 then
 * {@code MPI_Ibcast}; {@code aSIZE}: one {@code MPI_Iallgather} (in place); each MPI call finished by a loop of
 * {@code MPI_Test} through the FFM binding, the cases interleaved in an order rotated every round, on a dup of
 * {@code MPI_COMM_WORLD}. Tells what a larger block or another collective costs MPI itself. In the backend's package
 * to reach the package-private binding (Open MPI's ABI table: handles are pointers).
 * <pre>LAUNCHER -n 2 java -Dhpjava.mpi.abi=TABLE ... hpjava.mpjdev.mpi.RawCollectiveProbe ROUNDS CALLS CASE...</pre>
 * Rank 0 prints per case the median over rounds of µs per call, and the median of the per-round ratios to the
 * first case.
 */
public final class RawCollectiveProbe {
    private RawCollectiveProbe() {}

    public static void main(String[] args) {
        if (args.length < 3) {
            System.err.println("usage: RawCollectiveProbe ROUNDS CALLS (gSIZE|aSIZE)...");
            System.exit(2);
        }
        int rounds = Integer.parseInt(args[0]), calls = Integer.parseInt(args[1]);
        String[] cases = Arrays.copyOfRange(args, 2, args.length);
        int[] sizes = Arrays.stream(cases).mapToInt(c -> Integer.parseInt(c.substring(1))).toArray();
        FfmBinding mpi = (FfmBinding) MpiBinding.load();
        mpi.init(MpiBinding.THREAD_SINGLE);
        long comm = mpi.dup(mpi.world());
        int rank = mpi.rank(comm), p = mpi.size(comm);
        MemorySegment buf = Arena.global().allocate(64L * p, 8);
        MpiBinding.Req req = mpi.newRequest();
        Allgather allgather = new Allgather(mpi, comm, buf, req);
        Runnable[] run = new Runnable[cases.length];
        for (int k = 0; k < cases.length; k++) {
            int bytes = sizes[k];
            run[k] = cases[k].charAt(0) == 'a' ? () -> allgather.run(bytes, rank) : () -> allreduceShape(mpi, comm, buf, bytes, rank, req);
        }
        for (int i = 0; i < 20_000; i++) run[i % cases.length].run();
        double[][] t = new double[sizes.length][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < sizes.length; k++) {
                int s = (r + k) % sizes.length;
                barrier(mpi, comm, req);
                long t0 = System.nanoTime();
                for (int i = 0; i < calls; i++) run[s].run();
                t[s][r] = (System.nanoTime() - t0) / 1e3 / calls;
            }
        }
        if (rank == 0) {
            for (int s = 0; s < sizes.length; s++) {
                double[] q = new double[rounds];
                for (int r = 0; r < rounds; r++) q[r] = t[s][r] / t[0][r];
                System.out.printf(Locale.ROOT, "raw-collective %s (%s %d B): %.3f us per call, ratio to %s %.4f%n", cases[s],
                        cases[s].charAt(0) == 'a' ? "iallgather" : "igather+ibcast", sizes[s], median(t[s]), cases[0], median(q));
            }
        }
        mpi.finish();
    }

    private static void allreduceShape(MpiBinding mpi, long comm, MemorySegment buf, int bytes, int rank, MpiBinding.Req req) {
        mpi.igatherInPlace(buf, bytes, 0, rank == 0, comm, req);
        while (!req.test()) { } // no pause, as a raw MPI program's wait
        mpi.ibcast(buf, bytes, 0, comm, req);
        while (!req.test()) { }
    }

    /** {@code MPI_Iallgather} in place of {@code bytes} a rank (bound here: the backend does not use it). */
    private record Allgather(FfmBinding mpi, long comm, MemorySegment buf, MpiBinding.Req req, MethodHandle h,
                             MemorySegment inPlace) {
        Allgather(FfmBinding mpi, long comm, MemorySegment buf, MpiBinding.Req req) {
            this(mpi, comm, buf, req, bind(), MemorySegment.ofAddress(MpiAbi.load().handle("MPI_IN_PLACE",
                    FfmCalls.open(MpiAbi.load().library()))));
        }

        private static MethodHandle bind() {
            var lib = FfmCalls.open(MpiAbi.load().library());
            ValueLayout p = ValueLayout.ADDRESS, i = ValueLayout.JAVA_INT, h = ValueLayout.JAVA_LONG;
            return Linker.nativeLinker().downcallHandle(lib.find("MPI_Iallgather").orElseThrow(),
                    FunctionDescriptor.of(i, p, i, h, p, i, h, h, p));
        }

        void run(int bytes, int rank) {
            try {
                int rc = (int) h.invokeExact(inPlace, 0, mpi.byteType(), buf, bytes, mpi.byteType(), comm,
                        FfmBinding.requestOf(req));
                if (rc != 0) throw new IllegalStateException("MPI_Iallgather: " + rc);
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
            while (!req.test()) { }
        }
    }

    private static void barrier(MpiBinding mpi, long comm, MpiBinding.Req req) {
        mpi.ibarrier(comm, req);
        while (!req.test()) { }
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
