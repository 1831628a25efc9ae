package hpjava.bench.ucx;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Paired 8-byte latency: the device against {@code ucx_perftest -t ucp_am_lat -s 8}, each device sample within a few
 * hundred milliseconds of a perftest sample, so that both sides of a pair sit in the same latency state of this
 * machine (see {@link PairedReport}). Rank program for two ranks on the ucx backend, run by
 * {@code bench/ucx/run.sh --paired K} ({@link UcxBaselineBench}) through the launcher:
 * <pre>
 * PairedLatencyBench pairs perftestIters sampleMillis warmupMillis
 * </pre>
 * After {@link DeviceBench#calibrate} (the ping-pong of {@link DeviceBench}, warmed up for {@code warmupMillis},
 * iteration count for about {@code sampleMillis}) and as long a warm-up of {@link FfmPingPong}, each pair takes, in
 * an order alternating between pairs (device, FFM, perftest or perftest, FFM, device):
 * <ul>
 * <li>a device sample: a quarter-length untimed ping-pong (the ranks slept through the perftest before), then the
 *     calibrated count, timed on rank 0;</li>
 * <li>an {@link FfmPingPong} sample of the same count, likewise;</li>
 * <li>a perftest sample: rank 0 runs a ucx_perftest server and client pair of {@code perftestIters} iterations
 *     ({@link UcxBaselineBench#perftest}) and then sends rank 1 a "go" message; rank 1 waits for it with a posted
 *     receive polled once per millisecond, sleeping in between, so neither rank takes a CPU from perftest.</li>
 * </ul>
 * Rank 0 prints one progress line per pair on standard error and the Markdown report on standard output.
 */
public final class PairedLatencyBench {
    private PairedLatencyBench() {}

    private static final int GO = 3; // DeviceBench uses 1 and 2
    private static final int BYTES = 8;

    public static void main(String[] args) throws Exception {
        Comm c = Comm.world();
        if (c.size() != 2) {
            throw new IllegalArgumentException("PairedLatencyBench needs exactly 2 ranks, not " + c.size());
        }
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: PairedLatencyBench pairs perftestIters sampleMillis"
                    + " warmupMillis");
        }
        int pairs = Integer.parseInt(args[0]);
        int perftestIters = Integer.parseInt(args[1]);
        double sampleMs = Double.parseDouble(args[2]);
        long warmupNanos = Long.parseLong(args[3]) * 1_000_000L;
        boolean root = c.id() == 0;
        String loadBefore = root ? loadAverage() : null;

        Buffer s = Buffer.allocate(BYTES + 64).write(new byte[BYTES]);
        Buffer r = Buffer.allocate(BYTES + 64);
        DeviceBench.Loop pingPong = n -> DeviceBench.pingPong(c, s, r, n);
        int n = DeviceBench.calibrate(c, sampleMs, warmupNanos, pingPong);
        FfmPingPong ffm = FfmPingPong.open(c);
        DeviceBench.Loop bareLoop = k -> ffm.pingPong(c.id(), k);
        // as long as the device's warm-up (n round trips last about sampleMs), by count: both ranks must agree
        long ffmWarmups = Math.max(1, Math.round(4 * warmupNanos / (sampleMs * 1e6)));
        for (long k = 0; k < ffmWarmups; k++) bareLoop.run(n / 4 + 1);
        Buffer go = Buffer.allocate(64);
        List<PairedReport.Pair> measured = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            boolean deviceFirst = i % 2 == 0;
            long t0 = System.nanoTime();
            double device;
            double bare;
            UcxBaselineBench.PerftestResult perftest;
            if (deviceFirst) {
                device = sample(pingPong, n);
                bare = sample(bareLoop, n);
                perftest = perftestSample(c, go, perftestIters);
            } else {
                perftest = perftestSample(c, go, perftestIters);
                bare = sample(bareLoop, n);
                device = sample(pingPong, n);
            }
            long spanMillis = (System.nanoTime() - t0) / 1_000_000L;
            if (root) {
                PairedReport.Pair p = new PairedReport.Pair(deviceFirst, device, bare, perftest.latencyMicros(),
                        perftest.meanLatencyMicros(), spanMillis);
                measured.add(p);
                System.err.println(PairedReport.progress(i, pairs, p));
            }
        }
        ffm.close();
        if (root) {
            PairedReport.Context ctx = new PairedReport.Context(Instant.now().toString(), UcxBaselineBench.host(),
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), perftestIters, n,
                    loadBefore, loadAverage());
            System.out.print(PairedReport.markdown(ctx, measured));
            System.out.flush();
        }
    }

    /**
     * Half round trip in us of {@code n} round trips of {@code pingPong} after {@code n / 4} untimed ones (the ranks
     * may have slept through a perftest sample before; meaningful on rank 0).
     */
    private static double sample(DeviceBench.Loop pingPong, int n) {
        pingPong.run(Math.max(1, n / 4));
        long t0 = System.nanoTime();
        pingPong.run(n);
        return (System.nanoTime() - t0) / 1e3 / (2.0 * n);
    }

    /**
     * Rank 0: runs ucx_perftest, then releases rank 1 and returns the result. Rank 1: returns null once released;
     * until then it polls its receive once per millisecond and sleeps, so it does not spin in a blocking device call
     * while perftest runs. {@code itest} (not {@code isDone}) because it is the call allowed to make progress in a
     * polling backend.
     */
    private static UcxBaselineBench.PerftestResult perftestSample(Comm c, Buffer go, int iters)
            throws IOException, InterruptedException {
        if (c.id() == 0) {
            UcxBaselineBench.PerftestResult r = UcxBaselineBench.perftest("ucp_am_lat", BYTES, iters);
            go.clear();
            c.send(go, 1, GO);
            return r;
        }
        Request q = c.irecv(go, 0, GO);
        while (q.itest() == null) Thread.sleep(1);
        return null;
    }

    /** The first three fields of /proc/loadavg (1, 5 and 15 minute load averages), or "n/a" where it is absent. */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + "/" + f[1] + "/" + f[2];
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return "n/a";
        }
    }
}
