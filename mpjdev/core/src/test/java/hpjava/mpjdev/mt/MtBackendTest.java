package hpjava.mpjdev.mt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

class MtBackendTest {

    private static final Duration T = Duration.ofSeconds(60);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void basicsPassAtSeveralProcessCounts(int np) {
        MtRun r = MtRun.launch(T, "--np", "" + np, "testprograms.Basics");
        assertEquals(0, r.status, r::toString);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void matchingKeepsEachSendersOrderUnderVariedTiming(int np) {
        MtRun r = MtRun.launch(T, "--np", "" + np, "testprograms.MatchStress");
        assertEquals(0, r.status, r::toString);
    }

    @Test
    void matchingKeepsEachSendersOrderOnVirtualThreads() {
        MtRun r = MtRun.launch(T, "--np", "4", "--virtual-threads", "testprograms.MatchStress");
        assertEquals(0, r.status, r::toString);
    }

    @Test
    void uncaughtExceptionEndsTheRunReleasesTheOthersAndReportsTheRank() {
        MtRun r = MtRun.launch(T, "--np", "4", "testprograms.Failing");
        assertEquals(1, r.status, r::toString);
        assertTrue(r.err.contains("mpjdev: rank 1 failed: java.lang.IllegalStateException: boom in rank 1"), r::toString);
        assertTrue(r.err.contains("at rank-1//testprograms.Failing.main(Failing.java:"), r::toString);
        assertFalse(r.err.contains("rank 0 failed"), () -> "released ranks are not reported as failures\n" + r);
        assertFalse(r.err.contains("deadlock"), r::toString);
    }

    @Test
    void waitingOnAFinishedPeerIsAnError() {
        MtRun r = MtRun.launch(T, "--np", "2", "testprograms.PeerFinishes");
        assertEquals(1, r.status, r::toString);
        assertTrue(r.err.contains("mpjdev: rank 0 failed: hpjava.mpjdev.PeerFailedException: rank 0 waits in recv(source 1, tag 42, world) but rank 1 has finished without sending a matching message"), r::toString);
    }

    @Test
    void deadlockIsReportedWithinTwoSecondsWithEachRanksPendingOperation() {
        MtRun r = MtRun.launch(T, "--np", "3", "testprograms.Deadlock");
        assertEquals(1, r.status, r::toString);
        assertTrue(r.err.contains("mpjdev: deadlock: every live rank is blocked"), r::toString);
        assertTrue(r.err.contains("rank 0: recv(source 1, tag 11, world) at rank-0//testprograms.Deadlock.main(Deadlock.java:"), r::toString);
        assertTrue(r.err.contains("rank 1: recv(source 0, tag 11, world) at rank-1//testprograms.Deadlock.main(Deadlock.java:"), r::toString);
        assertTrue(r.err.contains("rank 2: finished"), r::toString);
        assertTrue(r.millis < 2_000 + 1_000, () -> "report took " + r.millis + " ms (includes JVM-side startup)\n" + r);
    }

    @Test
    void eachRankHasItsOwnProgramClassesAndPrefixedOutput() {
        MtRun r = MtRun.launch(T, "--np", "3", "--prefix-output", "testprograms.Isolation");
        assertEquals(0, r.status, r::toString);
        for (int k = 0; k < 3; k++) assertTrue(r.out.contains("[" + k + "] isolated " + k + "\n"), r::toString);
    }

    @Test
    void virtualThreadsRun1024Ranks() {
        MtRun r = MtRun.launch(Duration.ofSeconds(120), "--np", "1024", "--virtual-threads", "testprograms.Many");
        assertEquals(0, r.status, r::toString);
    }

    @Test
    void ranksBeyondTheCoresRunOnVirtualThreadsUnlessForced() {
        int beyond = Runtime.getRuntime().availableProcessors() + 1;
        MtRun auto = MtRun.launch(T, "--np", Integer.toString(beyond), "--option", "verbose=true", "testprograms.Many");
        assertEquals(0, auto.status, auto::toString);
        assertTrue(auto.err.contains("mpjdev-mt: " + beyond + " ranks on virtual threads"), auto::toString);
        MtRun forced = MtRun.launch(T, "--np", Integer.toString(beyond), "--platform-threads", "--option", "verbose=true", "testprograms.Many");
        assertEquals(0, forced.status, forced::toString);
        assertTrue(forced.err.contains("mpjdev-mt: " + beyond + " ranks on platform threads"), forced::toString);
        MtRun fits = MtRun.launch(T, "--np", "1", "--option", "verbose=true", "testprograms.Many");
        assertTrue(fits.err.contains("mpjdev-mt: 1 rank on platform threads"), fits::toString);
        MtRun both = MtRun.launch(T, "--np", "2", "--virtual-threads", "--platform-threads", "testprograms.Many");
        assertEquals(2, both.status, both::toString);
        assertTrue(both.err.contains("--virtual-threads and threads=platform (--platform-threads) contradict each other"), both::toString);
        MtRun bad = MtRun.launch(T, "--np", "2", "--option", "threads=green", "testprograms.Many");
        assertEquals(2, bad.status, bad::toString);
        assertTrue(bad.err.contains("mt option threads must be auto, virtual or platform, not 'green'"), bad::toString);
    }

    @Test
    void rankCountsBeyondTheHeapAreRefusedBeforeAnyRankStarts() {
        MtRun r = MtRun.launch(T, "--np", "10000000", "testprograms.Many");
        assertEquals(2, r.status, r::toString);
        assertTrue(r.err.contains("mt: 10000000 ranks need about 305 GiB of heap"), r::toString);
        assertTrue(r.err.contains("give the job more heap (hpjava run --jvm-arg=-Xmx306g) or use fewer ranks"), r::toString);
        assertTrue(r.millis < 5_000, () -> "refused after " + r.millis + " ms\n" + r);
        MtRun max = MtRun.launch(T, "--np", Integer.toString(Integer.MAX_VALUE), "testprograms.Many");
        assertEquals(2, max.status, max::toString);
        assertTrue(max.err.contains("ranks need about "), max::toString);
    }

    @Test
    void capacityEstimateGrowsWithTheRankCountAndNamesWhatFits() {
        assertTrue(MtCapacity.need(4096) < 256L << 20, "4096 ranks fit in 256 MiB");
        assertTrue(MtCapacity.need(16384) > 2 * MtCapacity.need(4096), "the estimate grows with the rank count");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MtCapacity.check(16384, 256L << 20));
        assertTrue(e.getMessage().matches("mt: 16384 ranks need about \\d+ MiB of heap \\(\\d+ KiB a rank\\), but this JVM may"
                + " use at most 256 MiB, enough for about \\d+ ranks; give the job more heap \\(hpjava run --jvm-arg=-Xmx1g\\) or use fewer ranks"),
                e.getMessage());
        int fits = Integer.parseInt(e.getMessage().replaceAll(".*enough for about (\\d+) ranks.*", "$1"));
        assertTrue(MtCapacity.need(fits) <= 256L << 20 && MtCapacity.need(fits + 1) > 256L << 20, e.getMessage());
        MtCapacity.check(1024, 256L << 20);
    }

