package hpjava.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import hpjava.tools.Hpjavac;

/**
 * Every example compiled as users compile it (hpjavac overlaps the ghost exchanges where it can prove the result
 * unchanged) and with {@code hpjavac --no-overlap}, run on mt at np = 1, 2, 4: the same output, and for the examples
 * that write their solution ({@code --out}) the same {@code .npy} bytes, i.e. the same bits of every element. Laplace
 * and RedBlack are overlapped (checked in the generated Java), so the comparison is not between two identical
 * programs.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class OverlapExamplesTest {
    static Path on, off;

    @BeforeAll
    static void compileBothWays() throws Exception {
        on = compile("examples-overlap", false);
        off = compile("examples-no-overlap", true);
    }

    private static Path compile(String name, boolean noOverlap) throws Exception {
        Path dir = ExampleJob.examplesDir().resolve("target/" + name);
        Files.createDirectories(dir);
        List<String> args = new ArrayList<>(List.of("-d", dir.resolve("classes").toString(), "--emit-java", dir.resolve("java").toString(),
                "-cp", Libraries.programClassPath()));
        args.add(noOverlap ? "--no-overlap" : "--overlap");
        for (String e : ExamplesTest.EXAMPLES) args.add(ExampleJob.examplesDir().resolve(e + ".hpj").toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = Hpjavac.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals(0, status, "hpjavac failed on the examples:\n" + out.toString(StandardCharsets.UTF_8));
        return dir;
    }

    @Test
    void laplaceAndRedBlackAreOverlapped() throws Exception {
        for (String e : List.of("Laplace", "RedBlack")) {
            assertTrue(Files.readString(on.resolve("java/" + e + ".java")).contains("writeHaloStart("), e + " is overlapped");
            assertTrue(!Files.readString(off.resolve("java/" + e + ".java")).contains("writeHaloStart("), e + " --no-overlap");
        }
    }

    static Stream<Arguments> runs() {
        List<Arguments> l = new ArrayList<>();
        for (String e : ExamplesTest.EXAMPLES) for (int np : ExamplesTest.NPS) l.add(Arguments.of(e, np));
        return l.stream();
    }

    @ParameterizedTest(name = "{0} at np = {1}")
    @MethodSource("runs")
    void sameResultsWithAndWithoutOverlap(String example, int np) throws Exception {
        boolean writes = example.equals("Laplace") || example.equals("RedBlack");
        List<byte[]> npy = new ArrayList<>();
        List<String> stdout = new ArrayList<>();
        for (Path classes : List.of(on.resolve("classes"), off.resolve("classes"))) {
            List<String> args = new ArrayList<>(ExamplesTest.SMALL.get(example));
            Path out = Files.createTempDirectory("hpjava-overlap-" + example);
            if (writes) args.addAll(List.of("--out", out.toString(), "--quiet"));
            ExampleJob job = ExampleJob.runCompiled(classes, example, "mt", np, args);
            assertTrue(!job.timedOut() && job.exitStatus() == 0, job.describe());
            stdout.add(job.stdout());
            if (writes) npy.add(Files.readAllBytes(out.resolve(example.toLowerCase() + ".npy")));
        }
        assertEquals(stdout.get(1), stdout.get(0), example + ": output with and without overlap");
        if (writes) assertArrayEquals(npy.get(1), npy.get(0), example + ": the solution's bits with and without overlap");
    }
}
