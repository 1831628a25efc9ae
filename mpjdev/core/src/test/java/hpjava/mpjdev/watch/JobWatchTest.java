package hpjava.mpjdev.watch;

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

    private static String line(int rank, char state, long blockedMs, long progress, long sent, long received, String op) {
        return rank + "\t" + state + "\t" + blockedMs + "\t" + progress + "\t" + sent + "\t" + received + "\t" + op
                + "\t at P.main(P.hpj:" + (10 + rank) + ")\n";
    }

    /** Sends each rank's line every 100 ms until the watch ends the job; returns the report. */
    private static String watch(int timeout, String... lines) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CountDownLatch ended = new CountDownLatch(1);
        JobWatch w = JobWatch.start(lines.length, timeout, new PrintStream(err, true, StandardCharsets.UTF_8), ended::countDown);
        SocketChannel[] ch = new SocketChannel[lines.length];
        for (int r = 0; r < lines.length; r++) ch[r] = WatchLinks.unix(w, "h");
        try {
            for (int round = 0; round < 40 && ended.getCount() > 0; round++) {
                for (int r = 0; r < lines.length; r++) ch[r].write(ByteBuffer.wrap(lines[r].getBytes(StandardCharsets.UTF_8)));
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
            survivor.write(ByteBuffer.wrap(line(0, 'W', 10, 1, 1, 0, "recv").getBytes(StandardCharsets.UTF_8)));
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
