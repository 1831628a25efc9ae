package hpjava.mpjdev.mt;

import hpjava.mpjdev.Buffer;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The adaptive spin window of a rank ({@link RankState#parked}) and the lateness it is fed. */
class SpinWindowTest {
    @Test
    void aPartnerThatCameWithinTheLongestSpinGrowsTheWindowALateOneShrinksIt() {
        RankState s = new RankState(0, 1_000, 100);
        long maxSpinNanos = 50_000;
        s.parked(80_000, 1_000, maxSpinNanos);
        assertEquals(500, s.spinWindow(), "late beyond the longest spin: halved");
        s.parked(90_000_000, 1_000, maxSpinNanos);
        s.parked(90_000_000, 1_000, maxSpinNanos);
        s.parked(90_000_000, 1_000, maxSpinNanos);
        assertEquals(100, s.spinWindow(), "never below the floor");
        s.parked(40_000, 1_000, maxSpinNanos);
        assertEquals(200, s.spinWindow(), "within the longest spin (a longer window would have caught it): doubled");
        s.parked(-5, 1_000, maxSpinNanos);
        assertEquals(400, s.spinWindow(), "completed before the park began: doubled");
        for (int i = 0; i < 5; i++) s.parked(0, 1_000, maxSpinNanos);
        assertEquals(1_000, s.spinWindow(), "never above the limit");
    }

    @Test
    void theSpinLimitIsAlsoGivenInNanoseconds() {
        MtOptions o = MtOptions.from(1, false, Map.of("spin", "4000"));
        assertTrue(o.spinNanos() >= 4_000, () -> "4000 rounds of Thread.onSpinWait take at least 1 ns each: " + o.spinNanos());
        assertTrue(o.spinNanos() < 4_000L * 10_000, () -> "and far less than 10 us each: " + o.spinNanos());
    }

    @Test
    void completingAWaitWithARegisteredWaiterStampsTheTimeBeforePublishingIt() {
        Buffer b = Buffer.allocate(64);
        try {
            MtRequest r = MtRequest.forBuffer(b);
            r.start(null, true, 0, 0);
            assertTrue(r.complete());
            assertEquals(0, r.completedAt, "nobody waiting: no timestamp");
            r.start(null, true, 0, 0);
            r.waiter = Thread.currentThread();
            long before = System.nanoTime();
            assertTrue(r.complete());
            assertTrue(r.completedAt >= before && r.completedAt <= System.nanoTime(), "stamped when completed");
            r.waiter = null;
        } finally {
            b.release();
        }
    }
}
