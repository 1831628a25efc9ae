package hpjava.mpjdev.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The rank record's hooks: the counters lose no increment when the watched thread and other threads count at the same
 * time (the watched thread with plain writes, the others atomically), and only the watched thread's blocking calls
 * are recorded.
 */
class ActivityTest {

    @Test
    @Timeout(60)
    void countersLoseNothingWhenTheWatchedThreadAndOthersCountTogether() throws Exception {
        Activity a = new Activity();
        int perThread = 200_000, others = 3;
        CountDownLatch start = new CountDownLatch(1);
        Runnable work = () -> {
            try {
                start.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            for (int i = 0; i < perThread; i++) {
                a.sent();
                a.received();
                a.exit(Activity.SEND);
            }
        };
        Thread main = new Thread(work, "watched");
        a.watchThread(main);
        Thread[] t = new Thread[others + 1];
        t[0] = main;
        for (int k = 1; k <= others; k++) t[k] = new Thread(work, "other-" + k);
        for (Thread x : t) x.start();
        start.countDown();
        long reads = 0;
        while (main.isAlive()) { // the reporter's reads meanwhile never go backwards
            long s = a.sentCount();
            assertTrue(s >= reads, "sent count went back from " + reads + " to " + s);
            reads = s;
        }
        for (Thread x : t) x.join();
        long n = (long) perThread * (others + 1);
        assertEquals(n, a.sentCount());
        assertEquals(n, a.receivedCount());
        assertEquals(3 * n, a.progress());
    }

    @Test
    void onlyTheWatchedThreadsBlockingCallsAreRecorded() throws Exception {
        Activity a = new Activity();
        a.watchThread(Thread.currentThread());
        a.enter(Activity.RECV, 4, 1, 7);
        assertEquals(Activity.RECV, a.op());
        assertSame(Thread.currentThread(), a.waiter());
        assertTrue(a.describe().startsWith("recv(source 1, tag 7, "), a.describe());
        Thread other = new Thread(() -> {
            a.enter(Activity.SEND, 4, 2, 3);
            a.exit(Activity.SEND);
        });
        other.start();
        other.join();
        assertEquals(Activity.RECV, a.op()); // another thread's call changed nothing
        a.exit(Activity.RECV);
        assertEquals(Activity.NONE, a.op());
        assertNull(a.waiter());
        assertEquals("running", a.describe());
        assertEquals(2, a.progress()); // both exits count as progress
    }
}
