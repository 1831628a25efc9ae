package hpjava.mpjdev.mpi;

import hpjava.mpjdev.DeviceException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The process-wide state of the mpi backend in one rank process: Open MPI initialised with
 * {@code MPI_THREAD_MULTIPLE} (mpjdev communicators are thread-safe), and the MPI communicators the backend uses.
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

    /** Channels when the system property {@code hpjava.mpi.channels} does not say otherwise. */
    static final int DEFAULT_CHANNELS = 64;

    private static MpiDevice instance;

    private final int worldRank;
    private final int worldSize;
    private final Intracomm[] channels;
    private final Intracomm bulk;
    private final Intracomm collectiveWorld;
    private final AtomicIntegerArray bodySequence;
    private final PeerWatch watch;
    private final MpiComm world;

    private MpiDevice(int nChannels) throws MPIException {
        int provided = MPI.InitThread(new String[0], MPI.THREAD_MULTIPLE);
        if (provided < MPI.THREAD_MULTIPLE) {
            throw new DeviceException("the mpi backend needs MPI_THREAD_MULTIPLE, but this Open MPI provides only level "
                    + provided);
        }
        worldRank = MPI.COMM_WORLD.getRank();
        worldSize = MPI.COMM_WORLD.getSize();
        channels = new Intracomm[nChannels];
        for (int i = 0; i < nChannels; i++) channels[i] = MPI.COMM_WORLD.dup();
        bulk = MPI.COMM_WORLD.dup();
        collectiveWorld = MPI.COMM_WORLD.dup();
        bodySequence = new AtomicIntegerArray(worldSize);
        watch = new PeerWatch(MPI.COMM_WORLD.dup(), worldRank, worldSize);
        watch.start();
        int[] all = new int[worldSize];
        for (int i = 0; i < worldSize; i++) all[i] = i;
        world = new MpiComm(this, MpiComm.WORLD_CONTEXT, all);
    }

    /**
     * Initialises MPI for this process (once; collective over all ranks of the job, like {@code MPI_Init}).
     *
     * @throws DeviceException if MPI cannot be initialised
     */
    static synchronized MpiDevice start() {
        if (instance == null) {
            int n = Integer.getInteger("hpjava.mpi.channels", DEFAULT_CHANNELS);
            if (n < 1) throw new IllegalArgumentException("hpjava.mpi.channels must be at least 1, not " + n);
            try {
                instance = new MpiDevice(n);
            } catch (MPIException e) {
                throw new DeviceException("cannot initialise Open MPI: " + e.getMessage(), e);
            }
        }
        return instance;
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
    Intracomm channelFor(long context) {
        if (context == MpiComm.WORLD_CONTEXT || channels.length == 1) return channels[0];
        return channels[1 + (int) Long.remainderUnsigned(context, channels.length - 1)];
    }

    int channelIndex(Intracomm channel) {
        for (int i = 0; i < channels.length; i++) if (channels[i] == channel) return i;
        return -1;
    }

    PeerWatch watch() {
        return watch;
    }

    /** Carries the bodies of large messages, tagged by a per-pair sequence number so each body meets exactly its receive. */
    Intracomm bulk() {
        return bulk;
    }

    /** Used for the world communicator's native collectives (kept apart from point-to-point traffic). */
    Intracomm collectiveWorld() {
        return collectiveWorld;
    }

    /** The next body sequence number for messages from this rank to world rank {@code dest}: a valid MPI tag. */
    int nextBodyTag(int dest) {
        return bodySequence.getAndIncrement(dest) & 0x7fff_ffff;
    }

    // ------------------------------------------------------------------ progress of posted receives

    /*
     * A posted receive whose head turns out to be an announcement must post its body receive before the sender's body
     * send can complete. MPI would complete a pre-posted receive by itself; here this rank has to act. So while any
     * receive of this process is posted and its head not yet seen, every blocking call of the backend waits by polling
     * and runs progressPending() between polls; with none posted, blocking calls go straight to blocking MPI calls.
     */
    private final Object pendingLock = new Object();
    private MpiRequest[] pending = new MpiRequest[16];
    private volatile int pendingCount;

    boolean hasPendingReceives() {
        return pendingCount != 0;
    }

    void addPending(MpiRequest r) {
        synchronized (pendingLock) {
            if (pendingCount == pending.length) pending = java.util.Arrays.copyOf(pending, pending.length * 2);
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

    /** Looks at the heads of all posted receives (those not busy in another thread) and posts the bodies announced. */
    void progressPending() {
        if (pendingCount == 0) return;
        synchronized (pendingLock) {
            for (int i = pendingCount - 1; i >= 0; i--) {
                if (i < pendingCount) pending[i].tryProgressHead(); // may remove pending[i] (swap with the last)
            }
        }
    }

    /** Waits for an MPI request by polling, making progress on posted receives meanwhile. */
    void await(mpi.Request r) throws MPIException {
        watch.blocking(PeerWatch.ANY);
        try {
            for (int round = 0; !r.test(); round++) {
                progressPending();
                backOff(round);
            }
        } finally {
            watch.unblocked();
        }
    }

    /**
     * Ranks of this job on this host ({@code OMPI_COMM_WORLD_LOCAL_SIZE}, set by mpirun; 1 if unknown) and whether
     * they outnumber the cores. The wait policy follows Open MPI's own: its blocking calls spin unless the host is
     * oversubscribed ({@code mpi_yield_when_idle}), so a rank polling here must not give its core away sooner than
     * a raw MPI program would (on a busy machine a yield hands the core to another process for a whole time slice).
     */
    static final boolean OVERSUBSCRIBED = localRanks() > Runtime.getRuntime().availableProcessors();
    /** Polls spent spinning before yielding: ~10 ms when every rank has a core, a few µs when they share cores. */
    static final int SPIN_ROUNDS = Integer.getInteger("hpjava.mpi.spinRounds", OVERSUBSCRIBED ? 100 : 20_000);
    /** Polls after which a waiting thread parks between polls (a long wait, e.g. for a partner that computes). */
    static final int YIELD_ROUNDS = SPIN_ROUNDS + 20_000;

    private static int localRanks() {
        String v = System.getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
        try {
            return v == null ? 1 : Math.max(1, Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** Pause between polls: spin, then yield the core (it stays runnable), then park briefly; see {@link #SPIN_ROUNDS}. */
    static void backOff(int round) {
        if (round < SPIN_ROUNDS) Thread.onSpinWait();
        else if (round < YIELD_ROUNDS) Thread.yield();
        else java.util.concurrent.locks.LockSupport.parkNanos(20_000);
    }

    /**
     * Ends MPI in this process after the rank's program has finished: tells the other ranks, waits for all of them
     * (see {@link PeerWatch}), then {@code MPI_Finalize}.
     */
    static synchronized void finish() {
        try {
            if (instance != null && !MPI.isFinalized()) {
                instance.watch.announceFinished();
                MPI.Finalize();
            }
        } catch (MPIException e) {
            throw new DeviceException("MPI_Finalize failed: " + e.getMessage(), e);
        }
    }

    /** Aborts the whole job (every rank process) with {@code status}; does not return normally. */
    static void abortJob(int status) {
        try {
            MPI.COMM_WORLD.abort(status);
        } catch (MPIException | RuntimeException e) {
            System.err.println("mpjdev: MPI_Abort failed (" + e + "); exiting");
        }
        Runtime.getRuntime().halt(status);
    }
}
