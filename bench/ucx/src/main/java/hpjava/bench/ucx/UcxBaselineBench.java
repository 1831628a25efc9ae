package hpjava.bench.ucx;

import hpjava.bench.mpjdev.BenchResult;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The ucx backend against raw UCX, in the same run: {@code ucx_perftest -t ucp_am_lat -s 8} and
 * {@code -t ucp_am_bw -s 1048576} (C, two processes on this host) alternate with the OMB-J style mpjdev benchmark
 * ({@code hpjava.bench.mpjdev.MpjdevBench --backend ucx}, two rank JVMs, byte-array messages of 8 B and 1 MiB
 * payload). Each run measures all four points, the order of the two sides alternating between runs (A/B, B/A, ...);
 * the figures reported are the medians over runs of each run's value, and the ratios are of those medians.
 *
 * <pre>
 * bench/ucx/run.sh [--runs R] [--lat-iters N] [--bw-iters N]
 * bench/ucx/run.sh --paired K [--paired-iters N]
 * </pre>
 * Prints a Markdown section (for docs/benchmarks/HISTORY.md) on standard output; progress on standard error. With
 * {@code --paired K}, 8-byte latency only, robust to this machine's latency-state switches: K pairs of a device
 * sample and a perftest sample of N iterations taken a few hundred milliseconds apart ({@link PairedLatencyBench}).
 * Targets: 8-byte latency at most 1.5 x raw UCX, 1 MiB bandwidth at least 90 % of raw UCX.
 */
public final class UcxBaselineBench {
    private UcxBaselineBench() {}

    static final double LATENCY_TARGET = 1.5;
    static final double BANDWIDTH_TARGET = 0.90;

    /** {@code pairs > 0}: the paired latency mode, {@code pairIters} perftest iterations per pair. */
    record Options(int runs, int latIters, int bwIters, int pairs, int pairIters) {}

    /**
     * One run's figures: latencies in microseconds (half round trip), bandwidths in 10^6 bytes/s. Raw UCX latency
     * both as ucx_perftest's median iteration and as its overall mean (total time / iterations, the statistic the
     * Java benchmarks report per sample); {@code ucx*}: MpjdevBench (arrays packed and unpacked in the timed loop);
     * {@code dev*}: {@link DeviceBench} (buffer to buffer; {@code devBandwidth} streams 64 distinct buffers per side,
     * {@code devBandwidthReused} one buffer per side, the working set of {@code ucx_perftest -t ucp_am_bw}).
     */
    record Run(double rawLatency, double rawMeanLatency, double ucxLatency, double devLatency, double rawBandwidth,
               double ucxBandwidth, double devBandwidth, double devBandwidthReused) {}

