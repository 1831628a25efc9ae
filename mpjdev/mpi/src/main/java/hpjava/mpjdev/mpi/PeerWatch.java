package hpjava.mpjdev.mpi;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Keeps a rank from hanging on a peer that has finished. A rank whose program returns tells every other rank
 * ({@link #announceFinished()}, a message on a control communicator), then waits for all ranks to finish before
 * {@code MPI_Finalize}. In every rank a daemon thread collects these notices; when the rank has been blocked in the
 * same device call for over {@link #GRACE_MILLIS} on a peer that has finished (for a wildcard or a collective: when
 * every other rank has finished), the thread reports it and aborts the job ({@code MPI_Abort}), so the job ends with a
 * non-zero status instead of hanging. (A call blocked inside MPI cannot be made to throw, hence the abort.)
 *
 * <p>Device calls record what they block on with {@link #blocking(int)} / {@link #unblocked()}: release stores of
 * two fields, no fence and no allocation on the hot path.
 */
final class PeerWatch {
    static final int ANY = -1;
    static final int NONE = -2;
    static final long GRACE_MILLIS = 2_000;
    private static final int FINISHED_TAG = 1;
    private static final long POLL_MILLIS = 50;

    private final Intracomm control;
    private final int self;
    private final boolean[] finished;
    private int finishedCount;
    private final AtomicInteger blockedOn = new AtomicInteger(NONE);
    private final AtomicLong blockedCall = new AtomicLong();
    private volatile boolean stop;
    private final Thread thread;

    PeerWatch(Intracomm control, int self, int size) {
        this.control = control;
        this.self = self;
        this.finished = new boolean[size];
        this.thread = new Thread(this::watch, "mpjdev-mpi-peer-watch");
        thread.setDaemon(true);
    }

    void start() {
        if (finished.length > 1) thread.start();
    }

    /** The calling thread starts a blocking device call waiting on world rank {@code peer} (or {@link #ANY}). */
    void blocking(int peer) {
        blockedCall.setRelease(blockedCall.getPlain() + 1);
        blockedOn.setRelease(peer);
    }

    void unblocked() {
        blockedOn.setRelease(NONE);
    }

    /**
     * Tells every other rank that this one has finished, then waits until all have (a non-blocking barrier, polled,
     * so the watch thread can still abort a deadlocked job), then stops the watch thread.
     */
    void announceFinished() throws MPIException {
        int n = finished.length;
        if (n == 1) return;
        ByteBuffer empty = ByteBuffer.allocateDirect(1);
        Request[] notices = new Request[n - 1];
        for (int r = 0, k = 0; r < n; r++) if (r != self) notices[k++] = control.iSend(empty, 0, MPI.BYTE, r, FINISHED_TAG);
        blocking(ANY);
        Request all = control.iBarrier();
        while (!all.test()) sleep(1);
        Request.waitAll(notices);
        unblocked();
        stop = true;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void watch() {
        ByteBuffer sink = ByteBuffer.allocateDirect(1);
        long seenCall = -1;
        long since = 0;
        try {
            while (!stop) {
                mpi.Status st;
                while (!stop && (st = control.iProbe(MPI.ANY_SOURCE, FINISHED_TAG)) != null) {
                    control.recv(sink, 0, MPI.BYTE, st.getSource(), FINISHED_TAG);
                    if (!finished[st.getSource()]) {
                        finished[st.getSource()] = true;
                        finishedCount++;
                    }
                }
                int peer = blockedOn.getAcquire();
                long call = blockedCall.getAcquire();
                boolean stuck = peer >= 0 ? finished[peer] : peer == ANY && finishedCount == finished.length - 1;
                long now = System.currentTimeMillis();
                if (!stuck || call != seenCall) {
                    seenCall = stuck ? call : -1;
                    since = now;
                } else if (now - since > GRACE_MILLIS) {
                    System.err.println("mpjdev: rank " + self + " is blocked waiting for "
                            + (peer >= 0 ? "rank " + peer + ", which has finished" : "other ranks, which have all finished")
                            + ": the operation can never complete; aborting the job");
                    System.err.flush();
                    MpiDevice.abortJob(1);
                }
                sleep(POLL_MILLIS);
            }
        } catch (MPIException e) {
            if (!stop) System.err.println("mpjdev: rank " + self + ": the peer watch stopped: " + e.getMessage());
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
