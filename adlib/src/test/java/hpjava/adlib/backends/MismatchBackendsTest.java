package hpjava.adlib.backends;

import hpjava.testsupport.JobRun;
import hpjava.testsupport.Requires;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Collective checking on the process backends: mismatched pairs whose calls meet (both agree before moving data, or
 * exchange a message) at np 2, 3, 4 on mpi and ucx end the job with a non-zero status and the collective-mismatch
 * report, never with a result. (Pairs whose messages never meet block: on mt the deadlock detector reports them,
 * see {@code MismatchTest}.) Skipped where the backend cannot run, unless {@code CI=true}.
 */
@Tag("backends")
class MismatchBackendsTest {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    @ParameterizedTest(name = "{0} np={1}: {2} / {3}")
    @CsvSource(delimiter = '|', value = {
            "mpi|2|broadcast(42.0, 0)|maxval(a)", "mpi|3|maxval(i) [type]|maxval(a)", "mpi|4|broadcast(42.0, 1) [root]|broadcast(42.0, 0)",
            "mpi|4|maxval(c) [shape]|maxval(a)", "mpi|3|writeHalo(i) [type]|writeHalo(a)", "mpi|2|sumDim(res, src2, 1)|dotProduct(a, a)",
            "ucx|2|broadcast(42.0, 0)|maxval(a)", "ucx|3|maxval(i) [type]|maxval(a)", "ucx|4|broadcast(42.0, 1) [root]|broadcast(42.0, 0)",
            "ucx|4|maxval(c) [shape]|maxval(a)", "ucx|3|writeHalo(i) [type]|writeHalo(a)", "ucx|2|sumDim(res, src2, 1)|dotProduct(a, a)",
            "mt|4|broadcast(42.0, 0)|maxval(a)", "mt|3|writeHalo(i) [type]|writeHalo(a)"})
    void mismatchEndsTheJobWithTheReport(String backend, int np, String x, String y) {
        Requires.backend(backend);
        JobRun job = Job.run(MismatchCheck.class.getName(), backend, np, TIMEOUT, x, y);
        if (job.exitStatus() == 3) Requires.that("the " + backend + " backend", "the launcher says it cannot run here:\n" + job.output(), "");
        if (job.timedOut()) fail("the mismatch hung\n" + job.describe());
        assertNotEquals(0, job.exitStatus(), "a mismatched job exited 0\n" + job.describe());
        assertTrue(job.output().contains("collective mismatch"), "no collective-mismatch report\n" + job.describe());
        // calls that agree first return on no rank; in a halo update, ranks that exchange nothing with the odd one
        // out may finish theirs (correctly: their neighbours called the same update)
        boolean agreesFirst = !x.startsWith("writeHalo");
        for (int r = 0; r < np; r++)
            assertTrue(!agreesFirst || !job.linesOf(r).contains("COMPLETED"), "rank " + r + " completed its call\n" + job.describe());
    }
}
