package hpjava.adlib;

/**
 * A planned Adlib collective: built once (collectively, by every member of the active process group), then run any
 * number of times with {@link #execute()} while the arrays keep the layout they had when it was planned (their
 * element values may change). A schedule belongs to the rank and APG that built it. Every Adlib operation has one:
 * {@link Remap} and {@link Shift} (both a {@link TransferSchedule}), {@link WriteHalo}, {@link Broadcast},
 * {@link Reduction}, {@link Locate}, {@link DimReduction}, {@link DotProduct}, {@link Gather}. The static forms in
 * {@link Adlib} keep their schedules in a per-rank cache of this type.
 */
public abstract class Schedule {
    /** For subclasses: a schedule plans in its constructor. */
    protected Schedule() {}

    /** Runs the planned collective once (collective over the APG the schedule was built in). */
    public abstract void execute();

    private boolean started;

    /**
     * Starts the planned collective and returns before it completes (split phase: {@code h.start();} work that
     * touches neither the data the collective reads nor the data it writes, then {@code h.complete();}). Collective
     * like {@link #execute()}: every member starts and completes, in the same order as its other Adlib calls. Until
     * {@link #complete()} the schedule must not run again. The element-moving schedules (writeHalo, remap, shift)
     * send their messages here and receive them in {@code complete()}; the others have no split form and run whole
     * here (their results are then available, and {@code complete()} only ends the pairing).
     *
     * @throws AdlibException if the schedule is started and not yet completed
     */
    public final void start() {
        if (started) throw new AdlibException(describeCall() + ": start() again before complete()");
        begin();
        started = true;
    }

    /**
     * Completes what {@link #start()} began: waits for this process's messages of the collective (with the same
     * collective checks, watchdog and deadlock reports as {@link #execute()}); then the results are in place.
     *
     * @throws AdlibException if the schedule was not started
     */
    public final void complete() {
        if (!started) throw new AdlibException(describeCall() + ": complete() without start()");
        started = false;
        end();
    }

    /** Whether {@link #start()} was called and {@link #complete()} not yet. */
    public final boolean isStarted() {
        return started;
    }

    /** The first half of a split-phase run; default (no split form): the whole collective. */
    void begin() {
        execute();
    }

    /** The second half of a split-phase run; default: nothing is left after {@link #begin()}. */
    void end() {}

    /** Refuses a run of a started schedule (its message buffers are in flight). */
    final void checkNotStarted() {
        if (started) throw new AdlibException(describeCall() + ": run again before the complete() of its start()");
    }

    /**
     * Frees what the schedule holds outside the Java heap (message buffers) at once, instead of when it becomes
     * unreachable; the schedule must not run again. Called by the cache on eviction. Default: nothing to free.
     */
    protected void free() {}

    /** "writeHalo(float [[2048, 2048]])": this schedule's call, for collective-mismatch reports. */
    String describeCall() {
        return getClass().getSimpleName();
    }
}
