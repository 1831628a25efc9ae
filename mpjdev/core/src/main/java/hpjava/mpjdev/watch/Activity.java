package hpjava.mpjdev.watch;

import hpjava.mpjdev.Comm;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What one rank of a one-rank-per-process backend ({@code mpi}, {@code ucx}) is doing in the device, for the job's
 * watchdog ({@link RankReporter} sends it to the launcher's {@link JobWatch}). The backends call the hooks at the
 * entry and exit of every blocking call ({@link #enter}/{@link #exit}), when a send starts ({@link #sent}) and when a
 * receive completes ({@link #received}). Each hook is a few plain writes and one release store: no allocation, no
 * lock, no fence and no atomic read-modify-write on the hot path. The reporter thread reads with acquire loads; a
 * torn view lasts one report (200 ms) and the launcher decides only on views that stay the same.
 *
 * <h2>Counters</h2>
 * The sent, received and progress counts must never lose an increment (a lost one would stay in the job's totals,
 * so that a message in flight could later look like none: a false deadlock). The watched thread (the program's
 * main thread, {@link #watchThread}) is their only writer of one set of fields, so it increments them with a plain
 * read and a release store; every other thread (a program's own threads, or any thread before
 * {@link #watchThread}) adds to a second set atomically. The reporter reads both with acquire loads and adds them.
 * (Measured alone here: an atomic add 3.0 ns, a release store 0.5 ns; the hooks with atomic adds and a clock read
 * per blocking call cost the mpi backend's 8-byte ping-pong 25-45 ns a half round trip, docs/benchmarks/HISTORY.md.)
 *
 * <p>The {@code .hpj} line of the pending call is not recorded here: it is found when needed by a stack sample of
 * the waiting thread ({@link CallSite}), which costs nothing while the rank runs.
 */
public final class Activity {
    /** Operation codes of {@link #enter}; {@link #NONE} while the rank is not blocked in the device. */
    public static final int NONE = 0, SEND = 1, RECV = 2, WAIT = 3, WAIT_ANY = 4, BARRIER = 5, BROADCAST = 6,
            ALLREDUCE = 7;
    private static final String[] NAMES = {"running", "send", "recv", "iwait", "iwaitany", "barrier", "broadcast",
            "allreduce"};

    /** The process's record (one rank per process); null until a backend creates it with {@link #install}. */
    private static volatile Activity process;

    /** The operation pending ({@link #NONE} if none): release-stored last by enter/exit, acquire-loaded by the reporter. */
    private int op;
    private int peer, tag;
    private int commSize;
    /** The communicator's context of a pending native collective ({@link #enterCollective}); meaningless otherwise. */
    private long collectiveContext;
    private boolean inCollective;
    private Thread waiter;
    private volatile Thread mainThread;
    private long since;
    /** Written only by the watched thread (plain read, release store): see the class comment. */
    private long ownProgress, ownSent, ownReceived;
    /** Added to atomically by every other thread. */
    private long otherProgress, otherSent, otherReceived;

    private static final VarHandle OP, OWN_PROGRESS, OWN_SENT, OWN_RECEIVED, OTHER_PROGRESS, OTHER_SENT, OTHER_RECEIVED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            OP = l.findVarHandle(Activity.class, "op", int.class);
            OWN_PROGRESS = l.findVarHandle(Activity.class, "ownProgress", long.class);
            OWN_SENT = l.findVarHandle(Activity.class, "ownSent", long.class);
            OWN_RECEIVED = l.findVarHandle(Activity.class, "ownReceived", long.class);
            OTHER_PROGRESS = l.findVarHandle(Activity.class, "otherProgress", long.class);
            OTHER_SENT = l.findVarHandle(Activity.class, "otherSent", long.class);
            OTHER_RECEIVED = l.findVarHandle(Activity.class, "otherReceived", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Creates the record of this process's rank (once; later calls return the same record). For backends. */
    public static synchronized Activity install() {
        if (process == null) process = new Activity();
        return process;
    }

    /**
     * Watches only {@code main}'s blocking calls (the program's main thread, as mt does): a program's own thread that
     * waits in the device while the main thread computes must not make the rank look blocked. Before this call, any
     * thread's are recorded.
     */
    public void watchThread(Thread main) {
        mainThread = main;
    }

    /** This process's record, or null when no one-rank-per-process backend runs here. */
    public static Activity ofProcess() {
        return process;
    }

    /**
     * The calling thread blocks in {@code op} on {@code comm} (peer and tag as the program gave them: ids of
     * {@code comm}, {@code -1} for a wildcard or none). Nested calls (a blocking send is a start and a wait) keep the
     * outer operation.
     */
    public void enter(int op, Comm comm, int peer, int tag) {
        enter(op, comm == null ? 0 : comm.size(), peer, tag);
    }

    /** As {@link #enter(int, Comm, int, int)}, for a communicator known by its size ({@code 0}: none). */
    public void enter(int op, int commSize, int peer, int tag) {
        enter(op, commSize, peer, tag, false, 0);
    }

    /**
     * The calling thread blocks in native collective {@code op} ({@link #BARRIER}, {@link #BROADCAST},
     * {@link #ALLREDUCE}) on {@code comm}, whose context (the same on every member) is {@code context}. The watchdog
     * never calls a wait a deadlock while every member of a communicator waits in a collective on it: the collective
     * is under way inside the library (no message count shows it) and can complete ({@link JobWatch}).
     */
    public void enterCollective(int op, Comm comm, int root, long context) {
        enter(op, comm == null ? 0 : comm.size(), root, -1, true, context);
    }

    private void enter(int op, int commSize, int peer, int tag, boolean collective, long context) {
        Thread self = Thread.currentThread(), main = mainThread;
        if (main != null && self != main || this.op != NONE && waiter == self) return;
        this.inCollective = collective;
        this.collectiveContext = context;
        this.peer = peer;
        this.tag = tag;
        this.commSize = commSize;
        this.waiter = self;
        this.since = System.nanoTime();
        OP.setRelease(this, op);   // last: publishes the fields above
    }

    /** The calling thread's blocking call returns (normally or by an exception). */
    public void exit(int op) {
        Thread self = Thread.currentThread();
        if (this.op == op && waiter == self) {
            waiter = null;
            OP.setRelease(this, NONE);
        }
        if (self == mainThread) {
            OWN_PROGRESS.setRelease(this, ownProgress + 1);
        } else {
            OTHER_PROGRESS.getAndAdd(this, 1L);
        }
    }

    /** A send started (a message is in flight until its receiver's {@link #received}). */
    public void sent() {
        if (Thread.currentThread() == mainThread) {
            OWN_SENT.setRelease(this, ownSent + 1);
            OWN_PROGRESS.setRelease(this, ownProgress + 1);
        } else {
            OTHER_SENT.getAndAdd(this, 1L);
            OTHER_PROGRESS.getAndAdd(this, 1L);
        }
    }

    /** A receive completed. */
    public void received() {
        if (Thread.currentThread() == mainThread) {
            OWN_RECEIVED.setRelease(this, ownReceived + 1);
            OWN_PROGRESS.setRelease(this, ownProgress + 1);
        } else {
            OTHER_RECEIVED.getAndAdd(this, 1L);
            OTHER_PROGRESS.getAndAdd(this, 1L);
        }
    }

    // ------------------------------------------------------------------ reading (reporter thread)

    int op() {
        return (int) OP.getAcquire(this);
    }

    long progress() {
        return (long) OWN_PROGRESS.getAcquire(this) + (long) OTHER_PROGRESS.getAcquire(this);
    }

    long sentCount() {
        return (long) OWN_SENT.getAcquire(this) + (long) OTHER_SENT.getAcquire(this);
    }

    long receivedCount() {
        return (long) OWN_RECEIVED.getAcquire(this) + (long) OTHER_RECEIVED.getAcquire(this);
    }

    Thread waiter() {
        return waiter;
    }

    /**
     * The pending native collective as {@code CONTEXT/SIZE} (context in hex), or {@code -} when the pending operation
     * is none or not a native collective. Read after {@link #op()} (whose acquire load publishes it).
     */
    String collective() {
        return op() != NONE && inCollective ? Long.toHexString(collectiveContext) + "/" + commSize : "-";
    }

    long since() {
        return since;
    }

    /** {@code "recv(source 1, tag 7, world of 4)"}: the pending operation, or "running". */
    String describe() {
        int o = op();
        if (o == NONE) return NAMES[0];
        int size = commSize;
        int p = peer, t = tag;
        String where = size == 0 ? "" : (size == worldSize() ? "world of " : "communicator of ") + size;
        String peerText = switch (o) {
            case SEND -> "dest " + p;
            case RECV, WAIT -> p < 0 ? "any source" : (o == WAIT ? "peer " : "source ") + p;
            case BROADCAST -> "root " + p;
            default -> "";
        };
        StringBuilder sb = new StringBuilder(NAMES[o]).append('(');
        if (!peerText.isEmpty()) sb.append(peerText).append(", ");
        if (o == SEND || o == RECV || o == WAIT) sb.append(t < 0 ? "any tag" : "tag " + t).append(", ");
        return sb.append(where).append(')').toString();
    }

    private static int worldSize() {
        try {
            return Comm.world().size();
        } catch (IllegalStateException e) {
            return -1;
        }
    }
}
