import java.util.stream.IntStream;

/**
 * bench/scaling: the plain-Java baselines, written as a Java user writes them: {@code double[][]}, the loops in
 * {@code main}. Same kernels, field and checksum as c/stencil.c.
 *
 * <pre>java PlainStencil seq|streams jacobi|redblack|residual|jacobi3d N WARMUP ITERS</pre>
 * Prints {@code RESULT ... iter_ms= sweep_ms= warm_ms= checksum=} ({@code warm_ms}: the warm-up's mean iteration);
 * {@code SCALING_TRACE=B} prints the mean iteration of every block of B iterations to stderr from the start.
 * {@code streams} runs the row loops as {@code IntStream.range(..).parallel()} (the common pool: one thread a core).
 * residual and jacobi3d: see c/stencil.c ({@link Stencil3D}, the same file).
 */
public class PlainStencil {
    static double u(int x, int y) {
        return (double) x * x - (double) y * y + 3.0 * x * y;
    }

    /** SCALING_TRACE=B (B > 0): the mean time an iteration over every block of B iterations goes to stderr. */
    static int traceEvery() {
        String t = System.getenv("SCALING_TRACE");
        return t == null || t.isEmpty() ? 0 : Integer.parseInt(t);
    }

    /** Prints the block of {@code every} iterations ending before iteration {@code it}; returns the new block start. */
    static long trace(int it, long blockStart, int every) {
        long t = System.nanoTime();
        System.err.printf("TRACE it=%d ms=%.4f%n", it, (t - blockStart) / 1e6 / every);
        return t;
    }

    /** The warm-up's own mean time an iteration (the cost a short run pays), 0 without a warm-up. */
    static double warmMs(long began, long timedStart, int warm) {
        return warm == 0 ? 0.0 : (timedStart - began) / 1e6 / warm;
    }

    public static void main(String[] args) {
        if (args.length != 5 || !args[0].matches("seq|streams") || !args[1].matches("jacobi|redblack|residual|jacobi3d")) {
            System.err.println("usage: java PlainStencil seq|streams jacobi|redblack|residual|jacobi3d N WARMUP ITERS");
            System.exit(2);
        }
        final boolean streams = args[0].equals("streams");
        final int n = Integer.parseInt(args[2]), warm = Integer.parseInt(args[3]), iters = Integer.parseInt(args[4]);
        if (args[1].equals("jacobi3d")) {
            Stencil3D.main(streams, n, warm, iters);
            return;
        }
        final boolean residual = args[1].equals("residual"), jacobi = residual || args[1].equals("jacobi");
        final double omega = 2.0 / (1.0 + Math.sin(Math.PI / (n - 1)));
        final double[][] a = new double[n][n], b = new double[n][n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (i == 0 || i == n - 1 || j == 0 || j == n - 1) a[i][j] = u(i, j);
        for (int i = 0; i < n; i++) System.arraycopy(a[i], 0, b[i], 0, n);

        long t0 = 0, sweep = 0, began = System.nanoTime(), block = began;
        final int trace = traceEvery();
        double diff = 0;
        for (int it = 0; it < warm + iters; it++) {
            if (it == warm) t0 = System.nanoTime();
            if (trace > 0 && it > 0 && it % trace == 0) block = trace(it, block, trace);
            long s0 = System.nanoTime();
            if (jacobi) {
                if (streams) {
                    IntStream.range(1, n - 1).parallel().forEach(i -> {
                        double[] up = a[i - 1], mid = a[i], dn = a[i + 1], out = b[i];
                        for (int j = 1; j < n - 1; j++) out[j] = 0.25 * (up[j] + dn[j] + mid[j - 1] + mid[j + 1]);
                    });
                } else {
                    for (int i = 1; i < n - 1; i++)
                        for (int j = 1; j < n - 1; j++)
                            b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
                }
            } else {
                for (int colour = 0; colour < 2; colour++) {
                    final int c = colour;
                    if (streams) {
                        IntStream.range(1, n - 1).parallel().forEach(i -> {
                            double[] up = a[i - 1], mid = a[i], dn = a[i + 1];
                            for (int j = 1 + (i + c) % 2; j <= n - 2; j += 2)
                                mid[j] += omega * (0.25 * (up[j] + dn[j] + mid[j - 1] + mid[j + 1]) - mid[j]);
                        });
                    } else {
                        for (int i = 1; i < n - 1; i++)
                            for (int j = 1 + (i + c) % 2; j <= n - 2; j += 2) {
                                double delta = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) - a[i][j];
                                a[i][j] += omega * delta;
                            }
                    }
                }
            }
            if (residual) { // the convergence measure: a reduction into a local, timed alone as the "sweep"
                s0 = System.nanoTime();
                if (streams) {
                    diff = IntStream.range(1, n - 1).parallel().mapToDouble(i -> {
                        double[] ai = a[i], bi = b[i];
                        double d = 0;
                        for (int j = 1; j < n - 1; j++) d = Math.max(d, Math.abs(bi[j] - ai[j]));
                        return d;
                    }).max().orElse(0);
                } else {
                    diff = 0;
                    for (int i = 1; i < n - 1; i++)
                        for (int j = 1; j < n - 1; j++) diff = Math.max(diff, Math.abs(b[i][j] - a[i][j]));
                }
            }
            if (it >= warm) sweep += System.nanoTime() - s0;
            if (jacobi) {
                if (streams) IntStream.range(0, n).parallel().forEach(i -> System.arraycopy(b[i], 0, a[i], 0, n));
                else for (int i = 0; i < n; i++) System.arraycopy(b[i], 0, a[i], 0, n);
            }
        }
        long total = System.nanoTime() - t0;
        long sum = 0;
        for (double[] row : a) for (double v : row) sum += Double.doubleToRawLongBits(v);
        if (residual) sum += Double.doubleToRawLongBits(diff);
        int np = streams ? java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() + 1 : 1;
        System.out.printf("RESULT impl=java-%s kernel=%s n=%d np=%d iter_ms=%.4f sweep_ms=%.4f warm_ms=%.4f checksum=%016x%n",
                          args[0], args[1], n, np, total / 1e6 / iters, sweep / 1e6 / iters, warmMs(began, t0, warm), sum);
    }

