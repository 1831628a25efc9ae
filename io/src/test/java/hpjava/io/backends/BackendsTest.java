package hpjava.io.backends;

import hpjava.mpjdev.Launcher;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import hpjava.testsupport.Requires;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/**
 * hpjava.io on every backend: {@link IoCheck} in child JVMs through {@code hpjava.mpjdev.Launcher} on mt, ucx and mpi;
 * each run must end with {@code IO OK}, and its files must be byte for byte (the pictures pixel for pixel) those of the
 * mt run at np 1. A backend that cannot run here is skipped with the reason, except under {@code CI=true}.
 */
@Tag("backends")
class BackendsTest {
    static final Duration TIMEOUT = Duration.ofSeconds(150);

    @ParameterizedTest(name = "{0} np={1}")
    @CsvSource({"mt,3", "ucx,2", "ucx,3", "mpi,2", "mpi,3"})
    void sameFilesAsMt(String backend, int np) throws Exception {
        Requires.backend(backend);
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

    /** Runs IoCheck; returns its output directory. Fails with every rank's output (and thread dumps on timeout). */
    static Path run(String backend, int np) throws Exception {
        Path dir = Files.createTempDirectory("hpjava-io-" + backend + np + "-");
        JobRun r = ChildProcess.java(List.of(), ChildProcess.testClassPath(), Launcher.class.getName(),
                        List.of("--backend", backend, "--np", Integer.toString(np), "--prefix-output", IoCheck.class.getName(), dir.toString()))
                .describedAs("IoCheck on " + backend + " np=" + np).timeout(TIMEOUT).mergeStreams().run();
        if (r.exitStatus() == 3) Requires.that("the " + backend + " backend", "the launcher says it cannot run here:\n" + r.output(), "");
        if (r.exitStatus() != 0 || !r.output().contains("[0] IO OK")) fail(r.describe());
        return dir;
    }
}
