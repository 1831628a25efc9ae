import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * bench/scaling: turns run.sh's result lines into the markdown tables of docs/BENCHMARKS.md.
 *
 * <pre>java ScalingReport.java results.txt [more-results.txt...]</pre>
 * A line: {@code round=R label=IMPL warmup=W iters=I impl=.. kernel=K n=N np=P iter_ms=T sweep_ms=S warm_ms=M checksum=HEX}. Per kernel and
 * size: the median over rounds of every variant, and its targets, each a ratio of medians except the
 * speedup comparison, which is the median over rounds of (HPJava's speedup np 1 -> 2) / (C OpenMP's in the same
 * round). Then the warm-up's cost per variant: its untimed iterations' mean time against the timed mean (what a short
 * run pays for start-up: JIT compilation, page faults, first touches), and the warm-up's total time.
 * Exit status 1 if the checksums of one kernel and size differ.
 */
public class ScalingReport {
    record Run(int round, String impl, String kernel, int n, int np, double iterMs, double sweepMs, double warmMs,
               int warmup, String checksum) {
        /** {@code firstRound}: added to the line's round, so that the rounds of several files stay distinct. */
        static Run parse(String line, int firstRound) {
            Map<String, String> f = new HashMap<>();
            for (String w : line.trim().split("\\s+")) {
                int eq = w.indexOf('=');
                if (eq > 0) f.put(w.substring(0, eq), w.substring(eq + 1));
            }
            return new Run(firstRound + Integer.parseInt(f.get("round")), f.get("label"), f.get("kernel"),
                           Integer.parseInt(f.get("n")), Integer.parseInt(f.get("np")),
                           Double.parseDouble(f.get("iter_ms")), Double.parseDouble(f.get("sweep_ms")),
                           Double.parseDouble(f.getOrDefault("warm_ms", "NaN")),  // older results files: without
                           Integer.parseInt(f.getOrDefault("warmup", "0")), f.get("checksum"));
        }
        String variant() { return impl + " np=" + np; }
    }

