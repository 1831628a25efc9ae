package hpjava.mpjdev.watch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.channels.SocketChannel;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The launcher's decisions from the ranks' reports, over the real socket, without a job. */
class JobWatchTest {

    /** A report line of a rank not in a native collective; {@value #PROBES} stands for its count of probes read. */
    private static String line(int rank, char state, long blockedMs, long progress, long sent, long received, String op) {
        return lineIn("-", rank, state, blockedMs, progress, sent, received, op);
    }

    /** As {@link #line}, for a rank waiting in a native collective ({@code collective}: {@code CONTEXT/SIZE}). */
    private static String lineIn(String collective, int rank, char state, long blockedMs, long progress, long sent,
                                 long received, String op) {
        return rank + "\t" + state + "\t" + blockedMs + "\t" + progress + "\t" + sent + "\t" + received + "\t" + PROBES
                + "\t" + collective + "\t" + op + "\t at P.main(P.hpj:" + (10 + rank) + ")\n";
    }

    private static final String PROBES = "{probes}";

    /** Sends each rank's line every 100 ms until the watch ends the job; returns the report. */
    private static String watch(int timeout, String... lines) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CountDownLatch ended = new CountDownLatch(1);
        JobWatch w = JobWatch.start(lines.length, timeout, new PrintStream(err, true, StandardCharsets.UTF_8), ended::countDown);
        SocketChannel[] ch = new SocketChannel[lines.length];
        long[] probes = new long[lines.length];
        for (int r = 0; r < lines.length; r++) ch[r] = WatchLinks.unix(w, "h");
        try {
            for (int round = 0; round < 40 && ended.getCount() > 0; round++) {
                for (int r = 0; r < lines.length; r++) {   // each rank answers probes as a reporter does: its next line counts them
                    probes[r] += WatchLinks.probes(ch[r]);
                    WatchLinks.write(ch[r], lines[r].replace(PROBES, Long.toString(probes[r])));
                }
                ended.await(100, TimeUnit.MILLISECONDS);
            }
            return w.verdict() + ": " + err.toString(StandardCharsets.UTF_8);
        } finally {
            w.close();
            for (SocketChannel c : ch) c.close();
        }
    }

    @Test
    @Timeout(20)
    void everyLiveRankBlockedWithNothingInFlightIsADeadlock() throws Exception {
        String r = watch(0, line(0, 'W', 1200, 5, 3, 2, "recv(source 1, tag 7, world of 3)"),
                line(1, 'W', 1100, 4, 2, 2, "recv(source 0, tag 7, world of 3)"),
                line(2, 'F', 0, 9, 1, 2, "running"));
        assertTrue(r.startsWith("1: mpjdev: deadlock:"), r);
        assertTrue(r.contains("rank 0: waiting in recv(source 1, tag 7, world of 3) for 1.2 s at P.main(P.hpj:10)"), r);
        assertTrue(r.contains("rank 2: finished"), r);
    }

    /**
     * Every member of a communicator waiting in a native collective on it (the mpi backend's allreduce runs inside the
     * library, which counts no messages): the collective is under way, however slow, and no deadlock.
     */
    @Test
    @Timeout(20)
    void aCollectiveThatHasAllItsMembersIsNoDeadlock() throws Exception {
        String op = "allreduce(world of 3)";
        assertEquals("-1: ", watch(0, lineIn("10/3", 0, 'W', 59_000, 1, 0, 0, op), lineIn("10/3", 1, 'W', 60_000, 1, 0, 0, op),
                lineIn("10/3", 2, 'W', 59_500, 1, 0, 0, op)));
    }

    /** A member missing from the collective (blocked in a receive): nothing can complete, a deadlock. */
    @Test
    @Timeout(20)
    void aCollectiveWithAMemberBlockedElsewhereIsADeadlock() throws Exception {
        String op = "allreduce(world of 3)";
        String r = watch(0, lineIn("10/3", 0, 'W', 1200, 1, 0, 0, op), lineIn("10/3", 1, 'W', 1200, 1, 0, 0, op),
                line(2, 'W', 1200, 1, 0, 0, "recv(source 0, tag 7, world of 3)"));
        assertTrue(r.startsWith("1: mpjdev: deadlock:"), r);
        assertTrue(r.contains("rank 2: waiting in recv(source 0, tag 7, world of 3)"), r);
    }

    /** Of two collectives on different communicators of the same size, neither has all its members. */
    @Test
    @Timeout(20)
    void membersOfDifferentCommunicatorsDoNotMakeACollectiveComplete() throws Exception {
        String op = "allreduce(communicator of 2)";
        String r = watch(0, lineIn("a1/2", 0, 'W', 1200, 1, 0, 0, op), lineIn("b2/2", 1, 'W', 1200, 1, 0, 0, op));
        assertTrue(r.startsWith("1: mpjdev: deadlock:"), r);
    }

    /**
     * A rank whose reporter stopped running (a loaded machine) after a report that, with the others', looks like a
     * deadlock: it cannot confirm its state, so there is no verdict however long the others wait.
     */
    @Test
    @Timeout(20)
    void aRankThatDoesNotConfirmItsStateIsNoDeadlock() throws Exception {
        String[] lines = {line(0, 'W', 1200, 5, 3, 3, "recv(source 1, tag 7, world of 2)"),
                line(1, 'W', 1100, 4, 3, 3, "recv(source 0, tag 7, world of 2)")};
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CountDownLatch ended = new CountDownLatch(1);
        JobWatch w = JobWatch.start(2, 0, new PrintStream(err, true, StandardCharsets.UTF_8), ended::countDown);
        try (SocketChannel a = WatchLinks.unix(w, "h"); SocketChannel b = WatchLinks.unix(w, "h")) {
            WatchLinks.write(b, lines[1].replace(PROBES, "0"));   // once: then silent
            long probes = 0;
            for (int round = 0; round < 25 && ended.getCount() > 0; round++) {
                probes += WatchLinks.probes(a);
                WatchLinks.write(a, lines[0].replace(PROBES, Long.toString(probes)));
                ended.await(100, TimeUnit.MILLISECONDS);
            }
            assertEquals(-1, w.verdict(), err.toString(StandardCharsets.UTF_8));
        } finally {
            w.close();
        }
    }

    /** A rank whose answer to the probe shows it moved on (its progress count grew) refutes the suspected deadlock. */
    @Test
    void anAnswerThatShowsProgressDropsTheSuspicion() {
        RankView a = RankView.parse(line(0, 'W', 1200, 5, 3, 3, "recv").replace(PROBES, "0"), "h");
        RankView b = RankView.parse(line(1, 'W', 1200, 4, 3, 3, "recv").replace(PROBES, "0"), "h");
        DeadlockConfirmation d = new DeadlockConfirmation(2);
        long[] probed = new long[2];
        assertEquals(null, d.look(new RankView[] {a, b}, true, r -> ++probed[r] > 0), "a candidate, not a verdict");
        assertArrayEquals(new long[] {1, 1}, probed, "every live rank is probed");
        RankView a1 = RankView.parse(line(0, 'W', 1400, 5, 3, 3, "recv").replace(PROBES, "1"), "h");
        RankView b1 = RankView.parse(line(1, 'R', 10, 5, 3, 3, "running").replace(PROBES, "1"), "h");
        assertEquals(null, d.look(new RankView[] {a1, b1}, true, r -> ++probed[r] > 0), "rank 1 moved on: dropped");
        assertEquals(null, d.look(new RankView[] {a1, b}, true, r -> ++probed[r] > 0), "a new candidate, probed again");
        assertArrayEquals(new long[] {2, 2}, probed);
        assertEquals(null, d.look(new RankView[] {a1, b}, true, r -> true), "answers to the first probe do not confirm it");
        RankView a2 = RankView.parse(line(0, 'W', 1600, 5, 3, 3, "recv").replace(PROBES, "2"), "h");
        RankView b2 = RankView.parse(line(1, 'W', 1500, 4, 3, 3, "recv").replace(PROBES, "2"), "h");
        RankView[] confirmed = d.look(new RankView[] {a2, b2}, true, r -> true);
        assertArrayEquals(new RankView[] {a2, b2}, confirmed, "both answered in the candidate's state: the verdict");
    }

    @Test
    @Timeout(20)
    void aMessageInFlightIsNoDeadlock() throws Exception {
        String r = watch(0, line(0, 'W', 1200, 5, 3, 2, "recv(source 1, tag 7, world of 2)"),
                line(1, 'W', 1100, 4, 2, 2, "recv(source 0, tag 8, world of 2)"));
        assertEquals("-1: ", r);
    }

    @Test
    @Timeout(20)
    void aRankThatRunsIsNoDeadlockButTheTimeoutEndsTheJob() throws Exception {
        String r = watch(1, line(0, 'W', 1500, 5, 2, 2, "allreduce(world of 2)"), line(1, 'R', 1500, 4, 2, 2, "running"));
        assertTrue(r.startsWith("124: mpjdev: hang: no rank has made communication progress for 1 s"), r);
        assertTrue(r.contains("rank 1: running, no device call for 1.5 s at P.main(P.hpj:11)"), r);
    }

    @Test
    @Timeout(20)
    void withoutAWaitingRankTheTimeoutNeverFires() throws Exception {
        assertEquals("-1: ", watch(1, line(0, 'R', 3000, 5, 2, 2, "running"), line(1, 'R', 3000, 4, 2, 2, "running")));
    }

    @Test
    void theClockRestartsOnProgress() throws Exception {
        HangClock c = new HangClock(1);
        assertFalse(c.expired(1, true));
        Thread.sleep(1100);
        assertTrue(c.expired(1, true));
        assertFalse(c.expired(2, true));
        assertFalse(new HangClock(0).expired(1, true));
    }

    /** A failure report is printed as sent, once, and acknowledged; the activity lines around it still count. */
    @Test
    @Timeout(20)
    void aFailureReportIsPrintedAndAcknowledged() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JobWatch w = JobWatch.start(1, 0, new PrintStream(err, true, StandardCharsets.UTF_8), () -> { });
        String report = "[1] mpjdev: rank 1 failed: java.lang.IllegalStateException: \u00e9\n[1] \tat P.main(P.hpj:3)\n";
        try (SocketChannel ch = WatchLinks.unix(w, "h")) {
            String sent = line(0, 'R', 10, 1, 0, 0, "running") + new String(FailureMessage.encode(1, report), StandardCharsets.UTF_8) + line(0, 'R', 20, 2, 0, 0, "running");
            sent = sent.replace(PROBES, "0");
            ch.write(ByteBuffer.wrap(sent.getBytes(StandardCharsets.UTF_8)));
            ByteBuffer ack = ByteBuffer.allocate(1);
            while (ack.hasRemaining()) if (ch.read(ack) < 0) break;
            assertEquals(FailureMessage.ACK, ack.get(0));
            assertEquals(report, err.toString(StandardCharsets.UTF_8));
        } finally {
            w.close();
        }
    }

    /**
     * Before it prints and acknowledges a rank's failure report (which lets that rank abort the job and kill the
     * others), the watch asks every other rank to send the output it has printed, and waits for the answer: a line
     * the survivor printed before the failure is printed before the report, never killed with the survivor.
     */
    @Test
    @Timeout(20)
    void aFailureReportWaitsUntilTheOtherRanksHaveSentTheirOutput() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        JobWatch w = JobWatch.start(2, 0, new PrintStream(err, true, StandardCharsets.UTF_8), () -> { });
        RankOutput output = new RankOutput(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        w.forwardOutput(output);
        try (SocketChannel survivor = WatchLinks.unix(w, "h"); SocketChannel failing = WatchLinks.unix(w, "h")) {
            survivor.write(ByteBuffer.wrap(line(0, 'W', 10, 1, 1, 0, "recv").replace(PROBES, "0").getBytes(StandardCharsets.UTF_8)));
            failing.write(ByteBuffer.wrap(FailureMessage.encode(1, "mpjdev: rank 1 failed: X\n")));
            ByteBuffer drain = ByteBuffer.allocate(1);
            while (drain.hasRemaining()) if (survivor.read(drain) < 0) break;
            assertEquals(FailureMessage.DRAIN, drain.get(0), "the survivor is asked to drain");
            Thread.sleep(300);
            assertFalse(w.failureReported(1), "no acknowledgement before the survivor's answer");
            assertEquals("", err.toString(StandardCharsets.UTF_8), "nor the report");
            byte[] body = "printed before the failure\n".getBytes(StandardCharsets.UTF_8);
            survivor.write(ByteBuffer.wrap(OutputMessage.header(0, false, body.length)));
            survivor.write(ByteBuffer.wrap(body));
            survivor.write(ByteBuffer.wrap((FailureMessage.DRAINED + "\n").getBytes(StandardCharsets.UTF_8)));
            ByteBuffer ack = ByteBuffer.allocate(1);
            while (ack.hasRemaining()) if (failing.read(ack) < 0) break;
            assertEquals(FailureMessage.ACK, ack.get(0));
            assertEquals("printed before the failure\n", out.toString(StandardCharsets.UTF_8));
            assertEquals("mpjdev: rank 1 failed: X\n", err.toString(StandardCharsets.UTF_8));
            assertTrue(w.failureReported(1) && !w.failureReported(0));
        } finally {
            w.close();
            output.close();
        }
    }

    @Test
    void aTooLongReportIsCutNotRefused() {
        String m = new String(FailureMessage.encode(2, "x".repeat(FailureMessage.MAX_CHARS + 5)), StandardCharsets.UTF_8);
        String header = m.substring(0, m.indexOf('\n'));
        int length = Integer.parseInt(header.split("\t")[2]);
        assertTrue(length <= FailureMessage.MAX_CHARS, header);
        assertEquals(m.length() - header.length() - 1, length);
        assertTrue(m.endsWith("(report cut at " + FailureMessage.MAX_CHARS + " chars)\n"));
    }
}