    public static void main(String[] args) throws Exception {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("ucx-bench: " + e.getMessage());
            System.err.println("usage: bench/ucx/run.sh [--runs R (default 7)] [--lat-iters N (default 200000)]"
                    + " [--bw-iters N (default 4000)]");
            System.err.println("       bench/ucx/run.sh --paired K [--paired-iters N (default 30000)]");
            System.exit(2);
            return;
        }
        if (o.pairs() > 0) {
            System.exit(pairedBench(o));
            return;
        }
        List<Run> runs = new ArrayList<>();
        for (int r = 0; r < o.runs(); r++) {
            // rotate the order of the three sides from run to run, so that drift spreads over all of them
            PerftestResult lat = null, bw = null;
            List<BenchResult> mpjdev = null, device = null;
            for (int k = 0; k < 3; k++) {
                switch ((r + k) % 3) {
                    case 0 -> {
                        lat = perftest("ucp_am_lat", 8, o.latIters());
                        bw = perftest("ucp_am_bw", 1 << 20, o.bwIters());
                    }
                    case 1 -> mpjdev = mpjdevBench();
                    default -> device = deviceBench();
                }
            }
            Run run = new Run(lat.latencyMicros(), lat.meanLatencyMicros(), find(mpjdev, "latency", "byte", 8)
                    .medianMicros(), find(device, "latency", "buffer", 8).medianMicros(), bw.bandwidth(),
                    find(mpjdev, "bandwidth", "byte", 1 << 20).megabytesPerSecond(),
                    find(device, "bandwidth", "buffer", 1 << 20).megabytesPerSecond(),
                    find(device, "bandwidth", "buffer-reused", 1 << 20).megabytesPerSecond());
            System.err.printf(Locale.ROOT, "run %d/%d: latency raw %.3f (mean %.3f) us, device %.3f us, arrays %.3f"
                    + " us; bandwidth raw %.0f, device one buffer %.0f, device 64 buffers %.0f, arrays %.0f MB/s%n",
                    r + 1, o.runs(), run.rawLatency(), run.rawMeanLatency(), run.devLatency(), run.ucxLatency(),
                    run.rawBandwidth(), run.devBandwidthReused(), run.devBandwidth(), run.ucxBandwidth());
            runs.add(run);
        }
        System.out.print(markdown(o, runs));
    }

    static Options parse(String[] args) {
        int runs = 7, lat = 200_000, bw = 4_000, pairs = 0, pairIters = 30_000;
        String interleaved = null, pairIterOption = null; // an option of each mode, for the mixing check
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) throw new IllegalArgumentException(a + " needs a value");
            int v;
            try {
                v = Integer.parseInt(args[++i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(a + " needs a positive integer, not '" + args[i] + "'");
            }
            if (v < 1) throw new IllegalArgumentException(a + " needs a positive integer, not " + v);
            switch (a) {
                case "--runs" -> runs = v;
                case "--lat-iters" -> lat = v;
                case "--bw-iters" -> bw = v;
                case "--paired" -> pairs = v;
                case "--paired-iters" -> pairIters = v;
                default -> throw new IllegalArgumentException("unknown option '" + a + "'");
            }
            if (a.equals("--paired-iters")) pairIterOption = a;
            else if (!a.equals("--paired")) interleaved = a;
        }
        if (pairs > 0 && interleaved != null) {
            throw new IllegalArgumentException("--paired measures latency in pairs; " + interleaved
                    + " belongs to the interleaved runs and cannot be combined with it");
        }
        if (pairs == 0 && pairIterOption != null) throw new IllegalArgumentException("--paired-iters needs --paired K");
        return new Options(runs, lat, bw, pairs, pairIters);
    }

    // ------------------------------------------------------------------ raw UCX

    /** The {@code Final:} line of ucx_perftest: latency 50th percentile (us), overall bandwidth (MB/s = 2^20 B/s). */
    record PerftestResult(double latencyMicros, double meanLatencyMicros, double mebibytesPerSecond) {
        /** Bandwidth in 10^6 bytes per second, the unit of the mpjdev benchmark. */
        double bandwidth() {
            return mebibytesPerSecond * 1.048576;
        }
    }

    static PerftestResult perftest(String test, int size, int iters) throws IOException, InterruptedException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process server = new ProcessBuilder("ucx_perftest", "-p", Integer.toString(port))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            for (int attempt = 0; ; attempt++) {
                // the server listens ~20 ms after its start; a client started too early fails and is started again
                Thread.sleep(attempt == 0 ? 50 : 200);
                Process client = new ProcessBuilder("ucx_perftest", "127.0.0.1", "-p", Integer.toString(port),
                        "-t", test, "-s", Integer.toString(size), "-n", Integer.toString(iters))
                        .redirectErrorStream(true).start();
                String out = readAll(client.getInputStream());
                if (!client.waitFor(300, TimeUnit.SECONDS)) {
                    client.destroyForcibly();
                    throw new IOException("ucx_perftest " + test + " did not finish in 300 s");
                }
                PerftestResult r = parseFinal(out);
                if (r != null) return r;
                if (attempt == 20 || !server.isAlive()) {
                    throw new IOException("ucx_perftest " + test + " gave no result:\n" + out);
                }
            }
        } finally {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Parses {@code Final: iters lat50 latAvg latOverall bwAvg bwOverall rateAvg rateOverall}; null if absent. */
    static PerftestResult parseFinal(String output) {
        for (String line : output.split("\n")) {
            String t = line.trim();
            if (!t.startsWith("Final:")) continue;
            String[] f = t.substring("Final:".length()).trim().split("\\s+");
            if (f.length < 8) return null;
            return new PerftestResult(Double.parseDouble(f[1]), Double.parseDouble(f[3]), Double.parseDouble(f[5]));
        }
        return null;
    }

    // ------------------------------------------------------------------ mpjdev on ucx

    static List<BenchResult> mpjdevBench() throws IOException, InterruptedException {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "hpjava.bench.mpjdev.MpjdevBench", "--backend", "ucx", "--np", "2",
                "--tests", "latency,bandwidth", "--kinds", "byte", "--sizes", "8,1048576",
                "--runs", "1", "--samples", "7", "--sample-ms", "20", "--warmup-ms", "500");
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = readAll(p.getInputStream());
        if (!p.waitFor(600, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("the mpjdev benchmark did not finish in 600 s");
        }
        if (p.exitValue() != 0) throw new IOException("the mpjdev benchmark failed (status " + p.exitValue() + ")");
        return BenchResult.parseOutput(out);
    }

    /**
     * Warm-up of each {@link DeviceBench} test. 2 s, not 0.5: the rank JVMs' JIT compilers were still busy 1–2.5 s
     * after start (-Xlog:jit+compilation), and a compiler thread that takes one of two vCPUs from a spinning rank
     * stalls the ping-pong, so a 0.5 s warm-up measured start-up, not the device.
     */
    static final int DEVICE_WARMUP_MS = 2000;

    static List<BenchResult> deviceBench() throws IOException, InterruptedException {
        List<String> cmd = rankJob(DeviceBench.class, "8", Integer.toString(1 << 20), "64", "7", "20",
                Integer.toString(DEVICE_WARMUP_MS));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = readAll(p.getInputStream());
        if (!p.waitFor(600, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("the device benchmark did not finish in 600 s");
        }
        if (p.exitValue() != 0) throw new IOException("the device benchmark failed (status " + p.exitValue() + ")");
        return BenchResult.parseOutput(out);
    }

    /**
     * The paired latency mode: one launch of {@link PairedLatencyBench} (20 ms device samples, the device warm-up
     * above), its report and progress passed through; returns the job's exit status.
     */
    static int pairedBench(Options o) throws IOException, InterruptedException {
        List<String> cmd = rankJob(PairedLatencyBench.class, Integer.toString(o.pairs()),
                Integer.toString(o.pairIters()), "20", Integer.toString(DEVICE_WARMUP_MS));
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        // a pair takes well under a second (perftest's start and exit dominate); allow 5 s each plus start-up
        if (!p.waitFor(60 + 5L * o.pairs(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("the paired latency benchmark did not finish in " + (60 + 5L * o.pairs()) + " s");
        }
        return p.exitValue();
    }

    /** The command launching {@code main} with {@code args} as a 2-rank job on the ucx backend (this class path). */
    private static List<String> rankJob(Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "hpjava.mpjdev.Launcher", "--backend", "ucx", "--np", "2", main.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    static BenchResult find(List<BenchResult> rs, String test, String kind, long bytes) {
        return rs.stream().filter(r -> r.test().equals(test) && r.kind().equals(kind) && r.bytes() == bytes)
                .findFirst().orElseThrow(() -> new IllegalStateException("no " + test + " " + kind
                        + " result for " + bytes + " bytes"));
    }

    private static String readAll(InputStream in) throws IOException {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    // ------------------------------------------------------------------ report

    static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    static String markdown(Options o, List<Run> runs) {
        double rawLat = median(runs.stream().mapToDouble(Run::rawLatency).toArray());
        double rawMean = median(runs.stream().mapToDouble(Run::rawMeanLatency).toArray());
        double devLat = median(runs.stream().mapToDouble(Run::devLatency).toArray());
        double ucxLat = median(runs.stream().mapToDouble(Run::ucxLatency).toArray());
        double rawBw = median(runs.stream().mapToDouble(Run::rawBandwidth).toArray());
        double devBw = median(runs.stream().mapToDouble(Run::devBandwidth).toArray());
        double devBw1 = median(runs.stream().mapToDouble(Run::devBandwidthReused).toArray());
        double ucxBw = median(runs.stream().mapToDouble(Run::ucxBandwidth).toArray());
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Measured %s on %s (%d CPUs, Java %s), %d runs; command: "
                        + "`bench/ucx/run.sh --runs %d --lat-iters %d --bw-iters %d`.%n%n", Instant.now(), host(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), runs.size(),
                o.runs(), o.latIters(), o.bwIters()));
        sb.append("| metric | raw UCX (`ucx_perftest`) | `ucx` device, buffer to buffer | ratio | "
                + "OMB-J `MpjdevBench`, array to array | ratio | target |\n");
        sb.append("|---|---|---|---|---|---|---|\n");
        sb.append(String.format(Locale.ROOT, "| 8 B latency, half round trip (us) | %.3f median iteration, %.3f mean"
                        + " | %.3f | %.2fx of median, %.2fx of mean | %.3f | %.2fx of median, %.2fx of mean | <= %.1fx |%n",
                rawLat, rawMean, devLat, devLat / rawLat, devLat / rawMean, ucxLat, ucxLat / rawLat, ucxLat / rawMean,
                LATENCY_TARGET));
        sb.append(String.format(Locale.ROOT, "| 1 MiB bandwidth (10^6 B/s), one send and one receive buffer (perftest's"
                + " working set) | %.0f | %.0f | **%.0f%%** | – | – | >= %.0f%% |%n", rawBw, devBw1, 100 * devBw1 / rawBw,
                100 * BANDWIDTH_TARGET));
        sb.append(String.format(Locale.ROOT, "| 1 MiB bandwidth (10^6 B/s), 64 distinct buffers per side, 64 in flight"
                + " | %.0f (one buffer) | %.0f | %.0f%% (working sets differ) | %.0f | %.0f%% | – |%n", rawBw, devBw,
                100 * devBw / rawBw, ucxBw, 100 * ucxBw / rawBw));
        sb.append("\nPer run (latency us: raw median/raw mean/device/arrays; bandwidth 10^6 B/s: raw/device one"
                + " buffer/device 64 buffers/arrays): ");
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            sb.append(String.format(Locale.ROOT, "%s%.3f/%.3f/%.3f/%.3f, %.0f/%.0f/%.0f/%.0f", i == 0 ? "" : "; ",
                    r.rawLatency(), r.rawMeanLatency(), r.devLatency(), r.ucxLatency(), r.rawBandwidth(),
                    r.devBandwidthReused(), r.devBandwidth(), r.ucxBandwidth()));
        }
        sb.append(".\n");
        return sb.toString();
    }

    static String host() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "this host";
        }
    }
}
