package hpjava.mpjdev.watch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A rank's forwarded output: batched, complete, in order, bounded; drained on request; the fallback after a failure. */
class ForwardedOutputTest {

    /** Collects what the pump sends, each message's size, optionally slowly (a launcher behind). */
    private static final class Collector implements ForwardedOutput.Sender {
        final ByteArrayOutputStream got = new ByteArrayOutputStream();
        final List<Integer> sizes = new ArrayList<>();
        final long delayNanos;
        volatile int failAfter = Integer.MAX_VALUE;

        Collector(long delayNanos) {
            this.delayNanos = delayNanos;
        }

        @Override
        public synchronized boolean send(byte[] body, int off, int len) {
            if (sizes.size() >= failAfter) return false;
            long until = System.nanoTime() + delayNanos;
            while (System.nanoTime() < until) Thread.onSpinWait();
            got.write(body, off, len);
            sizes.add(len);
            return true;
        }
    }

    private static String lines(int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) sb.append("line ").append(i).append(" of the burst\n");
        return sb.toString();
    }

    @Test
    @Timeout(60)
    void aBurstOfLinesArrivesCompleteInOrderAndInFewMessages() {
        Collector c = new Collector(200_000);   // 0.2 ms a message: the writer runs ahead
        ForwardedOutput out = new ForwardedOutput(c, new ByteArrayOutputStream());
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        int n = 100_000;
        for (int i = 0; i < n; i++) ps.println("line " + i + " of the burst");
        assertTrue(out.drain(30_000), "drained");
        synchronized (c) {
            assertEquals(lines(0, n), c.got.toString(StandardCharsets.UTF_8));
            assertTrue(c.sizes.size() < n / 20, c.sizes.size() + " messages for " + n + " lines: not batched");
            for (int s : c.sizes) assertTrue(s <= OutputMessage.MAX_BYTES, "message of " + s + " bytes");
        }
    }

    @Test
    @Timeout(60)
    void aLoneLineIsSentWithoutAFlushOrADrain() throws Exception {
        Collector c = new Collector(0);
        ForwardedOutput out = new ForwardedOutput(c, new ByteArrayOutputStream());
        out.write("prompt> ".getBytes(StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            synchronized (c) {
                if (c.got.size() == 8) break;
            }
            assertTrue(System.nanoTime() < deadline, "the pump never sent the lone write");
            Thread.sleep(1);
        }
    }

    @Test
    @Timeout(60)
    void writesLargerThanTheBufferWaitForThePumpAndLoseNothing() throws Exception {
        Collector c = new Collector(1_000_000);
        ForwardedOutput out = new ForwardedOutput(c, new ByteArrayOutputStream());
        byte[] big = new byte[5 * OutputMessage.MAX_BYTES + 123];
        for (int i = 0; i < big.length; i++) big[i] = (byte) (i * 31);
        out.write(big, 0, big.length);
        out.write(big, 7, 1000);
        assertTrue(out.drain(30_000));
        byte[] want = new byte[big.length + 1000];
        System.arraycopy(big, 0, want, 0, big.length);
        System.arraycopy(big, 7, want, big.length, 1000);
        synchronized (c) {
            assertArrayEquals(want, c.got.toByteArray());
        }
    }

    @Test
    @Timeout(60)
    void afterTheLinkFailsTheRestGoesToTheFallbackInOrder() throws Exception {
        Collector c = new Collector(0);
        c.failAfter = 0;
        ByteArrayOutputStream fallback = new ByteArrayOutputStream();
        ForwardedOutput out = new ForwardedOutput(c, fallback);
        out.write("first\n".getBytes(StandardCharsets.UTF_8));
        assertTrue(out.drain(30_000));
        out.write("second\n".getBytes(StandardCharsets.UTF_8));
        assertTrue(out.drain(30_000));
        synchronized (fallback) {
            assertEquals("first\nsecond\n", fallback.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * A drain waits for what was written before it, not for what another thread goes on writing: the launcher's
     * request to drain (another rank is failing) is answered at once by a rank that prints without pause.
     */
    @Test
    @Timeout(60)
    void aDrainDoesNotWaitForWhatIsWrittenAfterIt() throws Exception {
        Collector c = new Collector(1_000_000);   // 1 ms a message: the writer always has more waiting
        ForwardedOutput out = new ForwardedOutput(c, new ByteArrayOutputStream());
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        ps.println("before the drain");
        Thread writer = Thread.ofPlatform().daemon().start(() -> {
            while (!Thread.currentThread().isInterrupted()) ps.println("written while draining");
        });
        try {
            Thread.sleep(20);
            long start = System.nanoTime();
            assertTrue(out.drain(10_000), "drained what came before");
            assertTrue(System.nanoTime() - start < 5_000_000_000L, "within 5 s");
            synchronized (c) {
                assertTrue(c.got.toString(StandardCharsets.UTF_8).startsWith("before the drain\n"));
            }
        } finally {
            writer.interrupt();
        }
    }
}
