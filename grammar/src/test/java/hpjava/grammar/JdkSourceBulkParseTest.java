package hpjava.grammar;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Parses every {@code .java} file of the running JDK's {@code lib/src.zip} (about 15,000 files, 200 MB) and compares
 * the failures with the committed list {@code src/test/resources/bulk/jdk25-expected-failures.txt}: each listed file
 * uses syntax newer than Java 21, and one of its errors must be at the recorded token (so a JDK update that moves
 * lines does not matter, nor does which follow-on errors ANTLR's recovery reports first, which can depend on the
 * state of the shared prediction cache, hence on how many threads parse; a new reason for failing does). The test fails on any other failure, on a listed file
 * that now parses, and on a listed file that no longer exists.
 *
 * <p>Runs on {@code -Dhpjava.bulk.threads=N} threads (default: all processors). It prints files, characters, time
 * (elapsed and CPU) and how many files needed the LL stage. It takes about a minute of CPU time.
 */
@Tag("bulk")
class JdkSourceBulkParseTest {

    static final Path EXPECTED = Path.of(System.getProperty("basedir", "."),
            "src", "test", "resources", "bulk", "jdk25-expected-failures.txt");

    @Test
    void parsesTheJdkSourcesExceptTheListedNewerThanJava21Files() throws Exception {
        Path srcZip = Path.of(System.getProperty("java.home"), "lib", "src.zip");
        assertTrue(Files.isRegularFile(srcZip), "no JDK sources at " + srcZip + " (java.home = "
                + System.getProperty("java.home") + "); the bulk test needs a full JDK with lib/src.zip");
        Map<String, String> expected = readExpectedFailures();
        int threads = Integer.getInteger("hpjava.bulk.threads", Runtime.getRuntime().availableProcessors());

        Map<String, List<SyntaxError>> failures = new ConcurrentSkipListMap<>();
        AtomicInteger files = new AtomicInteger();
        AtomicInteger neededLL = new AtomicInteger();
        AtomicLong chars = new AtomicLong();
        long start = System.nanoTime();
        long cpuStart = processCpuNanos();
        try (ZipFile zip = new ZipFile(srcZip.toFile());
             ForkJoinPool pool = new ForkJoinPool(threads)) {
            List<ZipEntry> entries = new ArrayList<>();
            zip.stream().filter(e -> e.getName().endsWith(".java")).forEach(entries::add);
            pool.submit(() -> entries.parallelStream().forEach(entry -> {
                String text = read(zip, entry);
                ParseResult result = HPJavaParsing.parse(entry.getName(), text);
                files.incrementAndGet();
                chars.addAndGet(text.length());
                if (result.neededLL()) {
                    neededLL.incrementAndGet();
                }
                if (result.hasErrors()) {
                    failures.put(entry.getName(), result.errors());
                }
            })).get();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (processCpuNanos() - cpuStart) / 1e9;
        System.out.printf("JDK bulk parse: %d files, %.1f M chars, %.1f s elapsed on %d threads, %.1f s CPU, "
                        + "%d needed LL, %d failed%n",
                files.get(), chars.get() / 1e6, seconds, threads, cpuSeconds, neededLL.get(), failures.size());

        List<String> problems = new ArrayList<>();
        failures.forEach((name, errors) -> {
            String reason = expected.get(name);
            if (reason == null) {
                problems.add("unexpected failure: " + errors.get(0));
            } else if (errors.stream().noneMatch(e -> reason.startsWith(quotedToken(e) + " "))) {
                problems.add("listed file fails for another reason: " + errors.get(0) + " at token "
                        + quotedToken(errors.get(0)) + "; listed as " + reason);
            }
        });
        expected.forEach((name, reason) -> {
            if (!failures.containsKey(name)) {
                problems.add("listed as failing (" + reason + ") but parses, or is gone from src.zip: " + name);
            }
        });
        if (!problems.isEmpty()) {
            fail(problems.size() + " problems (JDK " + System.getProperty("java.version") + "; the list was recorded "
                    + "against the JDK named in " + EXPECTED.getFileName() + "):\n  " + String.join("\n  ", problems));
        }
    }

    /** CPU time of the whole JVM so far (includes the JIT and GC threads), or 0 where the platform does not say. */
    private static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(0L);
    }

    /** The text of the token an error was found at, in single quotes. */
    private static String quotedToken(SyntaxError error) {
        return "'" + (error.offendingToken() == null ? "" : error.offendingToken().getText()) + "'";
    }

    /** Entry name to {@code "'token' reason"}. */
    private static Map<String, String> readExpectedFailures() throws IOException {
        Map<String, String> expected = new TreeMap<>();
        for (String line : Files.readAllLines(EXPECTED, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int blank = line.indexOf(' ');
            assertTrue(blank > 0 && line.startsWith("'", blank + 1), "malformed line in " + EXPECTED + ": " + line);
            expected.put(line.substring(0, blank), line.substring(blank + 1));
        }
        return expected;
    }

    private static String read(ZipFile zip, ZipEntry entry) {
        try (InputStream in = zip.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + entry.getName(), e);
        }
    }
}
