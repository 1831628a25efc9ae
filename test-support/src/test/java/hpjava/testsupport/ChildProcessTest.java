package hpjava.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.AssertionFailedError;

/** The job runner itself: hangs, process trees, exit status and output, per rank. */
@Timeout(300)
class ChildProcessTest {

    private static ChildProcess java(Class<?> main) {
        return ChildProcess.java(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"), ChildProcess.testClassPath(),
                main.getName(), List.of());
    }

    @Test
    void aChildStuckInSleepIsKilledAtTheLimitAndTheFailureShowsItsThreadDump() {
        long t0 = System.nanoTime();
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> java(Sleeper.class).describedAs("the sleeper").timeout(Duration.ofSeconds(6)).run());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        String m = e.getMessage();
        assertTrue(m.startsWith("the sleeper: TIMED OUT: did not end within 6.0 s (elapsed "), m);
        assertTrue(m.contains("command: " + ChildProcess.jdkTool("java")), m);
        assertTrue(m.contains(Sleeper.class.getName()), m);
        assertTrue(m.contains("---- last lines of the output outside any rank:\n  sleeping\n"), m);
        assertTrue(m.contains("---- thread dump of pid "), m);
        assertTrue(m.contains("java.lang.Thread.sleep") && m.contains("at hpjava.testsupport.Sleeper.main"), m);
        assertTrue(ms < 60_000, "killed promptly, took " + ms + " ms");
    }

    @Test
    void aTimedOutChildAndTheGrandchildItStartedAreBothKilled() {
        JobRun r = java(Spawner.class).timeout(Duration.ofSeconds(12)).runAllowingTimeout();
        assertTrue(r.timedOut(), r.describe());
        assertEquals(-1, r.exitStatus());
        Matcher g = Pattern.compile("grandchild (\\d+)").matcher(r.stdout());
        assertTrue(g.find(), "the child started no grandchild in time:\n" + r.describe());
        long grandchild = Long.parseLong(g.group(1));
        assertEquals(2, r.threadDumps().split("---- thread dump of pid ", -1).length - 1, r.threadDumps());
        assertTrue(r.threadDumps().contains("---- thread dump of pid " + grandchild + " "), r.threadDumps());
        assertTrue(r.threadDumps().contains("at hpjava.testsupport.Sleeper.main"), r.threadDumps());
        assertTrue(r.threadDumps().contains("at hpjava.testsupport.Spawner.main"), r.threadDumps());
        assertFalse(ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false), "the grandchild lives on");
        assertTrue(r.stdout().contains("sleeping"), "the grandchild's output is the job's: " + r.stdout());
    }

    @Test
    void theExitStatusAndEachStreamAndEachRanksLinesAreReturned() {
        JobRun r = java(Outputs.class).env("TESTSUPPORT_GREETING", "hello").run();
        assertEquals(7, r.exitStatus());
        assertFalse(r.timedOut());
        assertEquals("", r.threadDumps());
        assertEquals("[0] zero says hello\n[10] ten\n[2] two\nplain\n", r.stdout());
        assertEquals("[2] two on stderr\n", r.stderr());
        assertEquals(List.of("zero says hello"), r.linesOf(0));
        assertEquals(List.of("two", "two on stderr"), r.linesOf(2));
        assertEquals(List.of(), r.linesOf(1));
        assertEquals(List.of("rank 0", "rank 2", "rank 10", JobRun.OUTSIDE_RANKS), List.copyOf(r.outputByRank().keySet()));
        assertTrue(r.describe().contains("exit status 7"), r.describe());
        assertTrue(r.describe().contains("---- last lines of rank 10:\n  ten\n"), r.describe());
    }

    @Test
    void mergedStreamsKeepTheOrderOfWriting() {
        JobRun r = java(Outputs.class).mergeStreams().run();
        assertEquals("", r.stderr());
        assertTrue(r.stdout().contains("[2] two on stderr"), r.stdout());
        assertEquals(r.stdout(), r.output());
    }

    @Test
    void aCommandThatCannotStartSaysWhich() {
        var e = assertThrows(java.io.UncheckedIOException.class, () -> ChildProcess.of("/no/such/program", "x").run());
        assertTrue(e.getMessage().startsWith("cannot start /no/such/program x"), e.getMessage());
    }

    @Test
    void aLongClassPathIsShortenedInMessages() {
        String cp = String.join(java.io.File.pathSeparator, java.util.Collections.nCopies(40, "/some/where/a-library.jar"));
        assertEquals("java -cp <class path of 40 entries> Main", JobRun.shortCommand(List.of("java", "-cp", cp, "Main")));
    }
}
