package hpjava.mpi.ffm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.mpjdev.Launcher;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import hpjava.testsupport.Requires;
import java.time.Duration;
import java.util.List;
import nativeprogram.NativePathProgram;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link NativePathProgram} on the mpi backend, on Open MPI and on MPICH, at np 2 and 4: the native implementation
 * serves the {@code mpi} API there (the library line names it), and every area of the program passes. A job that
 * hangs is killed at the time limit with every rank JVM's thread dump ({@link ChildProcess}).
 */
class NativePathTest {

    @ParameterizedTest(name = "{0} np {1}")
    @CsvSource({"openmpi, 2", "openmpi, 4", "mpich, 2", "mpich, 4"})
    void theProgramPassesOnTheNativePath(String impl, int np) {
        Requires.backend("mpi:" + impl);
        JobRun r = run(impl, np, NativePathProgram.class.getName());
        assertEquals(0, r.exitStatus(), r.describe());
        String out = r.stdout();
        assertTrue(out.contains("library native (java.lang.foreign) over "), r.describe());
        for (String area : List.of("point-to-point", "datatypes", "collectives", "user reduction", "communicators", "errors", "window")) {
            assertTrue(out.contains(area + " ok"), area + " did not pass: " + r.describe());
        }
        assertTrue(out.contains("truncation: ") && out.contains("[MPI_ERR_TRUNCATE]"), r.describe());
    }

    static JobRun run(String impl, int np, String mainClass) {
        List<String> args = List.of("--backend", "mpi", "--np", Integer.toString(np), "--option", "impl=" + impl, mainClass);
        return ChildProcess.java(List.of(), ChildProcess.testClassPath(), Launcher.class.getName(), args)
                .env(NativeProvider.CHOOSE_VARIABLE, "native").describedAs("native path on " + impl + ", np " + np).timeout(Duration.ofSeconds(120)).run();
    }
}
