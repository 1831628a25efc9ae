package hpjava.mpjdev.mpi;

import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.idle.BackoffIdleStrategy;
import hpjava.mpjdev.idle.Cores;
import hpjava.mpjdev.watch.Activity;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The process-wide state of the mpi backend in one rank process: MPI initialised through its {@link MpiBinding} (at
 * the thread level {@link #threadLevel}), the lock that serialises the backend's MPI calls, and the MPI communicators the backend
 * uses.
 *
 * <h2>Threads</h2>
 * mpjdev communicators are thread-safe, but the backend does not ask Open MPI for {@code MPI_THREAD_MULTIPLE}: every
 * MPI call of the backend is made while holding {@link #LOCK}, so calls never overlap (what
 * {@code MPI_THREAD_SERIALIZED} asks of a program). The lock is held only around calls that return at once (start a
 * non-blocking operation, test one, probe): a blocking device call starts non-blocking operations and then polls
 * them, releasing the lock between polls, so that no thread ever waits inside MPI while holding it and other threads
 * of the rank keep their turn.
 *
 * <p>Which level is requested: Open MPI 4.1 switches on its internal locking ({@code opal_set_using_threads}, in
 * {@code ompi_mpi_init}) for every level above {@code MPI_THREAD_SINGLE}, so {@code FUNNELED}, {@code SERIALIZED}
 * and {@code MULTIPLE} all cost the same: measured on the raw binding, 1.2-1.3x the 8-byte half round trip of plain
 * {@code MPI_Init} (docs/benchmarks/HISTORY.md). With its calls serialised by {@code LOCK} (whose acquire and release also
 * order memory between successive holders), the backend needs none of that locking, so by default it asks for
 * {@code MPI_THREAD_SINGLE}, the level plain {@code MPI_Init} gives: Open MPI then runs its single-threaded paths,
 * which is sound because no two threads are ever inside it at once. This relies on Open MPI's implementation (the
 * standard's SINGLE promises one thread); {@code --option thread-level=serialized} (passed to the ranks as
 * {@code -Dhpjava.mpi.thread-level}) requests the standard's level instead, at the cost measured.
 *
 * <p>{@code LOCK} is the innermost lock of the backend: no other lock is taken while it is held. There is no helper
 * thread: finished peers are noticed by the waiting threads themselves ({@link PeerWatch}). The one call made under
 * the lock that can wait for other ranks is {@code MPI_Comm_create_group}, on the first native collective of a
 * sub-communicator (collective over its members, which all make that call).
 *
 * <h2>How mpjdev communicators map onto MPI</h2>
 * mpjdev creates sub-communicators locally (no messages), but MPI creates communicators collectively. So the
 * backend creates a fixed set of <em>channels</em> once, collectively, at start-up: {@link #channels()} dups of
 * {@code MPI_COMM_WORLD}. A communicator sends on the channel chosen by hashing its 64-bit context (the world
 * communicator alone uses channel 0), with the user's tag as the MPI tag and world ranks as MPI ranks; so MPI does all
 * matching, wildcards included. Communicators that hash to the same channel are told apart by a 32-bit check that
 * each message carries in place of its header's magic number (restored on arrival); a message that meets a receive
 * of another communicator on its channel is reported, never delivered wrongly. Large message bodies travel on
 * {@link #bulk()} (see {@link MpiComm}); native collectives use {@link #collectiveWorld()}.
 */
final class MpiDevice {

    /** A wait makes progress on the posted receives of the rank every {@code PROGRESS_MASK + 1} polls. */
    static final int PROGRESS_MASK = 15;

    /**
     * Serialises all MPI calls of this process (see the class comment on thread levels); held only around
     * calls that return at once, never while waiting; taken last (no other lock is acquired while holding it). Polling
     * loops only {@link MpiLock#tryLock() try} it: a thread that holds it is making progress for everyone.
     * Programs that call Open MPI directly from several threads take it too ({@link MpiBackend#mpiLock()}).
     */
    static final MpiLock LOCK = new MpiLock();

    private static MpiDevice instance;

    /**
     * The thread level to request (option {@code thread-level}): {@code single} on Open MPI by default (see the class
     * comment) and {@code serialized} elsewhere (MPICH takes its locks only at {@code MPI_THREAD_MULTIPLE}, so the
     * standard's level for serialised calls costs nothing there).
     */
    static int threadLevel(boolean openMpi) {
        return MpiOptions.ofRank().threadLevel(openMpi);
    }

    final MpiBinding mpi;
    private final int worldRank;
    private final int worldSize;
    private final long[] channels;
    private final long bulk;
    private final long collectiveWorld;
    private final AtomicIntegerArray bodySequence;
    /** MPI's largest tag ({@code MPI_TAG_UB}): mpjdev tags above it are refused, body tags wrap below it. */
    final int tagUpperBound;
    private final PeerWatch watch;
    /** This rank's record for the job watchdog (hooks at every blocking call). */
    final Activity activity = Activity.install();
    private final MpiComm world;
    /** The {@code mpi} API's world ({@link MpiLibrary#apiWorld()}): made here, collectively, with the device's own. */
    private final long apiWorld;

    private MpiDevice(MpiBinding mpi, int nChannels) {
        this.mpi = mpi;
        int required = threadLevel(mpi.libraryVersion().startsWith("Open MPI"));
        int provided = mpi.init(required);
        if (provided < required) {
            throw new DeviceException("the mpi backend asked MPI for thread level " + required + " ("
                    + "option thread-level), but it provides only level " + provided);
        }
        long w = mpi.world();
        worldRank = mpi.rank(w);
        worldSize = mpi.size(w);
        tagUpperBound = mpi.tagUpperBound();
        channels = new long[nChannels];
        for (int i = 0; i < nChannels; i++) channels[i] = mpi.dup(w);
        bulk = mpi.dup(w);
        collectiveWorld = mpi.dup(w);
        bodySequence = new AtomicIntegerArray(worldSize);
        watch = new PeerWatch(mpi, mpi.dup(w), worldRank, worldSize);
        apiWorld = mpi.dup(w);
        int[] all = new int[worldSize];
        for (int i = 0; i < worldSize; i++) all[i] = i;
        world = new MpiComm(this, MpiComm.WORLD_CONTEXT, all);
    }

    /**
     * Loads the binding ({@link MpiBinding#load()}) and initialises MPI for this process (once; collective over all
     * ranks of the job, like {@code MPI_Init}).
     *
     * @throws DeviceException if MPI cannot be loaded or initialised
     */
    static synchronized MpiDevice start() {
        if (instance == null) {
            instance = new MpiDevice(MpiBinding.load(), MpiOptions.ofRank().channels());
        }
        return instance;
    }

    long apiWorld() {
        return apiWorld;
    }

    int worldRank() {
        return worldRank;
    }

    int worldSize() {
        return worldSize;
    }

    MpiComm world() {
        return world;
    }

    int channels() {
        return channels.length;
    }

    /** The MPI communicator carrying point-to-point messages of the communicator with this context. */
    long channelFor(long context) {
        if (context == MpiComm.WORLD_CONTEXT || channels.length == 1) return channels[0];
        return channels[1 + (int) Long.remainderUnsigned(context, channels.length - 1)];
    }

    int channelIndex(long channel) {
        for (int i = 0; i < channels.length; i++) if (channels[i] == channel) return i;
        return -1;
    }

    /** Carries the bodies of large messages, tagged by a per-pair sequence number so each body meets exactly its receive. */
    long bulk() {
        return bulk;
    }

    /** Used for the world communicator's native collectives (kept apart from point-to-point traffic). */
    long collectiveWorld() {
        return collectiveWorld;
    }

    /** The next body sequence number for messages from this rank to world rank {@code dest}: a valid MPI tag. */
    int nextBodyTag(int dest) {
        return (int) ((bodySequence.getAndIncrement(dest) & 0x7fff_ffffL) % (tagUpperBound + 1L));
    }

    // ------------------------------------------------------------------ progress of posted receives

    /*
     * A posted receive whose head turns out to be an announcement must post its body receive before the sender's body
     * send can complete. MPI would complete a pre-posted receive by itself; here this rank has to act. So the
     * non-blocking receives of this process are registered here until their head has been seen, and every wait of the
     * backend (they all poll) runs progressPending() between polls. (A blocking receive is not registered: its own
     * thread polls its head and posts its body.)
     */
    private final Object pendingLock = new Object();
    private MpiRequest[] pending = new MpiRequest[16];
    private volatile int pendingCount;
    // progressPending's scratch, as long as pending (guarded by pendingLock): requests held, their head slots, results
    private MpiRequest[] held = new MpiRequest[16];
    private MpiBinding.Req[] heads = new MpiBinding.Req[16];
    private int[] completedHeads = new int[16];

    void addPending(MpiRequest r) {
        synchronized (pendingLock) {
            if (pendingCount == pending.length) {
                int n = pending.length * 2;
                pending = java.util.Arrays.copyOf(pending, n);
                held = new MpiRequest[n];
                heads = new MpiBinding.Req[n];
                completedHeads = new int[n];
            }
            pending[pendingCount] = r;
            pendingCount = pendingCount + 1;
        }
    }

    void removePending(MpiRequest r) {
        synchronized (pendingLock) {
            int n = pendingCount;
            for (int i = n - 1; i >= 0; i--) {
                if (pending[i] == r) {
                    pending[i] = pending[n - 1];
                    pending[n - 1] = null;
                    pendingCount = n - 1;
                    return;
                }
            }
        }
    }

    /**
     * Looks at the heads of all posted receives (those not busy in another thread) with one
     * {@link MpiBinding#testSome} ({@code MPI_Testsome}: one pass of MPI's progress engine for all of them, where an
     * {@code MPI_Test} each ran it once per receive) and posts the bodies announced.
     */
    void progressPending() {
        if (pendingCount == 0) return;
        synchronized (pendingLock) {
            int n = 0;
            try {
                for (int i = 0; i < pendingCount; i++) {
                    MpiBinding.Req head = pending[i].holdPendingHead();
                    if (head != null) {
                        held[n] = pending[i];
                        heads[n++] = head;
                    }
                }
                if (n == 0 || !LOCK.tryLock()) return;
                int k;
                try {
                    k = mpi.testSome(heads, n, completedHeads);
                } finally {
                    LOCK.unlock();
                }
                for (int j = 0; j < k; j++) held[completedHeads[j]].headTested(); // may remove it from pending
            } finally {
                for (int j = 0; j < n; j++) {
                    held[j].releaseHead();
                    held[j] = null;
                    heads[j] = null;
                }
            }
        }
    }

    /**
     * Starts nothing, waits for {@code r} (a request of this backend, started under {@link #LOCK}) by polling: tests it
     * under the lock, makes progress on posted receives, checks for finished peers (see {@link PeerWatch}) and backs
     * off between polls. {@code peer}: the world rank waited for, or {@link PeerWatch#ANY}. {@code op},
     * {@code comm}, {@code userPeer} and {@code tag} describe the blocking call for the watchdog
     * ({@link Activity#enter}), recorded once the wait has lasted {@link #WATCH_AFTER} polls; the
     * caller calls {@code exit(op)} when its call returns. This form records nothing: for callers that have entered
     * their call themselves.
     */
    void await(MpiBinding.Req r, int peer) {
        await(r, peer, Activity.NONE, null, -1, -1);
    }

    /** As {@link #await(MpiBinding.Req, int)}, recording the call ({@code op}; NONE: the caller has) as described. */
    void await(MpiBinding.Req r, int peer, int op, MpiComm comm, int userPeer, int tag) {
        awaitThenHold(r, peer, op, comm, userPeer, tag);
        LOCK.unlock();
    }

    /**
     * As {@link #await}, but returns holding {@link #LOCK}, taken for the test that saw {@code r} complete, so that
     * the caller acts on the arrival in the same hold (the caller unlocks); if it throws, the lock is not held.
     */
    void awaitThenHold(MpiBinding.Req r, int peer, int op, MpiComm comm, int userPeer, int tag) {
        for (int round = 0; round < FIRST_STRETCH; round++) if (pollHolding(r)) return;
        long stuckSince = PeerWatch.NOT_STUCK;
        for (int round = FIRST_STRETCH; ; round++) {
            if (pollHolding(r)) return;
            if (round == WATCH_AFTER && op != Activity.NONE) activity.enter(op, comm, userPeer, tag);
            stuckSince = betweenPolls(round, peer, stuckSince);
        }
    }

    /**
     * Waits as {@link #awaitThenHold} does (the same polling, peer checks, back-off and watchdog record), for an
     * operation of the {@code mpi} API's native implementation: {@code done} is polled holding {@link #LOCK}; returns
     * once it has said true, without the lock. {@code op}, {@code commSize}, {@code peer} and {@code tag} describe
     * the call for the watchdog ({@link Activity#enter}, exited on return).
     */
    void awaitPolled(MpiLibrary.Poll done, int op, int commSize, int peer, int tag) {
        for (int round = 0; round < FIRST_STRETCH; round++) if (pollOnce(done)) return;
        long stuckSince = PeerWatch.NOT_STUCK;
        boolean entered = false;
        try {
            for (int round = FIRST_STRETCH; ; round++) {
                if (pollOnce(done)) return;
                if (round == WATCH_AFTER && op != Activity.NONE) {
                    activity.enter(op, commSize, peer, tag);
                    entered = true;
                }
                stuckSince = betweenPolls(round, PeerWatch.ANY, stuckSince);
            }
        } finally {
            if (entered) activity.exit(op);
        }
    }

    private static boolean pollOnce(MpiLibrary.Poll done) {
        final MpiLock lock = LOCK;
        if (!lock.tryLock()) return false;
        try {
            return done.poll();
        } finally {
            lock.unlock();
        }
    }

    /** One poll of {@code r}: true if it has completed, and then the caller holds {@link #LOCK}; false: not held. */
    private static boolean pollHolding(MpiBinding.Req r) {
        final MpiLock lock = LOCK;
        if (!lock.tryLock()) return false;
        boolean complete = false;
        try {
            complete = r.test();
        } finally {
            if (!complete) lock.unlock();
        }
        return complete;
    }

    /**
     * What every wait loop of the backend does between two polls of what it waits for (after poll number
     * {@code round}): progress on posted receives (every {@link #PROGRESS_MASK}+1 polls), every
     * {@link PeerWatch#CHECK_MASK}+1 rounds the finished-peer check
     * ({@code peer}: the world rank waited for, or {@link PeerWatch#ANY}), then {@link #IDLE}. Takes and returns the
     * wait's {@code stuckSince} ({@link PeerWatch#NOT_STUCK} at first). Must not be called holding {@link #LOCK}.
     */
    long betweenPolls(int round, int peer, long stuckSince) {
        // Every PROGRESS_MASK+1 polls: each pending head costs an MPI_Test (which runs MPI's progress engine when the
        // head has not arrived), so with a window of 64 receives posted, doing it every poll made a 65000-byte stream
        // 0.66x C (bench/mpi/ffm.sh bw64k); a body is posted at most that many polls later.
        if ((round & PROGRESS_MASK) == PROGRESS_MASK) progressPending();
        if ((round & PeerWatch.CHECK_MASK) == PeerWatch.CHECK_MASK) stuckSince = watch.check(peer, stuckSince);
        IDLE.idle(round);
        return stuckSince;
    }

    /**
     * Ranks of this job on this host ({@code OMPI_COMM_WORLD_LOCAL_SIZE} set by Open MPI's mpirun,
     * {@code MPI_LOCALNRANKS} by MPICH's mpiexec; 1 if unknown) and whether they outnumber the cores. The wait policy
     * follows Open MPI's own: its blocking calls spin unless the host is oversubscribed ({@code mpi_yield_when_idle}), so a rank polling here must not give its core away sooner than
     * a raw MPI program would (on a busy machine a yield hands the core to another process for a whole time slice).
     * The cores counted are the host's ({@link Cores#host()}), not this process's: a rank may be bound to one core
     * (by a binding the user gives Open MPI's mpirun, or by mpirun's own default where {@code hpjava run}, which
     * otherwise passes {@code --bind-to none}, did not start it), so that {@link Cores#available()} reads 1 in every
     * rank and 2 ranks on a 2-core host looked oversubscribed: every wait longer than 100 polls (~5 us, e.g. one of a
     * 65000-byte window's) yielded.
     */
    static final boolean OVERSUBSCRIBED = localRanks() > Cores.host();
    /** Polls spent spinning before yielding: ~10 ms when every rank has a core, a few µs when they share cores. */
    static final int SPIN_ROUNDS = MpiOptions.ofRank().spinRounds(OVERSUBSCRIBED);
    /**
     * Polls after which a wait records its blocking call for the watchdog ({@code Activity.enter}, which reads the
     * clock): ~5 µs of spinning, never later than the first yield. Waits that end sooner (an 8-byte ping-pong's
     * receive) are never recorded; the watchdog looks at waits of 0.4 s and more. Entering on every blocking call
     * cost 25-45 ns of an 8-byte half round trip (with the atomic counters of the time; System.nanoTime alone 36 ns).
     */
    static final int WATCH_AFTER = Math.min(64, SPIN_ROUNDS);
    /**
     * Polls of a wait's first stretch, made back to back: rounds before the first that {@link #betweenPolls} would act
     * in (it makes progress at round {@link #PROGRESS_MASK}, checks peers at {@link PeerWatch#CHECK_MASK}, spins with
     * no pause until {@link #SPIN_ROUNDS}, and the watchdog's record comes at {@link #WATCH_AFTER}, all at least this
     * late; declared after them, which it reads), so skipping it there changes nothing but the time between two polls, which is the delay between a
     * message's arrival and the poll that sees it (an 8-byte ping-pong's waits end within these rounds).
     */
    static final int FIRST_STRETCH = Math.min(PROGRESS_MASK, Math.min(PeerWatch.CHECK_MASK, SPIN_ROUNDS));

    /**
     * Pause between polls: none while spinning (like Open MPI's own wait loop, which polls back to back: a pause would
     * only delay noticing the message), then 20000 polls that yield the core (it stays runnable), then park 20 µs
     * between polls (a long wait, e.g. for a partner that computes).
     */
    static final BackoffIdleStrategy IDLE = new BackoffIdleStrategy(SPIN_ROUNDS, 0, 20_000, 20_000, 20_000);

    private static int localRanks() {
        String v = System.getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
        if (v == null) v = System.getenv("MPI_LOCALNRANKS");
        try {
            return v == null ? 1 : Math.max(1, Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /**
     * Ends MPI in this process after the rank's program has finished: tells the other ranks, waits for all of them
     * (see {@link PeerWatch}), then {@code MPI_Finalize}.
     */
    static synchronized void finish() {
        if (instance != null) {
            instance.watch.announceFinished();
            LOCK.lock();
            try {
                if (!instance.mpi.finished()) instance.mpi.finish();
            } finally {
                LOCK.unlock();
            }
        }
    }

    /**
     * Aborts the whole job (every rank process) with {@code status}; does not return normally. Takes {@link #LOCK}
     * if it can within a second (another thread holds it only briefly, except inside {@code MPI_Comm_create_group}
     * or a program's own blocking MPI call, where waiting longer would risk never aborting). A report of why goes
     * through {@link FailureReport#abortJob} first: what this rank printed just before may be lost when the MPI
     * launcher ends the job (MPICH's does not drain the ranks' output).
     */
    static void abortJob(int status) {
        System.out.flush();
        System.err.flush();
        try {
            LOCK.tryLock(1, TimeUnit.SECONDS); // never released: the process ends here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        MpiDevice d = instance;
        try {
            if (d != null) d.mpi.abort(status);
        } catch (RuntimeException e) {
            System.err.println("mpjdev: MPI_Abort failed (" + e + "); exiting");
        }
        Runtime.getRuntime().halt(status);
    }
}
