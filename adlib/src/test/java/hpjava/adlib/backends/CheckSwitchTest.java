package hpjava.adlib.backends;

import hpjava.testsupport.JobRun;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The {@code -Dhpjava.adlib.check} switch (read once per JVM, so each case is a child mt job): {@code off} gives the
 * same results as checking (no message header on any rank), really checks nothing, {@code agree-first} still
 * reports, and an unknown value is a clear error.
 */
@Tag("backends")
class CheckSwitchTest {

    static final Duration TIMEOUT = Duration.ofSeconds(120);

    private static JobRun run(String mode, String mainClass, int np, String... args) {
        JobRun job = Job.run(List.of("-Dhpjava.adlib.check=" + mode), mainClass, "mt", np, TIMEOUT, args);
        if (job.timedOut()) fail("the job hung\n" + job.describe());
        return job;
    }

    /** Every Adlib operation gives the same bits with checking off as with it on. */
    @Test
    void offGivesTheSameResults() {
        JobRun on = run("on", AdlibCheck.class.getName(), 3), off = run("off", AdlibCheck.class.getName(), 3);
        assertEquals(0, on.exitStatus(), on.describe());
        assertEquals(0, off.exitStatus(), off.describe());
        List<String> onCases = cases(on), offCases = cases(off);
        assertTrue(onCases.size() > 50, "too few cases\n" + on.describe());
        assertEquals(onCases, offCases);
    }

    private static List<String> cases(JobRun job) {
        return job.linesOf(0).stream().filter(l -> !l.startsWith("DONE") && !l.startsWith("TIME")).toList();
    }

    /** A reduction over arrays of different shapes: reported when checking, silently combined when off. */
    @Test
    void offChecksNothingAndAgreeFirstStillReports() {
        JobRun off = run("off", MismatchCheck.class.getName(), 2, "maxval(c) [shape]", "maxval(a)");
        assertEquals(0, off.exitStatus(), off.describe());
        assertFalse(off.output().contains("collective mismatch"), off.describe());
        for (int r = 0; r < 2; r++) assertTrue(off.linesOf(r).contains("COMPLETED"), off.describe());
        JobRun first = run("agree-first", MismatchCheck.class.getName(), 2, "maxval(c) [shape]", "maxval(a)");
        assertNotEquals(0, first.exitStatus(), first.describe());
        assertTrue(first.output().contains("collective mismatch"), first.describe());
    }

    @Test
    void unknownValueIsAClearError() {
        JobRun job = run("sometimes", MismatchCheck.class.getName(), 2, "maxval(a)", "maxval(a)");
        assertNotEquals(0, job.exitStatus(), job.describe());
        assertTrue(job.output().contains("-Dhpjava.adlib.check=sometimes: unknown value (expected on, off or agree-first)"),
                job.describe());
    }
}