    @Test
    void pooledSteadyStateAllocatesNothing() {
        MtRun r = MtRun.launch(T, "--np", "2", "testprograms.NoAlloc");
        assertEquals(0, r.status, r::toString);
    }

    @Test
    void usageErrorsExitWithStatus2AndSayWhatIsWrong() {
        MtRun a = MtRun.launch(T, "--np", "zero", "X");
        assertEquals(2, a.status);
        assertTrue(a.err.contains("the number of ranks must be a positive integer, not 'zero'"), a::toString);
        MtRun b = MtRun.launch(T, "--backend", "nosuch", "X");
        assertEquals(2, b.status);
        assertTrue(b.err.contains("unknown backend 'nosuch'; available: ") && b.err.contains("mt"), b::toString);
        MtRun c = MtRun.launch(T, "--np", "2");
        assertEquals(2, c.status);
        assertTrue(c.err.contains("no main class given"), c::toString);
        MtRun d = MtRun.launch(T, "--np", "2", "no.such.Main");
        assertEquals(2, d.status);
        assertTrue(d.err.contains("main class no.such.Main not found on the class path"), d::toString);
        MtRun e = MtRun.launch(T, "--frobnicate", "X");
        assertEquals(2, e.status);
        assertTrue(e.err.contains("unknown option '--frobnicate'"), e::toString);
        MtRun f = MtRun.launch(T, "--option", "spin=-3", "X");
        assertEquals(2, f.status);
        assertTrue(f.err.contains("mt option spin must be a non-negative integer, not '-3'"), f::toString);
    }
}
