package hpjava.mpjdev.mpi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;

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

    private final MpiBinding mpi;
    private final long control;
    private final int self;
    private final boolean[] finished; // guarded by this
    private int finishedCount;        // guarded by this
    private long lastDrain;           // guarded by this
    private final MemorySegment sink = Arena.global().allocate(8);

    PeerWatch(MpiBinding mpi, long control, int self, int size) {
        this.mpi = mpi;
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
            FailureReport.abortJob("mpjdev: rank " + self + " is blocked waiting for "
                    + (peer >= 0 ? "rank " + peer + ", which has finished" : "other ranks, which have all finished")
                    + ": the operation can never complete; aborting the job", 1);
        }
        return stuckSince;
    }

    /** Receives the finished notices that have arrived (each is one byte, already there when probed). */
    private void drain() {
        final MpiLock lock = MpiDevice.LOCK;
        lock.lock();
        try {
            int src;
            while ((src = mpi.iprobe(mpi.anySource(), FINISHED_TAG, control)) >= 0) {
                mpi.recvProbed(sink, 0, src, FINISHED_TAG, control);
                if (!finished[src]) {
                    finished[src] = true;
                    finishedCount++;
                }
            }
        } catch (RuntimeException e) {
            System.err.println("mpjdev: rank " + self + ": cannot receive finished notices: " + e.getMessage());
        } finally {
            lock.unlock();
        }
    }

    /**
     * Tells every other rank that this one has finished, then waits until all have (a non-blocking barrier, polled
     * every millisecond and checked like every other wait, so a deadlocked job still ends).
     */
    void announceFinished() {
        int n = finished.length;
        if (n == 1) return;
        final MpiLock lock = MpiDevice.LOCK;
        MemorySegment empty = Arena.global().allocate(8);
        MpiBinding.Req[] notices = new MpiBinding.Req[n - 1];
        boolean[] sent = new boolean[n - 1];
        MpiBinding.Req all = mpi.newRequest();
        boolean allDone = false;
        lock.lock();
        try {
            for (int r = 0, k = 0; r < n; r++) {
                if (r == self) continue;
                notices[k] = mpi.newRequest();
                mpi.isend(empty, 0, r, FINISHED_TAG, control, notices[k++]);
            }
            mpi.ibarrier(control, all);
        } finally {
            lock.unlock();
        }
        long stuckSince = NOT_STUCK;
        while (true) {
            lock.lock();
            try {
                boolean complete = allDone = allDone || all.test();
                for (int k = 0; k < notices.length; k++) {
                    if (!sent[k]) sent[k] = notices[k].test();
                    complete &= sent[k];
                }
                if (complete) break;
            } finally {
                lock.unlock();
            }
            stuckSince = check(ANY, stuckSince);
            pause();
        }
        receiveRemainingNotices();
    }

    /**
     * After the final barrier every rank has sent its one notice to every other: receives those not drained yet, so
     * that none is left unmatched at {@code MPI_Finalize} (MPICH's UCX layer prints a warning for each one).
     */
    private void receiveRemainingNotices() {
        final MpiLock lock = MpiDevice.LOCK;
        MpiBinding.Req r = mpi.newRequest();
        synchronized (this) {
            for (int src = 0; src < finished.length; src++) {
                if (src == self || finished[src]) continue;
                lock.lock();
                try {
                    mpi.irecv(sink, 0, src, FINISHED_TAG, control, r, false);
                } finally {
                    lock.unlock();
                }
                while (true) {
                    lock.lock();
                    try {
                        if (r.test()) break;
                    } finally {
                        lock.unlock();
                    }
                    pause();
                }
                finished[src] = true;
                finishedCount++;
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
