package hpjava.examples;

import hpjava.testsupport.Requires;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The NAS Parallel Benchmark kernels of {@code npb/}, class S, run as users run them ({@code hpjava run --np N
 * --backend B npb/MG.hpj S}, compiled with their helper classes by hpjava run): each must end with status 0 and NPB's
 * report saying that NASA's reference value was matched, on mt at np 1 and 2 and on mpi (Open MPI) at np 2.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class NpbKernelsTest {
    static final List<String> KERNELS = List.of("MG", "CG", "FT");
    static final String VERIFIED = " Verification    =               SUCCESSFUL";

    static Stream<Arguments> runs() {
        List<Arguments> l = new ArrayList<>();
        for (String k : KERNELS) {
            l.add(Arguments.of(k, "mt", 1));
            l.add(Arguments.of(k, "mt", 2));
            l.add(Arguments.of(k, "mpi:openmpi", 2));
        }
        return l.stream();
    }

    @ParameterizedTest(name = "{0} class S on {1} at np = {2}")
    @MethodSource("runs")
    void classSIsVerified(String kernel, String backend, int np) {
        if (!backend.equals("mt")) Requires.backend(backend);
        ExampleJob job = ExampleJob.runSource("npb/" + kernel, backend, np, List.of("S"));
        assertEquals(0, job.exitStatus(), job.describe());
        List<String> rank0 = job.run().linesOf(0);
        assertTrue(rank0.contains(VERIFIED), "no '" + VERIFIED + "' from rank 0\n" + job.describe());
        assertTrue(rank0.contains(" Class           =                        S"), job.describe());
        assertTrue(rank0.contains(String.format(" Total processes = %24d", np)), job.describe());
    }

    /** A class letter the kernel does not define ends the job, naming the letters it accepts. */
    @Test
    void anUnknownClassIsRefusedWithTheAcceptedLetters() {
        ExampleJob job = ExampleJob.runSource("npb/MG", "mt", 1, List.of("Q"));
        assertTrue(!job.timedOut() && job.exitStatus() != 0, "expected a failure\n" + job.describe());
        assertTrue(job.stderr().contains("MG: unknown class 'Q': give one of S W A B (default S)"), job.describe());
    }
}
