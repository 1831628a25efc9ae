package hpjava.mpjdev.watch;

/**
 * The watchdog's clock: given, at each look, a job-wide progress count and whether some rank waits in the device,
 * says when the count has not moved for the timeout while a rank waited. A timeout of 0 never expires.
 */
public final class HangClock {
    private final long timeoutNanos;
    private long lastSum = Long.MIN_VALUE, lastChange = System.nanoTime();

    public HangClock(int timeoutSeconds) {
        this.timeoutNanos = timeoutSeconds * 1_000_000_000L;
    }

    /** Whether the job has hung: {@code progress} unchanged for the timeout, and {@code waiting} now. */
    public boolean expired(long progress, boolean waiting) {
        long now = System.nanoTime();
        if (progress != lastSum) {
            lastSum = progress;
            lastChange = now;
        }
        return timeoutNanos > 0 && waiting && now - lastChange >= timeoutNanos;
    }
}
