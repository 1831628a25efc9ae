package hpjava.bench.mpjdev;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One line of the benchmark's output, and the parser of that output (for comparisons with baselines).
 *
 * <h2>Output format (version 1)</h2>
 * Rank 0 writes to standard output: comment lines starting with {@code #} (the first is
 * {@code # mpjdev-bench v1 backend=... np=... runs=... samples=... sample_ms=... warmup_ms=... window=...}, then
 * {@code # date=... host=... cpus=... java=... vm=... os=...}, then the column names), followed by one line per
 * measured point, fields separated by single spaces:
 * <pre>
 * test kind bytes median_us min_us max_us mb_per_s iters window
 * latency byte 8 0.412 0.398 0.520 19.42 12000 1
 * </pre>
 * <ul>
 * <li>{@code test}: {@code latency} (ping-pong, half round trip) or {@code bandwidth} (windowed streaming);</li>
 * <li>{@code kind}: {@code byte}, {@code double} (primitive array sections) or {@code object} (serialized records);</li>
 * <li>{@code bytes}: payload bytes per message (array elements times element size; 32 per record for objects);</li>
 * <li>{@code median_us}: the median over runs of each run's median over samples of the time per message in
 *     microseconds (latency: half a round trip; bandwidth: sample time divided by messages sent);
 *     {@code min_us}/{@code max_us}: the smallest and largest per-run median (the spread between runs);</li>
 * <li>{@code mb_per_s}: {@code bytes / median_us}, in 10^6 bytes per second;</li>
 * <li>{@code iters}: iterations per sample (calibrated in the warm-up); {@code window}: messages in flight per
 *     iteration (1 for latency).</li>
 * </ul>
 */
public record BenchResult(String test, String kind, long bytes, double medianMicros, double minMicros, double maxMicros,
                          double megabytesPerSecond, int iterations, int window) {

    /** The column header line (without the leading {@code "# "}). */
    public static final String COLUMNS = "test kind bytes median_us min_us max_us mb_per_s iters window";

    /** This result as one output line. */
    public String format() {
        return String.format(Locale.ROOT, "%s %s %d %.4f %.4f %.4f %.2f %d %d", test, kind, bytes, medianMicros, minMicros,
                maxMicros, megabytesPerSecond, iterations, window);
    }

    /** Parses one result line. @throws IllegalArgumentException if it is not one */
    public static BenchResult parse(String line) {
        String[] f = line.trim().split(" ");
        if (f.length != 9) throw new IllegalArgumentException("not an mpjdev-bench result line (9 fields): " + line);
        try {
            return new BenchResult(f[0], f[1], Long.parseLong(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4]),
                    Double.parseDouble(f[5]), Double.parseDouble(f[6]), Integer.parseInt(f[7]), Integer.parseInt(f[8]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an mpjdev-bench result line: " + line, e);
        }
    }

    /**
     * The result lines of a whole output: skips comment lines, blank lines and lines not in the format (e.g. other
     * output of the launcher); a launcher's {@code [rank] } prefix is removed first.
     */
    public static List<BenchResult> parseOutput(String output) {
        List<BenchResult> rs = new ArrayList<>();
        for (String l : output.lines().toList()) {
            String s = l.replaceFirst("^\\[\\d+\\] ", "").trim();
            if (s.isEmpty() || s.startsWith("#")) continue;
            try {
                rs.add(parse(s));
            } catch (IllegalArgumentException ignored) {
                // not a result line
            }
        }
        return rs;
    }
}
