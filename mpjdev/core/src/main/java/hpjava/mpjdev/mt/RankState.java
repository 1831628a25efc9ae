package hpjava.mpjdev.mt;

/**
 * One rank of an mt job: lifecycle and, while its main thread is blocked in the device, what it waits for (read by
 * the deadlock detector). Written by the rank's main thread, read by others. Padded so that the states of two ranks
 * (allocated next to each other) never share a cache line: each rank writes its own on every device operation.
 */
final class RankState extends RankStateFields {
    @SuppressWarnings("unused")
    private long q0, q1, q2, q3, q4, q5, q6, q7;

    RankState(int rank, int maxSpin, int minSpin) {
        super(rank, maxSpin, minSpin);
    }
}

/** Padding before a rank state's fields (see {@link RankState}). */
abstract class RankStatePadding {
    @SuppressWarnings("unused")
    private long p0, p1, p2, p3, p4, p5, p6, p7;
}

/** The fields of {@link RankState}, between its paddings. */
abstract class RankStateFields extends RankStatePadding {
    static final int RUNNING = 0, FINISHED = 1, FAILED = 2;

    final int rank;
    volatile Thread mainThread;
    volatile int lifecycle = RUNNING;

    /** What the main thread is blocked on: an MtRequest, a Request[] (iwaitany) or a CollectiveWait; null if running. */
    volatile Object waitingOn;
    /**
     * Device operations started by any thread of this rank; written with opaque stores (no fence on the hot path),
     * read by the deadlock detector, which treats a rank whose count moves as making progress.
     */
    long activity;
    private static final java.lang.invoke.VarHandle ACTIVITY;

    static {
        try {
            ACTIVITY = java.lang.invoke.MethodHandles.lookup().findVarHandle(RankStateFields.class, "activity", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    void countOperation() {
        ACTIVITY.setOpaque(this, (long) ACTIVITY.getOpaque(this) + 1);
    }

    long activity() {
        return (long) ACTIVITY.getOpaque(this);
    }

    /** Incremented on every entry into a blocking wait, so the detector can tell a rank that moved on. */
    volatile long blockSeq;

    /**
     * Adaptive spin window (Thread.onSpinWait rounds before parking), between {@link #minSpin} and the job's limit:
     * doubled when a wait ends while spinning, or when it parked but its partner completed it within the limit's
     * spinning time after the park began (a longer spin would have caught it without the park and the wake-up), halved
     * when the partner came later than that (it was descheduled or busy: under oversubscription spinning only delays
     * it). The lateness is measured to the partner's completion, not to this thread's wake-up: on a virtual machine a
     * wake-up across vCPUs takes 20 us to over 100 us, and counting it made steady 50-90 us imbalances between two
     * ranks (Jacobi N = 1024, np 2) shrink the window to its floor, so that every exchange parked (docs/benchmarks/HISTORY.md,
     * "mt np 2 at N = 1024"). Racy updates from several threads of one rank are harmless.
     */
    int spin;
    /** The window's floor ({@link MtOptions#spinFloor()}). */
    final int minSpin;

    RankStateFields(int rank, int maxSpin, int minSpin) {
        this.rank = rank;
        this.spin = maxSpin;
        this.minSpin = minSpin;
    }

    int spinWindow() {
        return spin;
    }

    void spinSucceeded(int max) {
        int s = spin;
        if (s < max) spin = (int) Math.min(max, 2L * s);
    }

    /**
     * Adapts the window after a wait that parked: {@code lateNanos} from the start of the park to the partner's
     * completing the wait, {@code maxSpinNanos} how long the job's longest window spins ({@link MtOptions#spinNanos}).
     */
    void parked(long lateNanos, int max, long maxSpinNanos) {
        if (lateNanos <= maxSpinNanos) spinSucceeded(max);
        else spinFailed();
    }

    void spinFailed() {
        int s = spin;
        if (s > minSpin) spin = Math.max(minSpin, s >>> 1);
    }

    boolean isLive() {
        return lifecycle == RUNNING;
    }

    /**
     * Registers a blocking wait if the caller is this rank's main thread; returns whether it registered. Waits register
     * only once their spin phase is over, before they park: the deadlock detector needs a wait that lasts, and an
     * aborting job must unpark only parked ranks (spinners see the abort flag themselves).
     */
    boolean enterWait(Object what) {
        if (Thread.currentThread() != mainThread) return false;
        blockSeq = blockSeq + 1;
        waitingOn = what;
        return true;
    }

    void exitWait(boolean registered) {
        if (registered) waitingOn = null;
    }
}
