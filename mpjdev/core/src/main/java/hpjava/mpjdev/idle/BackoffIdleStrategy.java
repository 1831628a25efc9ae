package hpjava.mpjdev.idle;

import java.util.concurrent.locks.LockSupport;

/**
 * How every wait loop of the device layer spends the rounds in which it found nothing to do: spin tightly, then spin
 * with {@link Thread#onSpinWait()}, then yield the core (the thread stays runnable), then park for intervals that
 * double from a minimum to a maximum. Each backend builds its strategy once from its configuration (mt
 * {@code MtOptions}, ucx {@code UcxOptions}, mpi {@code MpiDevice}) with the phase lengths that suit it; the phases
 * and their order are the same everywhere.
 *
 * <p>Modelled on Agrona's {@code BackoffIdleStrategy} ({@code idle(int workCount)}, {@code reset()}), except that the
 * position in the back-off (the <em>round</em>) is held by the caller in a local {@code int} instead of in the
 * strategy: the strategy is immutable and shared by every thread, a wait allocates nothing, and the loop reads as
 * <pre>
 *   for (int round = idle.reset(); !done(); ) round = idle.idle(workDone(), round);
 * </pre>
 * The class is final and its methods small, so the JIT inlines them into the wait loop (no indirection on the hot
 * path). A wait loop that must act between phases (mt registers a wait with its deadlock detector before it parks)
 * asks {@link #spinning(int)} or {@link #parking(int)}.
 */
public final class BackoffIdleStrategy {
    /** The round a new wait starts in (Agrona's {@code reset()}). */
    public static final int FIRST_ROUND = 0;

    private final int tightEnd, spinEnd, yieldEnd, lastRound;
    private final long minParkNanos, maxParkNanos;

    /**
     * @param tightSpins rounds that return at once (busy polling, for a waiter that must see an answer within
     *        nanoseconds)
     * @param pausedSpins rounds after those that call {@link Thread#onSpinWait()}
     * @param yields rounds after those that call {@link Thread#yield()}
     * @param minParkNanos the first park interval after the yields
     * @param maxParkNanos the longest park interval (the intervals double up to it)
     * @throws IllegalArgumentException if a count is negative or the park intervals are not {@code 0 < min <= max}
     */
    public BackoffIdleStrategy(int tightSpins, int pausedSpins, int yields, long minParkNanos, long maxParkNanos) {
        if (tightSpins < 0 || pausedSpins < 0 || yields < 0)
            throw new IllegalArgumentException("idle strategy: negative phase length (tight " + tightSpins + ", paused "
                    + pausedSpins + ", yields " + yields + ")");
        if (minParkNanos <= 0 || maxParkNanos < minParkNanos)
            throw new IllegalArgumentException("idle strategy: park intervals must satisfy 0 < min <= max, not "
                    + minParkNanos + " and " + maxParkNanos);
        int doublings = 0;
        while (doublings < 40 && (minParkNanos << doublings) < maxParkNanos) doublings++;
        // Round numbers saturate below Integer.MAX_VALUE, so that a caller's round + 1 never overflows.
        int limit = Integer.MAX_VALUE - 64;
        this.tightEnd = Math.min(limit, tightSpins);
        this.spinEnd = (int) Math.min(limit, (long) tightEnd + pausedSpins);
        this.yieldEnd = (int) Math.min(limit, (long) spinEnd + yields);
        this.lastRound = yieldEnd + doublings;
        this.minParkNanos = minParkNanos;
        this.maxParkNanos = maxParkNanos;
    }

    /** The round a new wait starts in: {@link #FIRST_ROUND}. */
    public int reset() {
        return FIRST_ROUND;
    }

    /**
     * The round to start a wait in so that it spins {@code spins} rounds at most before it yields or parks (for a
     * backend that adapts its spin window from wait to wait, as mt does; {@code spins} above the configured spin
     * phase is the whole phase).
     */
    public int startWithSpins(int spins) {
        return Math.max(FIRST_ROUND, spinEnd - Math.max(0, spins));
    }

    /**
     * Agrona's {@code idle(int workCount)}: if the last attempt did work, starts over ({@link #FIRST_ROUND}, without
     * idling), else idles one round. Returns the next round.
     */
    public int idle(int workCount, int round) {
        return workCount > 0 ? FIRST_ROUND : idle(round);
    }

    /** Idles one round of the back-off: spins, yields or parks depending on {@code round}; returns the next round. */
    public int idle(int round) {
        return idle(round, null);
    }

    /** {@link #idle(int)}, naming {@code blocker} as what a parked thread waits for (shown by thread dumps). */
    public int idle(int round, Object blocker) {
        if (round < tightEnd) return round + 1;
        if (round < spinEnd) {
            Thread.onSpinWait();
            return round + 1;
        }
        if (round < yieldEnd) {
            Thread.yield();
            return round + 1;
        }
        LockSupport.parkNanos(blocker, parkNanos(round));
        return round < lastRound ? round + 1 : round;
    }

    /** Whether {@code round} is still in a spin phase (tight or paused): the waiter keeps its core and its cache. */
    public boolean spinning(int round) {
        return round < spinEnd;
    }

    /** Whether {@code round} parks: the waiter gives up its core until the interval ends or someone unparks it. */
    public boolean parking(int round) {
        return round >= yieldEnd;
    }

    /** The park interval of a parking {@code round}: the minimum, doubled once per round, capped at the maximum. */
    long parkNanos(int round) {
        int doublings = Math.min(40, round - yieldEnd);
        return Math.min(maxParkNanos, minParkNanos << doublings);
    }

    /** Rounds spun (tight and paused) before the first yield or park. */
    public int spinRounds() {
        return spinEnd;
    }

    @Override
    public String toString() {
        return "BackoffIdleStrategy[tight " + tightEnd + ", paused " + (spinEnd - tightEnd) + ", yields "
                + (yieldEnd - spinEnd) + ", park " + minParkNanos + ".." + maxParkNanos + " ns]";
    }
}
