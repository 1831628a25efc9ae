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
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Parses every {@code .java} file of the running JDK's {@code lib/src.zip} (about 15,000 files, 200 MB): every one
 * must parse without a syntax error, since the grammar is Java 25 and the JDK's sources are Java 25.
 *
 * <p>Runs on {@code -Dhpjava.bulk.threads=N} threads (default: all processors). It prints files, characters, time
 * (elapsed and CPU) and how many files needed the LL stage. It takes about a minute of CPU time.
 */
@Tag("bulk")
class JdkSourceBulkParseTest {

    @Test
    void parsesEveryFileOfTheJdkSources() throws Exception {
        Path srcZip = Path.of(System.getProperty("java.home"), "lib", "src.zip");
        assertTrue(Files.isRegularFile(srcZip), "no JDK sources at " + srcZip + " (java.home = "
                + System.getProperty("java.home") + "); the bulk test needs a full JDK with lib/src.zip");
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

        assertTrue(files.get() > 10_000, "only " + files.get() + " .java files in " + srcZip);
        if (!failures.isEmpty()) {
            List<String> firstErrors = new ArrayList<>();
            failures.forEach((name, errors) -> firstErrors.add(errors.get(0).toString()));
            fail(failures.size() + " of " + files.get() + " files of the JDK " + System.getProperty("java.version")
                    + " sources do not parse:\n  " + String.join("\n  ", firstErrors));
        }
    }

    /** CPU time of the whole JVM so far (includes the JIT and GC threads), or 0 where the platform does not say. */
    private static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(0L);
    }

    private static String read(ZipFile zip, ZipEntry entry) {
        try (InputStream in = zip.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + entry.getName(), e);
        }
    }
}
