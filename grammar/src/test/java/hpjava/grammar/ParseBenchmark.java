package hpjava.grammar;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;

/**
 * Single-threaded parse throughput of {@link HPJavaParsing} against JavaParser (language level Java 21) on the same
 * JDK sources in the same run, rounds interleaved A/B/A/B, medians reported. Not a test: run with
 *
 * <pre>
 * ./mvnw -q -o -pl grammar test-compile dependency:build-classpath -Dmdep.outputFile=target/test.cp -Dmdep.includeScope=test
 * java -cp grammar/target/classes:grammar/target/test-classes:$(cat grammar/target/test.cp) \
 *      hpjava.grammar.ParseBenchmark [zip-entry-prefix] [rounds]
 * </pre>
 *
 * The default input is {@code java.base/java/util/} of the running JDK's {@code lib/src.zip}, held in memory;
 * the first round of each parser is warm-up and not counted. JavaParser runs with its default configuration
 * (comments attributed, tokens stored, Java 21 validators on).
 */
public final class ParseBenchmark {

    private ParseBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        String prefix = args.length > 0 ? args[0] : "java.base/java/util/";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<String[]> files = load(prefix);
        long chars = files.stream().mapToLong(f -> f[1].length()).sum();
        System.out.printf("input: %d files, %.1f M chars under %s%n", files.size(), chars / 1e6, prefix);

        JavaParser javaParser = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21));
        int warmup = 1;
        double[] ours = new double[rounds];
        double[] baseline = new double[rounds];
        for (int r = 0; r < warmup + rounds; r++) {
            double a = time(() -> {
                for (String[] f : files) {
                    HPJavaParsing.parse(f[0], f[1]);
                }
            });
            double b = time(() -> {
                for (String[] f : files) {
                    javaParser.parse(f[1]);
                }
            });
            System.out.printf("round %d%s: hpjava-grammar %.2f s, JavaParser %.2f s%n",
                    r, r < warmup ? " (warm-up)" : "", a, b);
            if (r >= warmup) {
                ours[r - warmup] = a;
                baseline[r - warmup] = b;
            }
        }
        double a = median(ours);
        double b = median(baseline);
        System.out.printf("median: hpjava-grammar %.2f s (%.1f M chars/s), JavaParser %.2f s (%.1f M chars/s), "
                + "ratio hpjava-grammar/JavaParser time %.2f%n", a, chars / 1e6 / a, b, chars / 1e6 / b, a / b);
    }

    private static List<String[]> load(String prefix) throws IOException {
        Path srcZip = Path.of(System.getProperty("java.home"), "lib", "src.zip");
        List<String[]> files = new ArrayList<>();
        try (ZipFile zip = new ZipFile(srcZip.toFile())) {
            for (ZipEntry e : zip.stream().filter(e -> e.getName().startsWith(prefix)
                    && e.getName().endsWith(".java")).toList()) {
                try (InputStream in = zip.getInputStream(e)) {
                    String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    if (!HPJavaParsing.parse(e.getName(), text).hasErrors()) {
                        files.add(new String[] {e.getName(), text}); // both parsers see only valid Java 21
                    }
                }
            }
        }
        return files;
    }

    private static double time(Runnable work) {
        long start = System.nanoTime();
        work.run();
        return (System.nanoTime() - start) / 1e9;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
