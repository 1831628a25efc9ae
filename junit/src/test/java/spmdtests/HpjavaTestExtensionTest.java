package spmdtests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;

import org.junit.jupiter.api.Test;

import hpjava.junit.HpjavaTest;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/** {@link HpjavaTest} as JUnit runs it: invocations per np, passing ranks, a failing rank, a timeout, a missing backend. */
class HpjavaTestExtensionTest {

    private static Events run(Class<?> fixture) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture)).execute().testEvents();
    }

    private static String failureMessage(Events e) {
        List<Event> failed = e.failed().list();
        assertEquals(1, failed.size(), "one failed invocation");
        return failed.get(0).getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow()
                .getThrowable().orElseThrow().getMessage();
    }

    @Test
    void oneInvocationPerProcessCountAndAllPass() {
        Events e = run(SpmdFixtures.Passing.class);
        assertEquals(4, e.succeeded().count(), () -> e.list().toString());
        assertEquals(0, e.failed().count());
        List<String> names = e.succeeded().list().stream().map(x -> x.getTestDescriptor().getDisplayName()).toList();
        assertTrue(names.containsAll(List.of("np=1 mt", "np=2 mt", "np=3 mt")), names.toString());
    }

    /**
     * The failing rank's stack trace is shown once, in the test's failure; the job's own report of the rank (mt's, on
     * standard error) is one line. (Before, the job's report printed the whole trace a second time.)
     */
    @Test
    void aFailingRanksTraceIsShownOnceInTheTestsFailure() {
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        java.io.PrintStream err = System.err;
        String m;
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            m = failureMessage(run(SpmdFixtures.RankOneFails.class));
        } finally {
            System.setErr(err);
        }
        String job = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        err.print(job);
        assertTrue(m.contains("spmdtests.SpmdFixtures$RankOneFails.rankOneThrows(SpmdFixtures.java:"), m);
        assertTrue(!job.contains("SpmdFixtures.java:"), "no trace in the job's own output:\n" + job);
        assertTrue(job.contains("mpjdev: rank 1 failed: java.lang.IllegalStateException: rank one gives up (its stack"
                + " trace is in the test's failure)"), job);
    }

    @Test
    void aFailingRankFailsTheTestWithItsRankMessageAndStack() {
        String m = failureMessage(run(SpmdFixtures.RankOneFails.class));
        assertTrue(m.contains("rank 1 of 2 failed: java.lang.IllegalStateException: rank one gives up"), m);
        assertTrue(m.contains("spmdtests.SpmdFixtures$RankOneFails.rankOneThrows(SpmdFixtures.java:"), m);
        assertTrue(m.contains("aborted after that: rank 0"), m);
        assertTrue(!m.contains("RankEntry") && !m.contains("Method.invoke"), "harness frames are cut: " + m);
    }

    @Test
    void aTimeoutReportsEveryRanksState() {
        String m = failureMessage(run(SpmdFixtures.Hangs.class));
        assertTrue(m.contains("timed out after 2 s"), m);
        assertTrue(m.contains("rank 0: running, thread rank-0"), m);
        assertTrue(m.contains("spmdtests.SpmdFixtures.spinUntilInterrupted(SpmdFixtures.java:"), m);
        assertTrue(!m.contains("MtJob"), "harness frames are cut: " + m);
        assertTrue(m.contains("rank 1: returned"), m);
    }

    @Test
    void aMissingBackendIsReportedAsSkippedWithTheReason() {
        Events e = run(SpmdFixtures.NoSuchBackend.class);
        assertEquals(1, e.aborted().count(), () -> e.list().toString());
        String why = e.aborted().list().get(0).getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow()
                .getThrowable().orElseThrow().getMessage();
        assertTrue(why.contains("backend 'nosuch' is not on the test class path") && why.contains("mt"), why);
    }
}
