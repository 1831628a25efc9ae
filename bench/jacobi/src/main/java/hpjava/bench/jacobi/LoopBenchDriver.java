package hpjava.bench.jacobi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs {@link LoopBench}'s variants interleaved (A, B, A, B, ...; one JMH fork each) and prints the median of the
 * per-run scores and the median of the per-round ratios to the plain-Java baseline. Our vCPUs drift between fast and slow placements, so only
 * same-run, interleaved ratios mean anything. Argument: number of rounds (default 5).
 */
public final class LoopBenchDriver {
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        String[] variants = {"plainJava", "flatJava", "multiarrayAsGenerated", "multiarrayVersioned"};
        Map<String, List<Double>> scores = new LinkedHashMap<>();
        for (String v : variants) scores.put(v, new ArrayList<>());
        for (int r = 0; r < rounds; r++) {
            for (String v : variants) {
                Options o = new OptionsBuilder().include(LoopBench.class.getName() + "." + v + "$")
                        .forks(1).warmupIterations(3).warmupTime(TimeValue.seconds(1))
                        .measurementIterations(3).measurementTime(TimeValue.seconds(1)).build();
                for (RunResult res : new Runner(o).run()) scores.get(v).add(res.getPrimaryResult().getScore());
            }
        }
        List<Double> base = scores.get(variants[0]);
        System.out.println();
        System.out.println("variant                  median us/op   median of per-round ratios to " + variants[0] + "   per-run us/op");
        for (var e : scores.entrySet()) {
            List<Double> ratios = new ArrayList<>();
            for (int r = 0; r < rounds; r++) ratios.add(e.getValue().get(r) / base.get(r));
            System.out.printf("%-24s %12.1f %15.3f        %s%n", e.getKey(), median(e.getValue()), median(ratios),
                    e.getValue().stream().map(s -> String.format("%.0f", s)).toList());
        }
    }

    static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
