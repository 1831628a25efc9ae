package hpjava.examples;

import hpjava.testsupport.Requires;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * NPB's CG and FT at class S as users run them, {@code hpjava run --np N --backend B examples/npb/CG.hpj S}: on mt at
 * np 1 and 2 and on mpi (Open MPI) at np 2, each must end with NPB's report saying the result matched NASA's reference
 * values (CG's zeta within 1e-10, FT's six checksums within 1e-12), and FT's checksums, summed in NPB's order from
 * the same elements, must print the same at every process count and backend. Each job has a time limit that reports
 * every rank's state when it passes.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class NpbCgFtTest {

    static Stream<Arguments> runs() {
        return Stream.of("CG", "FT").flatMap(k -> Stream.of(
                Arguments.of(k, "mt", 1), Arguments.of(k, "mt", 2), Arguments.of(k, "mpi:openmpi", 2)));
    }

    @ParameterizedTest(name = "{0} class S on {1} at np = {2}")
    @MethodSource("runs")
    void classSVerifies(String kernel, String backend, int np) {
        if (!backend.equals("mt")) Requires.backend(backend);
        ExampleJob job = ExampleJob.runSource("npb/" + kernel, backend, np, List.of("S"));
        if (job.timedOut() || job.exitStatus() != 0) fail(job.describe());
        List<String> lines = job.stdout().lines().toList();
        assertTrue(lines.contains("[0]  Verification    =               SUCCESSFUL"),
                "no \"Verification = SUCCESSFUL\" line\n" + job.describe());
        assertTrue(lines.contains("[0]  Total processes =                        " + np),
                "the report does not count " + np + " processes\n" + job.describe());
        if (kernel.equals("FT"))
            assertEquals(List.of(
                    "[0]  T =    1     Checksum =    5.546087004964D+02    4.845363331978D+02",
                    "[0]  T =    6     Checksum =    5.542683411903D+02    4.932597244941D+02"),
                    lines.stream().filter(l -> l.startsWith("[0]  T =    1 ") || l.startsWith("[0]  T =    6 ")).toList(),
                    job.describe());
        System.out.println(kernel + " S on " + backend + " at np = " + np + ": " + job.elapsed().toMillis() + " ms");
    }
}
