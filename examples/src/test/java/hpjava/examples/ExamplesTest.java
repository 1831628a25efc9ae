package hpjava.examples;

import hpjava.testsupport.Requires;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import hpjava.tools.Hpjavac;

/**
 * Every example, run through {@code hpjava run} in a child JVM at np = 1, 2, 4: it must exit with status 0 (each
 * example checks its own answer and throws when it is wrong), end with its "OK" line, print only from rank 0, and
 * print exactly the same output at every process count and on every backend (mt, ucx, mpi). The reference is the mt
 * run at np = 1. The backend runs use small problem sizes (the arguments in {@link #SMALL}) to keep the module's test
 * time down; the default sizes run on mt, and one run goes through the user's path, {@code hpjava run X.hpj}.
 *
 * <p>The examples are compiled once, in this JVM, with hpjavac ({@code target/examples-classes}), and run by class
 * name, so that each run does not pay for a cold compiler.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ExamplesTest {
    static final List<String> EXAMPLES = List.of("MatrixAdd", "Laplace", "RedBlack", "Nozzle");
    static final int[] NPS = {1, 2, 4};

    /** The problem sizes of the backend runs. */
    static final Map<String, List<String>> SMALL = Map.of(
            "MatrixAdd", List.of("30", "20"),
            "Laplace", List.of("12"),
            "RedBlack", List.of("16"),
            "Nozzle", List.of("24", "6"));

    static Path classes;

    /** Output of each example on mt at np = 1 at its small size, computed once. */
    private static final Map<String, String> REFERENCE = new ConcurrentHashMap<>();

    @BeforeAll
    static void compileExamples() throws Exception {
        classes = ExampleJob.examplesDir().resolve("target/examples-classes");
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", Libraries.programClassPath()));
        for (String e : EXAMPLES) args.add(ExampleJob.examplesDir().resolve(e + ".hpj").toString());
        args.add(ExampleJob.examplesDir().resolve("src/test/resources/Hang.hpj").toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Hpjavac.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, "hpjavac failed on the examples:\n" + out.toString(StandardCharsets.UTF_8)
                + err.toString(StandardCharsets.UTF_8));
    }

    static Stream<Arguments> runs() {
        List<Arguments> l = new ArrayList<>();
        for (String e : EXAMPLES) for (int np : NPS) l.add(Arguments.of(e, np));
        return l.stream();
    }

    @ParameterizedTest(name = "{0} on mt at np = {1}")
    @MethodSource("runs")
    void mt(String example, int np) {
        sameAsReference(example, "mt", np);
    }

    @ParameterizedTest(name = "{0} on ucx at np = {1}")
    @MethodSource("lightRuns")
    void ucx(String example, int np) {
        Requires.backend("ucx");
        sameAsReference(example, "ucx", np);
    }

    @ParameterizedTest(name = "{0} on mpi (Open MPI) at np = {1}")
    @MethodSource("lightRuns")
    void mpi(String example, int np) {
        Requires.backend("mpi:openmpi");
        sameAsReference(example, "mpi:openmpi", np);
    }

    @ParameterizedTest(name = "{0} on mpi (MPICH) at np = {1}")
    @MethodSource("lightRuns")
    void mpich(String example, int np) {
        Requires.backend("mpi:mpich");
        sameAsReference(example, "mpi:mpich", np);
    }

    /**
     * The runs of {@link #HEAVY} on several processes of the ucx and mpi backends: hundreds of halo exchanges between
     * JVMs, about a minute each on a loaded 2-core machine. Tagged {@code heavy}; CI runs them.
     */
    @Tag("heavy")
    @ParameterizedTest(name = "{0} on {2} at np = {1}")
    @MethodSource("heavyRuns")
    void heavy(String example, int np, String backend) {
        Requires.backend(backend);
        sameAsReference(example, backend, np);
    }

    /** The example whose multi-process runs on the process-per-rank backends are heavy. */
    static final String HEAVY = "Nozzle";

    static Stream<Arguments> lightRuns() {
        return runs().filter(a -> !(a.get()[0].equals(HEAVY) && (int) a.get()[1] > 1));
    }

    static Stream<Arguments> heavyRuns() {
        List<Arguments> l = new ArrayList<>();
        for (String backend : List.of("ucx", "mpi:openmpi", "mpi:mpich")) for (int np : NPS) if (np > 1) l.add(Arguments.of(HEAVY, np, backend));
        return l.stream();
    }

    /** The default problem sizes, what users run without arguments (the README's commands), on mt at np = 4. */
    @ParameterizedTest(name = "{0} at its default size on mt, np = 4")
    @MethodSource("examples")
    void defaultSize(String example) {
        assertSucceeded(ExampleJob.runCompiled(classes, example, "mt", 4, List.of()));
    }

    static Stream<String> examples() {
        return EXAMPLES.stream();
    }

    /** The user's command, {@code hpjava run --np 2 Laplace.hpj 12}: compiles the source, runs, same output. */
    @Test
    void userCommandCompilesAndRunsTheSource() {
        ExampleJob job = ExampleJob.runSource("Laplace", "mt", 2, SMALL.get("Laplace"));
        assertSucceeded(job);
        assertEquals(reference("Laplace"), job.stdout(), "the output differs from the mt run at np = 1\n" + job.describe());
    }

    /** A bad argument ends the job with a clear message and a non-zero status. */
    @ParameterizedTest(name = "{0} rejects a bad size")
    @ValueSource(strings = {"Laplace", "RedBlack"})
    void badArgument(String example) {
        ExampleJob job = ExampleJob.runCompiled(classes, example, "mt", 2, List.of("two"));
        assertTrue(!job.timedOut() && job.exitStatus() != 0, "expected a failure\n" + job.describe());
        assertTrue(job.stderr().contains(example + ": N must be an integer"), job.describe());
    }

    /** A job that never ends is killed at its time limit, and the report shows every rank's output and thread dump. */
    @Test
    void aHungJobIsEndedAndReported() {
        ExampleJob job = ExampleJob.runCompiled(classes, "Hang", "mt", 2, List.of(), java.time.Duration.ofSeconds(20));
        String report = job.describe();
        assertTrue(job.timedOut(), "expected a timeout\n" + report);
        assertTrue(report.contains("TIMED OUT: did not end within 20.0 s"), report);
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(report.contains("---- last lines of rank " + rank + ":\n  rank " + rank + " waits for ever"), report);
        }
        assertTrue(report.contains("---- thread dump of pid") && report.contains("Hang.main(Hang.hpj:6)"), report);
    }

    /**
     * {@code --out DIR}: the output on stdout is unchanged, and the solution written as .npy is the harmonic function
     * the relaxation converges to (read back here from the file, as NumPy would); the pictures are PNGs.
     */
    @ParameterizedTest(name = "{0} --out writes the field, its picture and the residual history")
    @ValueSource(strings = {"Laplace", "RedBlack"})
    void outWritesTheField(String example) throws Exception {
        Path out = Files.createTempDirectory("hpjava-" + example);
        List<String> args = new ArrayList<>(SMALL.get(example));
        args.addAll(List.of("--out", out.toString(), "--quiet"));
        ExampleJob job = ExampleJob.runCompiled(classes, example, "mt", 4, args);
        assertSucceeded(job);
        assertEquals(reference(example), job.stdout(), "--out changed the output\n" + job.describe());
        String name = example.toLowerCase();
        int n = Integer.parseInt(SMALL.get(example).get(0));
        double[] u = Npy.doubles(out.resolve(name + ".npy"), n, n);
        for (int x = 0; x < n; x++)
            for (int y = 0; y < n; y++)
                assertEquals((double) x * x - (double) y * y + 3.0 * x * y, u[x * n + y], 1e-6, "element " + x + ", " + y);
        assertTrue(Files.readString(out.resolve(name + ".vti"), StandardCharsets.ISO_8859_1)
                .contains("<ImageData WholeExtent=\"0 " + (n - 1) + " 0 " + (n - 1) + " 0 0\""), name + ".vti");
        for (String png : List.of(name + ".png", name + "-residual.png")) {
            java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(out.resolve(png).toFile());
            assertTrue(img != null && img.getWidth() > 600 && img.getHeight() > 400, png + " is not a picture of a plot");
        }
    }

    /**
     * Checkpoint/restart: the nozzle at np = 2 saves its state every 200 steps; a run at np = 3 restarted from the last
     * checkpoint ends with the same output and bitwise the same Mach number and pressure files.
     */
    @Test
    void nozzleRestartAtAnotherProcessCountIsBitwiseTheSame() throws Exception {
        Path base = Files.createTempDirectory("hpjava-nozzle");
        Path ck = base.resolve("checkpoint"), whole = base.resolve("whole"), resumed = base.resolve("resumed");
        List<String> size = SMALL.get("Nozzle");
        List<String> a = new ArrayList<>(size);
        a.addAll(List.of("--checkpoint", ck.toString(), "--every", "200", "--out", whole.toString(), "--quiet"));
        ExampleJob first = ExampleJob.runCompiled(classes, "Nozzle", "mt", 2, a);
        assertSucceeded(first);
        assertEquals(reference("Nozzle"), first.stdout(), "checkpointing changed the output\n" + first.describe());
        int saved = (int) Npy.ints(ck.resolve("step.npy"), 3)[0];
        assertTrue(saved >= 200 && saved % 200 == 0, "checkpoint at step " + saved);
        List<String> b = new ArrayList<>(size);
        b.addAll(List.of("--restart", ck.toString(), "--out", resumed.toString(), "--quiet"));
        ExampleJob second = ExampleJob.runCompiled(classes, "Nozzle", "mt", 3, b);
        assertSucceeded(second);
        assertTrue(second.stderr().contains("restarted from " + ck + " at step " + saved), second.describe());
        assertEquals(first.stdout(), second.stdout(), "the restarted run's output differs\n" + second.describe());
        for (String f : List.of("mach.npy", "pressure.npy"))
            assertArrayEquals(Files.readAllBytes(whole.resolve(f)), Files.readAllBytes(resumed.resolve(f)), f + " differs after the restart");
    }

    private static void sameAsReference(String example, String backend, int np) {
        String expected = reference(example);
        if (backend.equals("mt") && np == 1) return;  // the reference run itself, checked by reference()
        ExampleJob job = ExampleJob.runCompiled(classes, example, backend, np, SMALL.get(example));
        assertSucceeded(job);
        assertEquals(expected, job.stdout(), "the output differs from the mt run at np = 1\n" + job.describe());
    }

    /** The mt np = 1 output of {@code example} at its small size, after checking that run. */
    private static String reference(String example) {
        return REFERENCE.computeIfAbsent(example, e -> {
            ExampleJob job = ExampleJob.runCompiled(classes, e, "mt", 1, SMALL.get(e));
            assertSucceeded(job);
            return job.stdout();
        });
    }

    private static void assertSucceeded(ExampleJob job) {
        if (job.timedOut() || job.exitStatus() != 0) fail(job.describe());
        List<String> lines = job.stdout().lines().toList();
        assertTrue(!lines.isEmpty() && lines.getLast().equals("[0] " + job.example() + ": OK"),
                "the last line of the output is not \"[0] " + job.example() + ": OK\"\n" + job.describe());
        assertTrue(lines.stream().allMatch(l -> l.startsWith("[0] ")),
                "a rank other than 0 printed on stdout\n" + job.describe());
        System.out.println(job.example() + " on " + job.backend() + " at np = " + job.np() + ": "
                + job.elapsed().toMillis() + " ms");
    }
}
