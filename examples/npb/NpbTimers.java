/** NPB's numbered wall-clock timers (timer_clear, timer_start, timer_stop, timer_read), in seconds. */
public final class NpbTimers {
    private final long[] started;
    private final long[] elapsed;

    public NpbTimers(int count) {
        started = new long[count];
        elapsed = new long[count];
    }

    public void clear(int t) {
        elapsed[t] = 0;
    }

    public void start(int t) {
        started[t] = System.nanoTime();
    }

    public void stop(int t) {
        elapsed[t] += System.nanoTime() - started[t];
    }

    /** The time accumulated by timer {@code t} between its starts and stops, in seconds. */
    public double read(int t) {
        return elapsed[t] * 1e-9;
    }
}
