package hpjava.mpjdev.mpi;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Keeps a rank from hanging on a peer that has finished. A rank whose program returns tells every other rank
 * ({@link #announceFinished()}, a message on a control communicator), then waits for all ranks to finish before
 * {@code MPI_Finalize}. Every wait of the backend polls, and every {@link #CHECK_MASK}+1 polls it calls {@link #check}
 * ({@link MpiDevice#betweenPolls}): that collects the notices that have arrived (at most every {@link #DRAIN_NANOS})
 * and, when the wait has been on a peer that has finished (for a wildcard or a collective: when every other rank has
 * finished) for over {@link #GRACE_NANOS}, reports it and aborts the job ({@code MPI_Abort}), so the job ends with a
 * non-zero status instead of hanging. The grace period covers messages a peer sent just before its notice, which
 * travel on another communicator and may arrive after it.
 *
 * <p>There is no thread of its own: a second thread calling MPI (even only to probe) would need Open MPI's
 * {@code MPI_THREAD_MULTIPLE}, whose locking costs every message; the threads that wait are the ones that check.
 */
final class PeerWatch {
    static final int ANY = -1;
    /** {@code stuckSince} of a wait that is not (yet) known to wait on a finished peer. */
    static final long NOT_STUCK = Long.MIN_VALUE;
    /** A wait calls {@link #check} when {@code (round & CHECK_MASK) == CHECK_MASK}: every 256 polls. */
    static final int CHECK_MASK = 255;
    static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);
    static final long DRAIN_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final int FINISHED_TAG = 1;

    private final Intracomm control;
    private final int self;
    private final boolean[] finished; // guarded by this
    private int finishedCount;        // guarded by this
    private long lastDrain;           // guarded by this
    private final ByteBuffer sink = ByteBuffer.allocateDirect(1);

    PeerWatch(Intracomm control, int self, int size) {
        this.control = control;
        this.self = self;
        this.finished = new boolean[size];
        this.lastDrain = System.nanoTime() - DRAIN_NANOS;
    }

    /**
     * Called by a thread waiting on world rank {@code peer} (or {@link #ANY}, for wildcards and collectives) every
     * {@link #CHECK_MASK}+1 polls, with what the previous call returned ({@link #NOT_STUCK} at first). Returns the time
     * since which the wait is known to be on a finished peer, or {@code NOT_STUCK}; aborts the job once that has
     * lasted {@link #GRACE_NANOS}. Must not be called while holding {@link MpiDevice#LOCK}.
     */
    long check(int peer, long stuckSince) {
        int n = finished.length;
        if (n == 1) return NOT_STUCK;
        long now = System.nanoTime();
        boolean stuck;
        synchronized (this) {
            if (now - lastDrain >= DRAIN_NANOS) {
                lastDrain = now;
                drain();
            }
            stuck = peer >= 0 ? finished[peer] : finishedCount == n - 1; // peer == ANY
        }
        if (!stuck) return NOT_STUCK;
        if (stuckSince == NOT_STUCK) return now;
        if (now - stuckSince > GRACE_NANOS) {
            System.err.println("mpjdev: rank " + self + " is blocked waiting for "
                    + (peer >= 0 ? "rank " + peer + ", which has finished" : "other ranks, which have all finished")
                    + ": the operation can never complete; aborting the job");
            System.err.flush();
            MpiDevice.abortJob(1);
        }
        return stuckSince;
    }

    /** Receives the finished notices that have arrived (each is one byte, already there when probed). */
    private void drain() {
        final ReentrantLock lock = MpiDevice.LOCK;
        lock.lock();
        try {
            mpi.Status st;
            while ((st = control.iProbe(MPI.ANY_SOURCE, FINISHED_TAG)) != null) {
                int src = st.getSource();
                control.recv(sink, 0, MPI.BYTE, src, FINISHED_TAG);
                if (!finished[src]) {
                    finished[src] = true;
                    finishedCount++;
                }
            }
        } catch (MPIException e) {
            System.err.println("mpjdev: rank " + self + ": cannot receive finished notices: " + e.getMessage());
        } finally {
            lock.unlock();
        }
    }

    /**
     * Tells every other rank that this one has finished, then waits until all have (a non-blocking barrier, polled
     * every millisecond and checked like every other wait, so a deadlocked job still ends).
     */
    void announceFinished() throws MPIException {
        int n = finished.length;
        if (n == 1) return;
        final ReentrantLock lock = MpiDevice.LOCK;
        ByteBuffer empty = ByteBuffer.allocateDirect(1);
        Request[] notices = new Request[n - 1];
        Request all;
        lock.lock();
        try {
            for (int r = 0, k = 0; r < n; r++) if (r != self) notices[k++] = control.iSend(empty, 0, MPI.BYTE, r, FINISHED_TAG);
            all = control.iBarrier();
        } finally {
            lock.unlock();
        }
        long stuckSince = NOT_STUCK;
        while (true) {
            lock.lock();
            try {
                if (all.test() && Request.testAll(notices)) return;
            } finally {
                lock.unlock();
            }
            stuckSince = check(ANY, stuckSince);
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
