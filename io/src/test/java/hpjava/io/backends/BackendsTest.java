package hpjava.io.backends;

import hpjava.mpjdev.Launcher;
import hpjava.mpjdev.conformance.Conformance;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * hpjava.io on every backend: {@link IoCheck} in child JVMs through {@code hpjava.mpjdev.Launcher} on mt, ucx and mpi;
 * each run must end with {@code IO OK}, and its files must be byte for byte (the pictures pixel for pixel) those of the
 * mt run at np 1. A backend that cannot run here is skipped with the reason, except under {@code CI=true}.
 */
@Tag("backends")
class BackendsTest {
    static final long TIMEOUT_SECONDS = 150;

    @ParameterizedTest(name = "{0} np={1}")
    @CsvSource({"mt,3", "ucx,2", "ucx,3", "mpi,2", "mpi,3"})
    void sameFilesAsMt(String backend, int np) throws Exception {
        if (Launcher.backend(backend).isEmpty()) absent(backend, "not on the test class path (available: " + Launcher.backendNames() + ")");
        Path reference = run("mt", 1);
        Path here = run(backend, np);
        for (String f : List.of("boolean", "byte", "char", "short", "int", "long", "float", "double", "sync"))
            assertArrayEquals(Files.readAllBytes(reference.resolve(f + ".npy")), Files.readAllBytes(here.resolve(f + ".npy")),
                    f + ".npy differs between mt np=1 and " + backend + " np=" + np);
        BufferedImage a = ImageIO.read(reference.resolve("f.png").toFile()), b = ImageIO.read(here.resolve("f.png").toFile());
        assertEquals(a.getWidth(), b.getWidth());
        assertEquals(a.getHeight(), b.getHeight());
        for (int y = 0; y < a.getHeight(); y++)
            for (int x = 0; x < a.getWidth(); x++)
                assertEquals(a.getRGB(x, y), b.getRGB(x, y), "f.png differs at " + x + "," + y + " on " + backend + " np=" + np);
    }

    /** Runs IoCheck; returns its output directory. Fails with the job's output (and a note on timeout). */
    static Path run(String backend, int np) throws Exception {
        Path dir = Files.createTempDirectory("hpjava-io-" + backend + np + "-"), log = dir.resolve("job.log");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", Conformance.testClassPath(), Launcher.class.getName(),
                "--backend", backend, "--np", Integer.toString(np), "--prefix-output", IoCheck.class.getName(), dir.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        boolean done = p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        if (done && p.exitValue() == 3) absent(backend, "the launcher says the backend cannot run here:\n" + out);
        if (!done || p.exitValue() != 0 || !out.contains("[0] IO OK"))
            fail("IoCheck on " + backend + " np=" + np + (done ? " exited " + p.exitValue() : " TIMED OUT after " + TIMEOUT_SECONDS + " s")
                    + "; output of every rank:\n" + out);
        return dir;
    }

    private static void absent(String backend, String why) {
        if ("true".equals(System.getenv("CI"))) fail("CI=true and the " + backend + " backend cannot run: " + why);
        Assumptions.abort(backend + " skipped: " + why);
    }
}
