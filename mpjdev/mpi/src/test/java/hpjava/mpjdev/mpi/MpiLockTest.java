package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The contract of the backend's MPI lock ({@link MpiLock}, what {@link MpiBackend#mpiLock()} promises programs). */
@Timeout(60)
class MpiLockTest {

    @Test
    void excludesOtherThreadsAndPublishesWhatTheHolderWrote() throws Exception {
        MpiLock lock = new MpiLock();
        int threads = 4, rounds = 200_000;
        long[] counter = {0}; // plain field: correct only if the lock excludes and orders
        AtomicBoolean overlap = new AtomicBoolean();
        int[] inside = {0};
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            final boolean polling = t % 2 == 0; // half poll with tryLock, as the wait loops do; half call lock()
            ts[t] = new Thread(() -> {
                for (int i = 0; i < rounds; ) {
                    if (polling) {
                        if (!lock.tryLock()) continue;
                    } else {
                        lock.lock();
                    }
                    try {
                        if (++inside[0] != 1) overlap.set(true);
                        counter[0]++;
                        inside[0]--;
                    } finally {
                        lock.unlock();
                    }
                    i++;
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        assertFalse(overlap.get(), "two threads held the lock at once");
        lock.lock();
        try {
            assertEquals((long) threads * rounds, counter[0]);
        } finally {
            lock.unlock();
        }
    }

    @Test
    void isReentrantAndOnlyTheHolderMayUnlock() throws Exception {
        MpiLock lock = new MpiLock();
        assertThrows(IllegalMonitorStateException.class, lock::unlock);
        lock.lock();
        assertTrue(lock.tryLock());
        assertTrue(lock.isHeldByCurrentThread());
        AtomicReference<Throwable> other = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                assertFalse(lock.isHeldByCurrentThread());
                assertFalse(lock.tryLock());
                assertThrows(IllegalMonitorStateException.class, lock::unlock);
            } catch (Throwable e) {
                other.set(e);
            }
        });
        t.start();
        t.join();
        if (other.get() != null) throw new AssertionError(other.get());
        lock.unlock();
        assertTrue(lock.isHeldByCurrentThread(), "held once more after one of two unlocks");
        lock.unlock();
        assertFalse(lock.isHeldByCurrentThread());
        Thread taker = new Thread(() -> {
            if (lock.tryLock()) lock.unlock();
            else other.set(new AssertionError("free lock refused"));
        });
        taker.start();
        taker.join();
        if (other.get() != null) throw new AssertionError(other.get());
    }

    @Test
    void aBlockedLockReturnsSoonAfterTheRelease() throws Exception {
        MpiLock lock = new MpiLock();
        lock.lock();
        CountDownLatch started = new CountDownLatch(1);
        long[] acquiredAt = {0};
        Thread t = new Thread(() -> {
            started.countDown();
            lock.lock();
            acquiredAt[0] = System.nanoTime();
            lock.unlock();
        });
        t.start();
        started.await();
        Thread.sleep(200); // the waiter is parking by now
        long releasedAt = System.nanoTime();
        lock.unlock();
        t.join();
        long late = acquiredAt[0] - releasedAt;
        assertTrue(late < TimeUnit.MILLISECONDS.toNanos(50), "acquired " + late / 1000 + " us after the release (parks are at most "
                + MpiLock.MAX_PARK_NANOS / 1000 + " us)");
    }

    @Test
    void timedAndInterruptibleLockingGiveUp() throws Exception {
        MpiLock lock = new MpiLock();
        lock.lock();
        AtomicReference<Object> result = new AtomicReference<>();
        Thread timed = new Thread(() -> {
            try {
                long t0 = System.nanoTime();
                boolean got = lock.tryLock(100, TimeUnit.MILLISECONDS);
                result.set(got + " after " + (System.nanoTime() - t0) / 1_000_000 + " ms");
            } catch (InterruptedException e) {
                result.set(e);
            }
        });
        timed.start();
        timed.join();
        String r = String.valueOf(result.get());
        assertTrue(r.startsWith("false after "), r);
        assertTrue(Long.parseLong(r.substring(12, r.indexOf(" ms"))) >= 100, r);

        Thread interruptible = new Thread(() -> {
            try {
                lock.lockInterruptibly();
                result.set("acquired");
            } catch (InterruptedException e) {
                result.set(e);
            }
        });
        interruptible.start();
        Thread.sleep(50);
        interruptible.interrupt();
        interruptible.join();
        assertTrue(result.get() instanceof InterruptedException, String.valueOf(result.get()));
        lock.unlock();
        assertThrows(UnsupportedOperationException.class, lock::newCondition);
    }
}
