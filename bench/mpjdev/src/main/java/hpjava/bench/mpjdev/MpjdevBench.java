package hpjava.bench.mpjdev;

import java.util.ArrayList;
import java.util.List;

import hpjava.mpjdev.Launcher;

/**
 * OMB-J style point-to-point micro-benchmarks of the mpjdev device API, on any backend by name:
 *
 * <pre>
 * java hpjava.bench.mpjdev.MpjdevBench --backend mt --np 2 [options]      (or bench/mpjdev-bench ...)
 * </pre>
 *
 * Latency (ping-pong, half round trip) and bandwidth (windowed streaming) against message size, for byte arrays,
 * double arrays and objects. Every run measures every point once (points interleaved, so machine drift spreads over
 * all of them); each point of a run is the median of several timed samples; the reported figure is the median of the
 * per-run medians. Options: {@link BenchOptions#USAGE}; output format: {@link BenchResult}. Exit status: the job's
 * (0 ok), 2 for a usage error. {@code --backend raw-threads} runs the same plan without the device: the raw-Java
 * baseline for mt ({@link RawThreadsLink}), to be run alternately with {@code --backend mt}.
 */
public final class MpjdevBench {
    private MpjdevBench() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Parses the options, launches {@link BenchRank} on the chosen backend and returns the exit status. */
    public static int run(String... args) {
        BenchOptions opt;
        try {
            opt = BenchOptions.parse(args);
        } catch (BenchOptions.UsageException e) {
            if (!e.getMessage().isEmpty()) System.err.println("mpjdev-bench: " + e.getMessage());
            System.err.print(BenchOptions.USAGE);
            return Launcher.USAGE_ERROR;
        }
        if (opt.backend().equals(RawThreadsBaseline.NAME)) {
            try {
                return RawThreadsBaseline.run(opt, System.out);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 1;
            }
        }
        List<String> launch = new ArrayList<>(List.of("--backend", opt.backend(), "--np", Integer.toString(opt.np())));
        launch.addAll(opt.launcherArgs());
        launch.add(BenchRank.class.getName());
        launch.addAll(List.of(opt.toArgs()));
        return Launcher.run(launch.toArray(String[]::new));
    }
}
