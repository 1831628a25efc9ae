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
