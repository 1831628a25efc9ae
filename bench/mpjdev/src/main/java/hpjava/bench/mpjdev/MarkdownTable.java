package hpjava.bench.mpjdev;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * Turns the benchmark's output (standard input) into one Markdown table for docs/benchmarks/HISTORY.md: a row per message
 * size; per kind, the latency (median half round trip, µs) and the bandwidth (MB/s = 10^6 B/s). Empty cells: not
 * measured. {@code java -cp ... hpjava.bench.mpjdev.MarkdownTable < output.txt}
 */
public final class MarkdownTable {
    private MarkdownTable() {}

    public static void main(String[] args) throws IOException {
        System.out.print(table(read(System.in)));
    }

    /** The table for the result lines in {@code output}. */
    public static String table(String output) {
        List<BenchResult> rs = BenchResult.parseOutput(output);
        List<String> kinds = new ArrayList<>();
        TreeMap<Long, String[]> rows = new TreeMap<>();
        for (BenchResult r : rs) if (!kinds.contains(r.kind())) kinds.add(r.kind());
        for (BenchResult r : rs) {
            String[] row = rows.computeIfAbsent(r.bytes(), b -> new String[2 * kinds.size()]);
            int k = kinds.indexOf(r.kind());
            if (r.test().equals("latency")) row[k] = String.format(Locale.ROOT, "%.2f", r.medianMicros());
            else row[kinds.size() + k] = String.format(Locale.ROOT, "%.0f", r.megabytesPerSecond());
        }
        StringBuilder sb = new StringBuilder("| bytes |");
        for (String k : kinds) sb.append(" latency ").append(k).append(" (µs) |");
        for (String k : kinds) sb.append(" bandwidth ").append(k).append(" (MB/s) |");
        sb.append("\n|---:|");
        sb.append("---:|".repeat(2 * kinds.size())).append('\n');
        rows.forEach((bytes, row) -> {
            sb.append("| ").append(size(bytes)).append(" |");
            for (String c : row) sb.append(' ').append(c == null ? "" : c).append(" |");
            sb.append('\n');
        });
        return sb.toString();
    }

    private static String size(long b) {
        if (b >= (1 << 20) && b % (1 << 20) == 0) return (b >> 20) + " Mi";
        if (b >= 1024 && b % 1024 == 0) return (b >> 10) + " Ki";
        return Long.toString(b);
    }

    private static String read(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
}
