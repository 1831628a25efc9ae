package hpjava.mpjdev.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import org.junit.jupiter.api.Timeout;

/** The helper itself: it must report failures, bad input and hangs, not only successes. */
@Timeout(300)
class HelperTest {

    @Test
    void anUnknownBackendIsReportedByTheLauncher() {
        ConformanceReport r = Conformance.run(ConformanceRun.of("no-such-backend", 2).withCases(ConformanceCases.ORDER));
        assertEquals(2, r.exitStatus(), r.describe());
        assertTrue(r.output().contains("unknown backend 'no-such-backend'"), r.output());
        assertEquals(List.of("order @ rank 0: no result (not run)", "order @ rank 1: no result (not run)"), r.problems());
    }

    @Test
    void anUnknownCaseIsRejectedWithTheKnownNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConformanceRun.of("mt", 1).withCases("ordr"));
        assertTrue(e.getMessage().contains("unknown conformance case 'ordr'") && e.getMessage().contains("order"), e.getMessage());
    }

    @Test
    void aHungJobIsKilledAtTheTimeLimitWithThreadDumps() {
        long t0 = System.nanoTime();
        JobRun o = ChildProcess.java(List.of(), Conformance.testClassPath(), SleepingMain.class.getName(), List.of())
                .timeout(Duration.ofSeconds(3)).mergeStreams().runAllowingTimeout();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(o.timedOut());
        assertEquals(-1, o.exitStatus());
        assertTrue(o.output().contains("sleeping"), o.output());
        assertTrue(o.threadDumps().contains("SleepingMain.main"), o.threadDumps());
        assertTrue(ms < 60_000, "killed promptly, took " + ms + " ms");
    }
}
