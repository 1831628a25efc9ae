package hpjava.mpjdev.ucx;

import java.util.concurrent.locks.LockSupport;

/**
 * How a thread waiting on the ucx device spends the rounds in which progress delivered nothing: spin (tightly, then
 * with {@link Thread#onSpinWait()}), then yield the core while it keeps polling, and park between polls only after a
 * long wait. Static methods and constants only, so that the wait loops of {@link UcxDevice} call it without any
 * indirection.
 */
final class WaitPolicy {
    private WaitPolicy() {}

    /**
     * Progress rounds spent spinning before yielding while every local rank has a core (~10 ms): as long as a raw
     * UCX program (or MPI) would keep spinning for a partner that is about to answer. Yielding sooner hands the core
     * to other processes for a whole time slice on a busy host, and the answer then waits for that slice to end.
     * {@code -Dhpjava.ucx.spins=N} overrides it.
     */
    private static final int SPINS = Integer.getInteger("hpjava.ucx.spins", 200_000);
    /**
     * Progress rounds spun without {@link Thread#onSpinWait()} first (~20-50 us). A message landed through a slot
     * ({@link TinySlots}) is seen only when progress returns, so a pause between rounds delays every answer: without
     * it an 8-byte half round trip measured 4-8 % shorter (in-process A/B). The pause comes back for longer waits,
     * where it spares a sibling hardware thread and lets a hypervisor see the spin. {@code -Dhpjava.ucx.tightSpins=N}
     * overrides it.
     */
    private static final int TIGHT_SPINS = Integer.getInteger("hpjava.ucx.tightSpins", 1_000);
    /** With more ranks than cores the partner may need our core: spin briefly, then yield it. */
    private static final int SPINS_OVERSUBSCRIBED = 100;
    /** How long a waiting thread yields before it parks between progress rounds. */
    private static final long YIELD_NANOS = 20_000_000L;
    /** Park interval of a long wait, and of a finished rank that only serves its peers. */
    static final long PARK_NANOS = 100_000L;
    /** Idle rounds between the slot sweeps of a wait while a slot may hold a message no one has taken. */
    static final int SWEEP_ROUNDS = 64;

    /** Idle rounds to spin before yielding, when {@code localRanks} ranks share this host. */
    static int spinLimit(int localRanks) {
        return localRanks <= Runtime.getRuntime().availableProcessors() ? SPINS : SPINS_OVERSUBSCRIBED;
    }

    /**
     * One step of the policy after {@code idle} fruitless progress rounds: spin (politely after
     * {@link #TIGHT_SPINS}) while {@code idle < spinLimit}; then yield the core (the thread stays runnable, so it
     * sees the message as soon as it runs again, as a spinning C program would, while a rank that needs the core gets
     * it); after {@link #YIELD_NANOS} of yielding (a long wait, e.g. for a partner that computes) park in short
     * intervals. Returns when yielding began ({@code yieldingSince} carried over), or 0 while spinning.
     */
    static long backOff(int idle, long yieldingSince, int spinLimit) {
        if (idle < spinLimit) {
            if (idle >= TIGHT_SPINS) Thread.onSpinWait();
            return 0;
        }
        long now = System.nanoTime();
        if (yieldingSince == 0) yieldingSince = now;
        if (now - yieldingSince < YIELD_NANOS) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(PARK_NANOS);
        }
        return yieldingSince;
    }
}