    /**
     * jacobi3d: the 7-point Jacobi iteration on an M^3 grid, M = round(cbrt(N^2)), {@code double[][][]}. The
     * sequential nest stays inline in the time loop (the position of the 2-D kernels), so HotSpot compiles it only by
     * on-stack replacement; written {@code a[i - 1][j][k]} there, that OSR code took 2x the time of the same nest
     * compiled as a method (docs/benchmarks/HISTORY.md, "Full matrix"), so the rows are hoisted into locals, as a Java user
     * who writes 3-D arrays does and as the streams variant and c/stencil.c do.
     */
    static final class Stencil3D {
        static void main(boolean streams, int n, int warm, int iters) {
            final int m = (int) Math.round(Math.cbrt((double) n * n));
            final double[][][] a = new double[m][m][m], b = new double[m][m][m];
            for (int i = 0; i < m; i++)
                for (int j = 0; j < m; j++)
                    for (int k = 0; k < m; k++)
                        if (i == 0 || i == m - 1 || j == 0 || j == m - 1 || k == 0 || k == m - 1)
                            a[i][j][k] = b[i][j][k] = u(i, j) + 2.0 * k;
            long t0 = 0, sweep = 0, began = System.nanoTime(), block = began;
            final int trace = traceEvery();
            for (int it = 0; it < warm + iters; it++) {
                if (it == warm) t0 = System.nanoTime();
                if (trace > 0 && it > 0 && it % trace == 0) block = trace(it, block, trace);
                long s0 = System.nanoTime();
                if (streams) IntStream.range(1, m - 1).parallel().forEach(i -> plane(a, b, i, m));
                else  // the rows hoisted out of the k loop, as Java users write 3-D arrays (docs/benchmarks/HISTORY.md)
                    for (int i = 1; i < m - 1; i++)
                        for (int j = 1; j < m - 1; j++) {
                            double[] up = a[i - 1][j], dn = a[i + 1][j], w = a[i][j - 1], e = a[i][j + 1], c = a[i][j];
                            double[] out = b[i][j];
                            for (int k = 1; k < m - 1; k++)
                                out[k] = (up[k] + dn[k] + w[k] + e[k] + c[k - 1] + c[k + 1]) / 6.0;
                        }
                if (it >= warm) sweep += System.nanoTime() - s0;
                if (streams) IntStream.range(0, m).parallel().forEach(i -> { for (int j = 0; j < m; j++) System.arraycopy(b[i][j], 0, a[i][j], 0, m); });
                else for (int i = 0; i < m; i++) for (int j = 0; j < m; j++) System.arraycopy(b[i][j], 0, a[i][j], 0, m);
            }
            long total = System.nanoTime() - t0;
            long sum = 0;
            for (double[][] plane : a) for (double[] row : plane) for (double v : row) sum += Double.doubleToRawLongBits(v);
            int np = streams ? java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() + 1 : 1;
            System.out.printf("RESULT impl=java-%s kernel=jacobi3d n=%d np=%d iter_ms=%.4f sweep_ms=%.4f warm_ms=%.4f checksum=%016x%n",
                              streams ? "streams" : "seq", n, np, total / 1e6 / iters, sweep / 1e6 / iters,
                              warmMs(began, t0, warm), sum);
        }

        private static void plane(double[][][] a, double[][][] b, int i, int m) {
            for (int j = 1; j < m - 1; j++) {
                double[] up = a[i - 1][j], dn = a[i + 1][j], w = a[i][j - 1], e = a[i][j + 1], c = a[i][j], out = b[i][j];
                for (int k = 1; k < m - 1; k++) out[k] = (up[k] + dn[k] + w[k] + e[k] + c[k - 1] + c[k + 1]) / 6.0;
            }
        }
    }
}
