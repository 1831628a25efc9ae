package hpjava.mpjdev.idle;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.*;

class BackoffIdleStrategyTest {
    /** tight 2, paused 3, yields 2, park 1 us doubling to 8 us. */
    private final BackoffIdleStrategy s = new BackoffIdleStrategy(2, 3, 2, 1_000, 8_000);

    @Test
    void phasesFollowEachOtherInOrder() {
        int round = s.reset();
        assertEquals(BackoffIdleStrategy.FIRST_ROUND, round);
        StringBuilder phases = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            phases.append(s.parking(round) ? 'P' : s.spinning(round) ? 'S' : 'Y');
            round = s.idle(round);
        }
        assertEquals("SSSSSYYPPPPP", phases.toString());
        assertEquals(5, s.spinRounds());
    }

    @Test
    void parkIntervalsDoubleUpToTheMaximumAndRoundsSaturate() {
        assertEquals(1_000, s.parkNanos(7));
        assertEquals(2_000, s.parkNanos(8));
        assertEquals(4_000, s.parkNanos(9));
        assertEquals(8_000, s.parkNanos(10));
        assertEquals(8_000, s.parkNanos(11));
        int round = 7;
        for (int i = 0; i < 10; i++) round = s.idle(round);
        assertEquals(10, round, "the round stops at the first round of the longest interval");
        BackoffIdleStrategy huge = new BackoffIdleStrategy(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE, 1, 1);
        assertTrue(huge.spinRounds() < Integer.MAX_VALUE - 32, "phase lengths saturate instead of overflowing");
    }

    @Test
    void workResetsTheBackoff() {
        assertEquals(BackoffIdleStrategy.FIRST_ROUND, s.idle(1, 9));
        assertEquals(4, s.idle(0, 3));
    }

    @Test
    void startWithSpinsShortensOnlyTheSpinPhase() {
        assertEquals(3, s.startWithSpins(2));
        assertEquals(0, s.startWithSpins(100));
        assertEquals(5, s.startWithSpins(0));
        assertFalse(s.spinning(s.startWithSpins(0)));
        assertFalse(s.parking(s.startWithSpins(0)), "a wait without spins still yields first");
    }

    @Test
    void aParkedWaiterWakesWhenUnparked() throws InterruptedException {
        BackoffIdleStrategy slow = new BackoffIdleStrategy(0, 0, 0, 10_000_000_000L, 10_000_000_000L);
        CountDownLatch parking = new CountDownLatch(1), woke = new CountDownLatch(1);
        Object blocker = new Object();
        Thread t = Thread.ofPlatform().start(() -> {
            parking.countDown();
            slow.idle(slow.reset(), blocker);
            woke.countDown();
        });
        assertTrue(parking.await(10, TimeUnit.SECONDS));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (LockSupport.getBlocker(t) != blocker && System.nanoTime() < deadline) Thread.sleep(1);
        assertSame(blocker, LockSupport.getBlocker(t), "the parked thread names its blocker");
        LockSupport.unpark(t);
        assertTrue(woke.await(5, TimeUnit.SECONDS), "unpark ends a 10 s park at once");
        t.join();
    }

    @Test
    void badPhaseLengthsAreRejected() {
        var e = assertThrows(IllegalArgumentException.class, () -> new BackoffIdleStrategy(-1, 0, 0, 1, 1));
        assertTrue(e.getMessage().contains("negative phase length"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new BackoffIdleStrategy(0, 0, 0, 5, 4));
        assertTrue(e.getMessage().contains("0 < min <= max"), e.getMessage());
    }

    @Test
    void oversubscriptionComparesRanksWithCores() {
        assertFalse(Cores.oversubscribed(1));
        assertFalse(Cores.oversubscribed(Cores.available()));
        assertTrue(Cores.oversubscribed(Cores.available() + 1));
    }
}
