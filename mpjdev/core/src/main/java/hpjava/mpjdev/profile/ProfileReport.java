package hpjava.mpjdev.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A job's communication profile merged from its ranks' files ({@link ProfileRecorder}): per operation and source
 * line, each quantity over the ranks (a rank without a file, or without the entry, counts 0), summarised as
 * min/median/max with the rank that waited longest. Printed as a table sorted by waiting time ({@link #table}) and
 * written as JSON ({@link #json}; schema in docs/PROFILING.md).
 */
public final class ProfileReport {
    /** The quantities of an entry, in rank-file order. */
    public static final String[] QUANTITIES = {"calls", "messages", "bytes", "waitNanos"};
    /** Indexes of {@link #QUANTITIES}. */
    public static final int CALLS = 0, MESSAGES = 1, BYTES = 2, WAIT_NANOS = 3;

    /** One operation at one source line: {@code perRank[q][r]} is quantity {@code q} of rank {@code r}. */
    public record Entry(String operation, String file, int line, long[][] perRank) {
        /** Quantity {@code q} ({@link #QUANTITIES}) of rank {@code r}. */
        public long of(int q, int r) { return perRank[q][r]; }

        public long min(int q) { return sorted(q)[0]; }

        public long max(int q) { long[] s = sorted(q); return s[s.length - 1]; }

        /** The median over ranks (the mean of the middle two for an even count). */
        public double median(int q) {
            long[] s = sorted(q);
            int n = s.length;
            return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
        }

        /** The lowest rank among those that waited longest. */
        public int longestWaitRank() {
            int best = 0;
            for (int r = 1; r < perRank[3].length; r++) if (perRank[3][r] > perRank[3][best]) best = r;
            return best;
        }

        long totalWait() {
            long t = 0;
            for (long w : perRank[3]) t += w;
            return t;
        }

        private long[] sorted(int q) {
            long[] s = perRank[q].clone();
            java.util.Arrays.sort(s);
            return s;
        }
    }

    private final int ranks;
    private final List<Entry> entries;

    private ProfileReport(int ranks, List<Entry> entries) {
        this.ranks = ranks;
        this.entries = entries;
    }

    public int ranks() { return ranks; }

    /** The entries, most waiting (summed over ranks) first; ties by file and line. */
    public List<Entry> entries() { return entries; }

    /** The entry of {@code operation} at {@code file:line}, or null. */
    public Entry find(String operation, String file, int line) {
        for (Entry e : entries)
            if (e.operation.equals(operation) && e.file.equals(file) && e.line == line) return e;
        return null;
    }

    /** Reads the rank files of a job of {@code ranks} ranks from {@code dir}. */
    public static ProfileReport read(Path dir, int ranks) throws IOException {
        Map<String, Entry> byKey = new LinkedHashMap<>();
        for (int r = 0; r < ranks; r++) {
            Path f = dir.resolve("rank-" + r + ".tsv");
            if (!Files.exists(f)) continue;
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                String[] p = line.split("\t");
                if (p.length != 7) throw new IOException(f + ": malformed line '" + line + "'");
                String key = p[0] + '\t' + p[1] + '\t' + p[2];
                Entry e = byKey.computeIfAbsent(key, k -> new Entry(p[0], p[1], Integer.parseInt(p[2]), new long[4][ranks]));
                for (int q = 0; q < 4; q++) e.perRank[q][r] += Long.parseLong(p[3 + q]);
            }
        }
        List<Entry> list = new ArrayList<>(byKey.values());
        list.sort(Comparator.comparingLong(Entry::totalWait).reversed()
                .thenComparing(Entry::file).thenComparingInt(Entry::line).thenComparing(Entry::operation));
        return new ProfileReport(ranks, list);
    }

    /** The table printed when a profiled job ends. */
    public String table() {
        StringBuilder b = new StringBuilder();
        b.append("communication profile, ").append(ranks).append(ranks == 1 ? " rank" : " ranks")
                .append(" (per rank: min/median/max; sorted by waiting time)\n");
        String fmt = "%-24s %-12s %17s %20s %26s %31s %7s%n";
        b.append(String.format(Locale.ROOT, fmt, "line", "operation", "calls", "messages", "bytes", "waited ms", "longest"));
        for (Entry e : entries) {
            String site = e.file + ":" + e.line;
            b.append(String.format(Locale.ROOT, fmt, site, e.operation, triple(e, 0), triple(e, 1), bytes(e), waited(e),
                    "rank " + e.longestWaitRank()));
        }
        if (entries.isEmpty()) b.append("(no Adlib communication)\n");
        return b.toString();
    }

    private static String triple(Entry e, int q) {
        return e.min(q) + "/" + number(e.median(q)) + "/" + e.max(q);
    }

    private static String bytes(Entry e) {
        return size(e.min(2)) + "/" + size(e.median(2)) + "/" + size(e.max(2));
    }

    private static String waited(Entry e) {
        return String.format(Locale.ROOT, "%.3f/%.3f/%.3f", e.min(3) / 1e6, e.median(3) / 1e6, e.max(3) / 1e6);
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** 512 B, 32 KiB, 1.5 MiB. */
    public static String size(double bytes) {
        if (bytes < 1024) return number(bytes) + " B";
        if (bytes < 1024 * 1024) return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024).replace(".0 ", " ");
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024 * 1024)).replace(".0 ", " ");
    }

    /** The JSON document (docs/PROFILING.md). */
    public String json(String backend) {
        StringBuilder b = new StringBuilder();
        b.append("{\n  \"version\": 1,\n  \"backend\": ").append(quote(backend)).append(",\n  \"ranks\": ").append(ranks)
                .append(",\n  \"entries\": [");
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            b.append(i == 0 ? "\n" : ",\n").append("    {\"operation\": ").append(quote(e.operation))
                    .append(", \"file\": ").append(quote(e.file)).append(", \"line\": ").append(e.line)
                    .append(", \"longestWaitRank\": ").append(e.longestWaitRank());
            for (int q = 0; q < 4; q++) {
                b.append(",\n     ").append(quote(QUANTITIES[q])).append(": {\"min\": ").append(e.min(q))
                        .append(", \"median\": ").append(number(e.median(q))).append(", \"max\": ").append(e.max(q))
                        .append(", \"perRank\": [");
                for (int r = 0; r < ranks; r++) b.append(r == 0 ? "" : ", ").append(e.of(q, r));
                b.append("]}");
            }
            b.append("}");
        }
        b.append(entries.isEmpty() ? "]\n}\n" : "\n  ]\n}\n");
        return b.toString();
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20) b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }
}
