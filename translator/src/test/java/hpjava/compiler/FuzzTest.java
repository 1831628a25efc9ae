package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import hpjava.compiler.parse.SourceUnit;

/**
 * The translator never crashes: on any input, parse to lowering ends with a result (diagnostics or generated Java),
 * never an exception. Two parts:
 * <ul>
 * <li>every input in {@code src/test/resources/fuzz-crashes/} (each input that ever crashed it) must pass;</li>
 * <li>a bounded fuzzing run ({@code -Dhpjava.fuzz.seconds}, default 20; {@code -Dhpjava.fuzz.seed} to repeat one)
 *     of {@link Fuzzer} over the test programs. A crash is written to {@code target/fuzz-crashes/} and fails the
 *     test: copy the file into {@code src/test/resources/fuzz-crashes/} with the fix, so it stays a regression test.
 *     The input being compiled is in {@code target/fuzz-current.hpj}, in case the run hangs.</li>
 * </ul>
 */
class FuzzTest {
    private static final Path CORPUS = Path.of("src/test/resources/fuzz-crashes");
    private static final Path SEEDS = Path.of("src/test/resources");
    private static final Path FOUND = Path.of("target/fuzz-crashes");

    /** Why {@code text} crashed the translator (up to LOWER), or null if it did not. */
    static String crash(String name, String text) {
        try {
            SourceUnit unit = SourceUnit.parse(name, text);
            HpjavaCompiler.compile(List.of(unit), new HpjavaCompiler.Options(Phase.LOWER, List.of(), null, null));
            return null;
        } catch (Throwable t) {
            StringWriter w = new StringWriter();
            t.printStackTrace(new PrintWriter(w));
            return w.toString();
        }
    }

    static Stream<Path> corpus() throws IOException {
        try (Stream<Path> s = Files.list(CORPUS)) {
            return s.filter(p -> p.toString().endsWith(".hpj")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void everyCrashEverFoundStaysFixed(Path input) throws IOException {
        String why = crash(input.getFileName().toString(), Files.readString(input, StandardCharsets.UTF_8));
        assertTrue(why == null, input + " crashes the translator again:\n" + why);
    }

    @Test
    void theCorpusIsNotEmpty() throws IOException {
        assertFalse(corpus().toList().isEmpty(), "no regression inputs in " + CORPUS);
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void mutatedProgramsNeverCrashTheTranslator() throws IOException {
        long seconds = Long.getLong("hpjava.fuzz.seconds", 20);
        long seed = Long.getLong("hpjava.fuzz.seed", System.nanoTime());
        List<String> seeds = new ArrayList<>();
        try (Stream<Path> s = Files.walk(SEEDS)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".hpj") && !f.startsWith(CORPUS)).sorted().toList())
                seeds.add(Files.readString(p));
        }
        Fuzzer fuzzer = new Fuzzer(seeds, new Random(seed));
        Path current = Path.of("target/fuzz-current.hpj");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        int inputs = 0;
        List<Path> crashes = new ArrayList<>();
        while (System.nanoTime() < end) {
            String text = fuzzer.next();
            Files.writeString(current, text);
            String why = crash("Fuzzed.hpj", text);
            inputs++;
            if (why != null && crashes.size() < 10) crashes.add(save(text, why));
        }
        System.out.println("fuzz: " + inputs + " inputs in " + seconds + " s, seed " + seed + ", " + crashes.size() + " crashes");
        if (!crashes.isEmpty())
            fail(crashes.size() + " inputs crash the translator (seed " + seed + "): " + crashes
                    + "; fix it and copy them into " + CORPUS + " as regression tests");
    }

    private static Path save(String text, String why) throws IOException {
        Files.createDirectories(FOUND);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        String name;
        try {
            name = HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        Path f = FOUND.resolve("crash-" + name + ".hpj");
        Files.write(f, bytes);
        Files.writeString(FOUND.resolve("crash-" + name + ".txt"), why);
        return f;
    }
}
