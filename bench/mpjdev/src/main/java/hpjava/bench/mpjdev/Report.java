package hpjava.bench.mpjdev;

import java.io.PrintStream;
import java.net.InetAddress;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** Writes the documented output format (see {@link BenchResult}). */
final class Report {
    private Report() {}

    static void header(BenchOptions o, PrintStream out) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "unknown";
        }
        out.println("# mpjdev-bench v1 backend=" + o.backend() + " np=" + o.np() + " runs=" + o.runs() + " samples="
                + o.samples() + " sample_ms=" + o.sampleMillis() + " warmup_ms=" + o.warmupMillis() + " window=" + o.window());
        out.println("# date=" + Instant.now().truncatedTo(ChronoUnit.SECONDS) + " host=" + host + " cpus="
                + Runtime.getRuntime().availableProcessors() + " java=" + System.getProperty("java.version") + " vm="
                + System.getProperty("java.vm.name").replace(' ', '_') + " os=" + System.getProperty("os.name").replace(' ', '_')
                + "-" + System.getProperty("os.arch"));
        out.println("# " + BenchResult.COLUMNS);
    }

    static void line(Driver.Point pt, double[] runMedians, int iters, PrintStream out) {
        double med = Stats.median(runMedians);
        long bytes = (long) pt.kind().elements(pt.size()) * pt.kind().elementBytes;
        BenchResult r = new BenchResult(pt.test().name().toLowerCase(Locale.ROOT), pt.kind().name().toLowerCase(Locale.ROOT),
                bytes, med, Stats.min(runMedians), Stats.max(runMedians), med > 0 ? bytes / med : 0, iters, pt.window());
        out.println(r.format());
    }
}
