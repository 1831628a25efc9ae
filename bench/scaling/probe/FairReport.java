import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * bench/scaling/probe: the tables of fair-ab.sh's results file.
 *
 * <pre>java FairReport.java fair-N-TIME.txt</pre>
 * 1. Huge pages A/B: per kernel and side, the median over rounds of the timed iteration with and without huge pages
 * and their ratio (above 1: huge pages are faster), and for the C sides the AnonHugePages seen during the run.
 * 2. Steady state (huge pages on): per side, the level (median block time in the timed iterations) and the iteration
 * from which the time is level: the first block that is itself within {@value #LEVEL_TOLERANCE}x the level and
 * whose median with the next {@value #WINDOW} - 1 blocks is too (so single slow blocks of a shared machine later on
 * do not prolong the warm-up, nor does one fast block end it), with the time the run had taken until then and its first block's time; medians over rounds.
 */
public class FairReport {
    static final double LEVEL_TOLERANCE = 1.10;
    static final int WINDOW = 5;

    record Run(String side, String thp, String kernel, int round, Map<String, String> fields, List<double[]> blocks) {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java FairReport.java fair-N-TIME.txt");
            System.exit(2);
        }
        Map<String, Run> runs = new LinkedHashMap<>();
        int warm = 0, block = 1;
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            Map<String, String> f = fields(line);
            if (line.startsWith("# fair-ab")) {
                warm = Integer.parseInt(f.get("warmup"));
                block = Integer.parseInt(f.get("block"));
                continue;
            }
            if (!f.containsKey("side") || line.contains(" FAILED:")) continue;
            String key = f.get("side") + " " + f.get("thp") + " " + f.get("kernel") + " " + f.get("round");
            Run run = runs.computeIfAbsent(key, k -> new Run(f.get("side"), f.get("thp"), f.get("kernel"),
                    Integer.parseInt(f.get("round")), new HashMap<>(), new ArrayList<>()));
            if (f.containsKey("it")) run.blocks.add(new double[] {Integer.parseInt(f.get("it")), Double.parseDouble(f.get("ms"))});
            else run.fields.putAll(f);
        }
        abTable(runs.values());
        steadyTable(runs.values(), warm, block);
    }

    static Map<String, String> fields(String line) {
        Map<String, String> f = new HashMap<>();
        for (String w : line.trim().split("\\s+")) {
            int eq = w.indexOf('=');
            if (eq > 0) f.put(w.substring(0, eq), w.substring(eq + 1));
        }
        return f;
    }

    static void abTable(Iterable<Run> runs) {
        Map<String, Map<String, List<Run>>> bySide = new TreeMap<>();
        for (Run r : runs)
            if (r.fields.containsKey("iter_ms"))
                bySide.computeIfAbsent(r.kernel + " " + r.side, k -> new TreeMap<>()).computeIfAbsent(r.thp, k -> new ArrayList<>()).add(r);
        System.out.println("\n| kernel, side | iteration ms, huge pages | without | without / with | sweep ms, with | without | AnonHugePages MB (C) | checksums |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---|");
        for (var e : bySide.entrySet()) {
            List<Run> on = e.getValue().getOrDefault("on", List.of()), off = e.getValue().getOrDefault("off", List.of());
            double itOn = median(on, "iter_ms"), itOff = median(off, "iter_ms");
            String huge = on.stream().anyMatch(r -> r.fields.containsKey("anon_huge_kb"))
                    ? String.format("%.0f / %.0f", median(on, "anon_huge_kb") / 1024, median(off, "anon_huge_kb") / 1024) : "-";
            long sums = java.util.stream.Stream.concat(on.stream(), off.stream()).map(r -> r.fields.get("checksum")).distinct().count();
            System.out.printf("| %s | %.3f | %.3f | %.2f | %.3f | %.3f | %s | %s |%n", e.getKey(), itOn, itOff, itOff / itOn,
                              median(on, "sweep_ms"), median(off, "sweep_ms"), huge, sums == 1 ? "agree" : "DIFFER");
        }
    }

    static void steadyTable(Iterable<Run> runs, int warm, int block) {
        Map<String, List<double[]>> bySide = new TreeMap<>();  // per run: level, steady-from iteration, ms until then, first block
        for (Run r : runs) {
            if (!r.thp.equals("on") || r.blocks.isEmpty()) continue;
            List<Double> timed = new ArrayList<>();
            for (double[] b : r.blocks) if (b[0] - block >= warm) timed.add(b[1]);
            if (timed.isEmpty()) continue;
            double level = median(timed);
            int from = 0;
            double limit = LEVEL_TOLERANCE * level;
            while (from < r.blocks.size() && (r.blocks.get(from)[1] > limit || medianAhead(r.blocks, from) > limit)) from++;
            double until = 0;
            for (int i = 0; i < from; i++) until += r.blocks.get(i)[1] * block;
            int fromIteration = from == 0 ? 0 : (int) r.blocks.get(from - 1)[0];
            bySide.computeIfAbsent(r.kernel + " " + r.side, k -> new ArrayList<>())
                  .add(new double[] {level, fromIteration, until, r.blocks.get(0)[1]});
        }
        System.out.printf("%n| kernel, side (huge pages) | level ms (timed median) | first %d iterations, ms each | level from iteration | time until then, s | warm-up of %d covers it |%n",
                          block, warm);
        System.out.println("|---|---:|---:|---:|---:|---|");
        for (var e : bySide.entrySet()) {
            List<double[]> l = e.getValue();
            double from = median(col(l, 1));
            System.out.printf("| %s | %.3f | %.3f | %.0f | %.2f | %s |%n", e.getKey(), median(col(l, 0)), median(col(l, 3)),
                              from, median(col(l, 2)) / 1000, l.stream().allMatch(x -> x[1] <= warm) ? "yes" : from <= warm ? "in most rounds" : "NO");
        }
    }

    /** The median of block i and the {@value #WINDOW} - 1 after it (fewer at the end). */
    static double medianAhead(List<double[]> blocks, int i) {
        List<Double> w = new ArrayList<>();
        for (int j = i; j < Math.min(blocks.size(), i + WINDOW); j++) w.add(blocks.get(j)[1]);
        return median(w);
    }

    static List<Double> col(List<double[]> rows, int c) {
        return rows.stream().map(x -> x[c]).toList();
    }

    static double median(List<Run> runs, String field) {
        return median(runs.stream().filter(r -> r.fields.containsKey(field)).map(r -> Double.parseDouble(r.fields.get(field))).toList());
    }

    static double median(List<Double> xs) {
        if (xs.isEmpty()) return Double.NaN;
        double[] a = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
