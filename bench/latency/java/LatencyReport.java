import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report of bench/latency/run.sh: per configuration (MPI, kernel, N, np) and variant, the median iteration time
 * (ms) at each injected one-way delay and its ratio to the same variant at delay 0; then the overlap targets for the
 * configurations that have them. Fails (status 1) when the variants of a configuration disagree on the checksum.
 *
 *   java LatencyReport.java RESULTS...
 */
public class LatencyReport {
    static final Pattern LINE = Pattern.compile("delay=(\\S+) impl=(\\S+) variant=(\\S+) RESULT .*kernel=(\\S+) n=(\\d+) np=(\\d+) "
            + "iter_ms=([0-9.]+).* checksum=([0-9a-f]+)");

    public static void main(String[] args) throws IOException {
        Map<String, Map<String, Map<Integer, List<Double>>>> times = new TreeMap<>();
        Map<String, String> checksums = new TreeMap<>();
        boolean bad = false;
        for (String f : args)
            for (String line : Files.readAllLines(Path.of(f))) {
                Matcher m = LINE.matcher(line);
                if (!m.find()) continue;
                String config = m.group(2) + " " + m.group(4) + " N=" + m.group(5) + " np=" + m.group(6);
                times.computeIfAbsent(config, k -> new TreeMap<>()).computeIfAbsent(m.group(3), k -> new TreeMap<>())
                        .computeIfAbsent(Integer.parseInt(m.group(1)), k -> new ArrayList<>()).add(Double.parseDouble(m.group(7)));
                String prev = checksums.putIfAbsent(config, m.group(8));
                if (prev != null && !prev.equals(m.group(8))) {
                    System.out.println("CHECKSUM MISMATCH " + config + ": " + prev + " and " + m.group(8) + " (" + line + ")");
                    bad = true;
                }
            }
        for (var c : times.entrySet()) {
            System.out.println(c.getKey() + "  (median ms an iteration; x: over the same variant at 0 us)");
            for (var v : c.getValue().entrySet()) {
                StringBuilder sb = new StringBuilder(String.format("  %-18s", v.getKey()));
                double base = v.getValue().containsKey(0) ? median(v.getValue().get(0)) : Double.NaN;
                for (var d : v.getValue().entrySet()) {
                    double t = median(d.getValue());
                    sb.append(String.format("  %4d us: %8.3f (x%.2f, n=%d)", d.getKey(), t, t / base, d.getValue().size()));
                }
                System.out.println(sb);
            }
            Map<Integer, List<Double>> ov = c.getValue().get("hpjava-overlap"), co = c.getValue().get("c-overlap"),
                    cb = c.getValue().get("c-block");
            if (ov != null && ov.containsKey(0) && ov.containsKey(200) && co != null && co.containsKey(200) && cb != null && cb.containsKey(200))
                System.out.printf("  targets at 200 us: hpjava-overlap %.2fx its 0 us time (<= 1.15); c-block %.2fx its 0 us time;"
                        + " c-overlap / hpjava-overlap %.2f (>= 0.95)%n", median(ov.get(200)) / median(ov.get(0)),
                        median(cb.get(200)) / median(cb.get(0)), median(co.get(200)) / median(ov.get(200)));
        }
        if (bad) System.exit(1);
    }

    static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        s.sort(null);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
