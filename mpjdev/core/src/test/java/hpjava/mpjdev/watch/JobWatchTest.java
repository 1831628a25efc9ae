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