    public static void main(String[] args) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < args.length; i++)  // several files: the holds of a run split by size, reported together
            for (String line : Files.readAllLines(Path.of(args[i])))
                if (!line.isBlank()) runs.add(Run.parse(line, 1000 * i));
        boolean agree = true;
        Map<String, List<Run>> byCase = new TreeMap<>();
        for (Run r : runs) byCase.computeIfAbsent(r.kernel + " " + r.n, k -> new ArrayList<>()).add(r);
        for (var e : byCase.entrySet()) {
            TreeSet<String> sums = new TreeSet<>();
            for (Run r : e.getValue()) sums.add(r.checksum);
            if (sums.size() != 1) {
                agree = false;
                System.out.println("CHECKSUMS DIFFER for " + e.getKey() + ":");
                for (Run r : e.getValue()) System.out.println("  " + r.variant() + " round " + r.round + ": " + r.checksum);
            }
            report(e.getKey(), e.getValue());
        }
        System.out.println(agree ? "checksums: every run of each kernel and size agrees" : "checksums: MISMATCH");
        System.exit(agree ? 0 : 1);
    }

    static void report(String title, List<Run> runs) {
        Map<String, List<Run>> byVariant = new TreeMap<>();
        for (Run r : runs) byVariant.computeIfAbsent(r.variant(), k -> new ArrayList<>()).add(r);
        System.out.printf("%n### %s (checksum %s, %d rounds)%n%n", title, runs.get(0).checksum,
                          runs.stream().mapToInt(Run::round).distinct().count());
        System.out.println("| variant | iteration ms (median) | runs | sweep ms | vs java-seq (iteration) | vs c-seq |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        double javaSeq = median(byVariant.get("java-seq np=1"), Run::iterMs);
        double cSeq = median(byVariant.get("c-seq np=1"), Run::iterMs);
        for (var e : byVariant.entrySet()) {
            double it = median(e.getValue(), Run::iterMs);
            System.out.printf("| %s | %.3f | %s | %.3f | %s | %s |%n", e.getKey(), it, spread(e.getValue()),
                              median(e.getValue(), Run::sweepMs), ratio(javaSeq, it), ratio(cSeq, it));
        }
        System.out.println();
        System.out.println("| target | measured | goal |");
        System.out.println("|---|---:|---:|");
        target(byVariant, "hpjava-mt np=1 sweep vs java-seq", "java-seq np=1", "hpjava-mt np=1", Run::sweepMs, ">= 0.95");
        target(byVariant, "hpjava-mt np=1 iteration vs java-seq", "java-seq np=1", "hpjava-mt np=1", Run::iterMs, ">= 0.95");
        target(byVariant, "hpjava-mt np=1 sweep vs c-seq", "c-seq np=1", "hpjava-mt np=1", Run::sweepMs, ">= 0.7");
        target(byVariant, "hpjava-mt np=1 iteration vs c-seq", "c-seq np=1", "hpjava-mt np=1", Run::iterMs, ">= 0.7");
        target(byVariant, "hpjava-mt np=2 iteration vs java-streams np=2", "java-streams np=2", "hpjava-mt np=2", Run::iterMs, ">= 1.0");
        target(byVariant, "hpjava-mt np=2 iteration vs c-omp np=2", "c-omp np=2", "hpjava-mt np=2", Run::iterMs, ">= 0.8");
        speedup(byVariant, "hpjava-mt");
        target(byVariant, "hpjava-mpi np=2 iteration vs c-mpi np=2", "c-mpi np=2", "hpjava-mpi np=2", Run::iterMs, ">= 0.8");
        target(byVariant, "hpjava-ucx np=2 iteration vs c-mpi np=2", "c-mpi np=2", "hpjava-ucx np=2", Run::iterMs, "(none)");
        target(byVariant, "hpjava-mt np=4 iteration vs c-omp np=4", "c-omp np=4", "hpjava-mt np=4", Run::iterMs, "(graceful)");
        speedup(byVariant, "hpjava-mpi", "c-mpi");
        speedup(byVariant, "hpjava-ucx", "c-mpi");
        // np 4 on 2 vCPUs (oversubscribed): np 2 time / np 4 time; about 1 is graceful, far below 1 a collapse.
        for (String impl : List.of("hpjava-mt", "hpjava-mpi", "hpjava-ucx", "c-omp", "c-mpi", "java-streams"))
            target(byVariant, impl + " np=4 iteration vs its own np=2", impl + " np=2", impl + " np=4", Run::iterMs,
                   "(graceful: no collapse)");
        warmUp(byVariant);
    }

    /** Per variant: the warm-up's mean iteration, over the timed one, and the warm-up's whole time (medians). */
    static void warmUp(Map<String, List<Run>> byVariant) {
        if (byVariant.values().stream().flatMap(List::stream).allMatch(r -> Double.isNaN(r.warmMs))) return;
        int warmup = byVariant.values().iterator().next().get(0).warmup;
        System.out.printf("%n| variant | warm-up iteration ms (%s untimed) | timed iteration ms | warm-up / timed | warm-up s |%n",
                          warmup > 0 ? Integer.toString(warmup) : "the");
        System.out.println("|---|---:|---:|---:|---:|");
        for (var e : byVariant.entrySet()) {
            double w = median(e.getValue(), Run::warmMs), it = median(e.getValue(), Run::iterMs);
            System.out.printf("| %s | %.3f | %.3f | %.2f | %s |%n", e.getKey(), w, it, w / it,
                              warmup > 0 ? String.format("%.2f", w * warmup / 1000) : "-");
        }
    }

    /** baseline time / measured time of the medians: above 1 means HPJava is faster. */
    static void target(Map<String, List<Run>> v, String what, String base, String measured,
                       java.util.function.ToDoubleFunction<Run> f, String goal) {
        if (!v.containsKey(base) || !v.containsKey(measured)) return;
        System.out.printf("| %s | %s | %s |%n", what, ratio(median(v.get(base), f), median(v.get(measured), f)), goal);
    }

    /** Median over rounds of (impl np1 / impl np2) / (c-omp np1 / c-omp np2), each round's runs paired. */
    static void speedup(Map<String, List<Run>> v, String impl) {
        speedup(v, impl, "c-omp");
    }

    /** The same against another baseline's speedup (c-mpi for the mpi and ucx backends). */
    static void speedup(Map<String, List<Run>> v, String impl, String base) {
        List<Run> h1 = v.get(impl + " np=1"), h2 = v.get(impl + " np=2"), o1 = v.get(base + " np=1"), o2 = v.get(base + " np=2");
        if (h1 == null || h2 == null || o1 == null || o2 == null) return;
        List<Double> rel = new ArrayList<>();
        List<Double> own = new ArrayList<>(), omp = new ArrayList<>();
        for (Run a : h1)
            for (Run b : h2)
                for (Run c : o1)
                    for (Run d : o2)
                        if (a.round == b.round && b.round == c.round && c.round == d.round) {
                            double sh = a.iterMs / b.iterMs, so = c.iterMs / d.iterMs;
                            rel.add(sh / so);
                            own.add(sh);
                            omp.add(so);
                        }
        if (rel.isEmpty()) return;
        System.out.printf("| %s speedup np 1 -> 2 relative to %s's in the same round (%s vs %s) | %.2f | %s |%n",
                          impl, base, fmt(median(own)), fmt(median(omp)), median(rel),
                          base.equals("c-omp") ? ">= 0.9" : "(none)");
    }

    static String ratio(double base, double measured) {
        return Double.isNaN(base) || Double.isNaN(measured) ? "-" : String.format("%.2f", base / measured);
    }

    static String fmt(double d) { return String.format("%.2fx", d); }

    static String spread(List<Run> runs) {
        double[] t = runs.stream().mapToDouble(Run::iterMs).sorted().toArray();
        return t.length + (t.length > 1 ? String.format(" (%.3f-%.3f)", t[0], t[t.length - 1]) : "");
    }

    static double median(List<Run> runs, java.util.function.ToDoubleFunction<Run> f) {
        if (runs == null || runs.isEmpty()) return Double.NaN;
        return median(runs.stream().mapToDouble(f).boxed().toList());
    }

    static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
