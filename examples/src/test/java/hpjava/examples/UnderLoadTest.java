package hpjava.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import hpjava.testsupport.BackgroundLoad;
import hpjava.tools.Hpjavac;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import hpjava.testsupport.Requires;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The short form of the stress matrix (bench/stress/run.sh is the long one): an example whose first collective is
 * {@code Adlib.sum}, run through {@code hpjava run} on every backend while 4 busy processes per core load the machine.
 * A correct program must pass however slowly it runs: no deadlock or hang verdict for a job that only waits for ranks
 * that share their cores ({@code docs/ARCHITECTURE.md}, "Failures"). Every job has {@link ExampleJob#TIMEOUT}.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class UnderLoadTest {
    private static final int SPINNERS_PER_CORE = 4;
    private static Path classes;

    /** Compiled once, before any load: the load is for the job, not for the compiler. */
    @BeforeAll
    static void compile() throws Exception {
        classes = ExampleJob.examplesDir().resolve("target/under-load-classes");
        Files.createDirectories(classes);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        int status = Hpjavac.run(new String[] {"-d", classes.toString(), "-cp", Libraries.programClassPath(),
                ExampleJob.examplesDir().resolve("MatrixAdd.hpj").toString()}, print, print);
        assertEquals(0, status, "hpjavac failed on MatrixAdd:\n" + out.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "MatrixAdd on {0} at np = {1} under load")
    @CsvSource({"mt, 8", "ucx, 4", "mpi:openmpi, 4", "mpi:mpich, 4"})
    void aCorrectProgramPassesOnABusyMachine(String backend, int np) {
        Requires.backend(backend);
        ExampleJob job;
        try (BackgroundLoad load = BackgroundLoad.start(SPINNERS_PER_CORE, ExampleJob.TIMEOUT.plus(Duration.ofSeconds(10)))) {
            job = ExampleJob.runCompiled(classes, "MatrixAdd", backend, np, List.of("30", "20"));
        }
        assertFalse(job.timedOut(), job.describe());
        assertFalse(job.stderr().contains("mpjdev: deadlock") || job.stderr().contains("mpjdev: hang"), job.describe());
        assertEquals(0, job.exitStatus(), job.describe());
        System.out.printf("under load: MatrixAdd on %s at np %d passed in %.1f s%n", backend, np,
                job.elapsed().toMillis() / 1000.0);
    }
}
