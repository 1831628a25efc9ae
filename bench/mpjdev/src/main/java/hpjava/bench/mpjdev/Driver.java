package hpjava.bench.mpjdev;

import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The measuring plan, run over any {@link Link}: the driving end decides, times and reports; the serving end follows
 * orders. Per point: warm-up and calibration (first run only), a one-message check that the data arrives intact, then
 * timed samples. Every run measures every point, so drift of the machine spreads over all points. Hot loops live in
 * the links' methods, not here.
 */
final class Driver {
    /** Upper bound on the bytes in flight in the bandwidth window. */
    static final long WINDOW_BYTES = 64L << 20;
    private static final int MAX_ITERS = 1 << 24;
    private static final int MIN_WARMUP_ROUNDS = 4;
    /** Rounds without JIT activity or a better time that end the warm-up (see {@link #calibrate}). */
    private static final int SETTLED_ROUNDS = 5;
    /** The warm-up of a point never lasts longer than this many times {@code --warmup-ms}. */
    private static final int MAX_WARMUP_FACTOR = 50;

    record Point(BenchOptions.Test test, Kind kind, long size, int window) {}

    private Driver() {}

    /** The points in measuring order within one run (both ends compute the same list). */
    static List<Point> points(BenchOptions opt) {
        List<Point> ps = new ArrayList<>();
        for (BenchOptions.Test t : opt.tests())
            for (Kind k : opt.kinds())
                for (long s : opt.sizes())
                    if (k.fits(s)) ps.add(new Point(t, k, s, t == BenchOptions.Test.LATENCY ? 1 : windowFor(opt, s)));
        return ps;
    }

    static int windowFor(BenchOptions opt, long size) {
        long w = size == 0 ? opt.window() : Math.max(1, WINDOW_BYTES / size);
        return (int) Math.min(opt.window(), w);
    }

    /** The driving end: measures every point, stops the server, prints the result lines. */
    static void drive(Link link, BenchOptions opt, PrintStream out) {
        List<Point> ps = points(opt);
        int[] iters = new int[ps.size()];
        double[][] runMedians = new double[ps.size()][opt.runs()];
        for (int run = 0; run < opt.runs(); run++) {
            for (int p = 0; p < ps.size(); p++) {
                Point pt = ps.get(p);
                Kind.Payload pay = pt.kind().payload(pt.kind().elements(pt.size()));
                link.prepare(pay, pt.window());
                if (run == 0) {
                    iters[p] = calibrate(link, p, pt, pay, opt);
                    verify(link, p, pay);
                }
                double[] samples = new double[opt.samples()];
                for (int s = 0; s < samples.length; s++) samples[s] = measure(link, p, pt, pay, iters[p]);
                runMedians[p][run] = Stats.median(samples);
            }
        }
        link.order(Link.OP_STOP, 0, 0);
        for (int p = 0; p < ps.size(); p++) Report.line(ps.get(p), runMedians[p], iters[p], out);
        out.flush();
    }

    /** The serving end: follows orders until told to stop. */
    static void serve(Link link, BenchOptions opt) {
        List<Point> ps = points(opt);
        Kind.Payload pay = null;
        int payPoint = -1;
        while (true) {
            int[] o = link.awaitOrder();
            int op = o[0], p = o[1], iters = o[2];
            if (op == Link.OP_STOP) return;
            Point pt = ps.get(p);
            if (p != payPoint) {
                pay = pt.kind().payload(pt.kind().elements(pt.size()));
                payPoint = p;
            }
            if (op == Link.OP_VERIFY) {
                pay.reset();
                link.echo(pay, iters);
                pay.verify();
            } else if (pt.test() == BenchOptions.Test.LATENCY) {
                link.echo(pay, iters);
            } else {
                link.sink(pay, iters, pt.window());
            }
        }
    }

    /**
     * Warm-up and calibration: runs rounds of a doubling iteration count (1, 2, 4, ...; once a round lasts a sample's
     * time the count stays) until the warm-up time has passed, at least {@value #MIN_WARMUP_ROUNDS} rounds ran, and the
     * code has settled: the JIT compiled nothing during the last {@value #SETTLED_ROUNDS} rounds and none of them beat
     * the best time per message by more than 10 %; at most {@value #MAX_WARMUP_FACTOR} times the warm-up time. Then
     * sizes a sample from the fastest time per message seen (a hiccup during the warm-up must not shrink every later
     * sample). Why the JIT condition: a device's message path is much more code than the raw baseline's, and on this
     * 2-vCPU machine the C2 compilations of it take seconds of CPU while competing with the two ranks; a fixed 100 ms
     * warm-up measured mt before its path was compiled (8-byte half round trip 3.7 to 70 us, against 0.3 to 0.4 us
     * after a 2 s warm-up, same machine, same hour) and sized its samples from that (34 to 80 iterations).
     */
    private static int calibrate(Link link, int p, Point pt, Kind.Payload pay, BenchOptions opt) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean jitTimed = jit != null && jit.isCompilationTimeMonitoringSupported();
        int n = 1;
        double bestUs = Double.MAX_VALUE;
        int quietRounds = 0; // rounds in a row without JIT activity or a > 10 % better time per message
        long jitMs = jitTimed ? jit.getTotalCompilationTime() : 0;
        long t0 = System.nanoTime();
        for (int round = 1; ; round++) {
            long r0 = System.nanoTime();
            double us = measure(link, p, pt, pay, n);
            double roundMs = (System.nanoTime() - r0) / 1e6;
            long jitNow = jitTimed ? jit.getTotalCompilationTime() : 0;
            boolean quiet = jitNow == jitMs && us >= bestUs * 0.9;
            quietRounds = quiet ? quietRounds + 1 : 0;
            jitMs = jitNow;
            bestUs = Math.min(bestUs, us);
            double elapsedMs = (System.nanoTime() - t0) / 1e6;
            // At least a few rounds: a slow first contact (connection set-up, class loading) must not end the warm-up.
            boolean settled = round >= MIN_WARMUP_ROUNDS && quietRounds >= SETTLED_ROUNDS;
            if ((elapsedMs >= opt.warmupMillis() && settled) || elapsedMs >= MAX_WARMUP_FACTOR * opt.warmupMillis()
                    || n >= MAX_ITERS) break;
            if (roundMs < opt.sampleMillis()) n = (int) Math.min(MAX_ITERS, (long) n * 2);
        }
        double iterationUs = Math.max(bestUs * unitsPerIteration(pt), 1e-3);
        long want = (long) Math.ceil(opt.sampleMillis() * 1000 / iterationUs);
        return (int) Math.max(1, Math.min(MAX_ITERS, want));
    }

    private static int unitsPerIteration(Point pt) {
        return pt.test() == BenchOptions.Test.LATENCY ? 2 : pt.window();
    }

    /** One timed sample of {@code iters} iterations; microseconds per message (half round trip for latency). */
    private static double measure(Link link, int p, Point pt, Kind.Payload pay, int iters) {
        link.order(Link.OP_RUN, p, iters);
        long t0 = System.nanoTime();
        if (pt.test() == BenchOptions.Test.LATENCY) link.pingPong(pay, iters);
        else link.stream(pay, iters, pt.window());
        long ns = System.nanoTime() - t0;
        return ns / 1000.0 / ((double) iters * unitsPerIteration(pt));
    }

    /** One round trip with cleared receive sides; both ends check the data. */
    private static void verify(Link link, int p, Kind.Payload pay) {
        link.order(Link.OP_VERIFY, p, 1);
        pay.reset();
        link.pingPong(pay, 1);
        pay.verify();
    }
}
