package hpjava.mpjdev.mpi;

import hpjava.mpjdev.watch.Activity;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A non-blocking send or receive of the mpi backend, carried by MPI requests in the buffer's request slots. There is
 * one per {@link Buffer} (kept in its {@link MpiBufferState}) and it is reused by each operation on that buffer, so
 * starting and completing operations allocates nothing here. The messages' framing is {@link MpiFraming}'s.
 *
 * <p>States: a send has a head request (the inline message or the announcement) and, for a large message, a body
 * request. A receive has a head request; when the head turns out to be an announcement, the body receive is posted
 * (by whichever thread observes it, see {@link MpiDevice#progressPending()}) and the request completes with the body.
 * Waiting polls (test, progress on other posted receives, back off), never blocks inside MPI, so a rank always
 * posts the bodies its peers are waiting to send. {@link #waitAny} tests all its requests' active slots with one
 * {@code MPI_Testsome} per poll ({@link MpiBinding#testSome}).
 *
 * <p>Thread-safety: state changes happen under {@link #lock}; one thread waits for a request at a time (mpjdev
 * contract), others only try the lock to make progress. MPI calls are made under {@link MpiDevice#LOCK}, taken
 * after {@link #lock} and released before {@link #unregister()} (which takes the device's pending-list lock).
 */
final class MpiRequest extends Request {
    private final Buffer buf;
    private final MpiBufferState state;
    private final ReentrantLock lock = new ReentrantLock();

    private MpiFraming framing;
    private boolean receive;
    private int selfId;      // send: the sender's id in the communicator
    private int peer;        // send: destination id; receive: requested source id or ANY_SOURCE
    private int tag;         // send: tag; receive: requested tag or ANY_TAG
    private boolean headActive; // state.head holds an operation not yet seen complete
    private boolean bodyActive; // state.body likewise
    private boolean registered;
    private int srcWorld;    // receive: world rank of the sender, once the head has arrived
    private int msgTag;      // receive: tag of the message, once the head has arrived
    private volatile boolean done;
    private RuntimeException error;
    // waitAny's scratch (grown on demand, then reused): the slots tested, their requests' positions, completed ones
    private MpiBinding.Req[] anySlots = new MpiBinding.Req[0];
    private int[] anyOwners = new int[0], anyCompleted = new int[0];

    MpiRequest(Buffer buf, MpiBufferState state) {
        this.buf = buf;
        this.state = state;
    }

    void startSend(MpiFraming f, int self, int dest, int t) {
        f.device.activity.sent();
        lock.lock();
        try {
            reset(f, false, dest, t);
            selfId = self;
            final MpiLock mpiLock = MpiDevice.LOCK;
            mpiLock.lock();
            try {
                bodyActive = f.postSend(buf, state, f.worldRank(dest), t);
                headActive = true;
            } finally {
                mpiLock.unlock();
            }
        } finally {
            lock.unlock();
        }
    }

    void startRecv(MpiFraming f, int source, int t) {
        lock.lock();
        try {
            reset(f, true, source, t);
            MpiFraming.prepareHead(buf);
            final MpiLock mpiLock = MpiDevice.LOCK;
            mpiLock.lock();
            try {
                f.postRecvHead(buf, state, source, t);
                headActive = true;
            } finally {
                mpiLock.unlock();
            }
            f.device.addPending(this);
            registered = true;
        } finally {
            lock.unlock();
        }
    }

    private void reset(MpiFraming f, boolean isReceive, int p, int t) {
        framing = f;
        receive = isReceive;
        peer = p;
        tag = t;
        headActive = false;
        bodyActive = false;
        error = null;
        done = false;
    }

    @Override
    public Status iwait() {
        if (!poll(false)) {
            final MpiDevice device = framing.device;
            final int waitedFor = framing.watchedPeer(peer); // send: the destination
            long stuckSince = PeerWatch.NOT_STUCK;
            try {
                for (int round = 0; !poll(true); round++) {
                    if (round == MpiDevice.WATCH_AFTER) device.activity.enter(Activity.WAIT, framing.size(), peer, tag);
                    stuckSince = device.betweenPolls(round, waitedFor, stuckSince);
                }
            } finally {
                device.activity.exit(Activity.WAIT);
            }
        }
        return result();
    }

    @Override
    public Status itest() {
        if (!poll(false)) {
            framing.device.progressPending();
            if (!poll(false)) return null;
        }
        return result();
    }

    @Override
    public boolean isDone() {
        try {
            return poll(false);
        } catch (RuntimeException e) {
            return true; // iwait/itest throw it
        }
    }

    /**
     * Waits for the first of {@code requests} to complete: every poll tests the active slots of all of them at once
     * ({@link MpiBinding#testSome}, one {@code MPI_Testsome} over the FFM binding), holding the locks of the requests
     * it could take (so no other thread tests those slots meanwhile), then finishes the completed ones in array
     * order. Requests of another backend are left to the generic loop.
     */
    @Override
    protected Status waitAny(Request[] requests) {
        for (Request q : requests) if (q != null && !(q instanceof MpiRequest)) return super.waitAny(requests);
        final MpiDevice device = framing.device;
        if (anySlots.length < requests.length) {
            anySlots = new MpiBinding.Req[requests.length];
            anyOwners = new int[requests.length];
            anyCompleted = new int[requests.length];
        }
        long stuckSince = PeerWatch.NOT_STUCK;
        try {
            for (int round = 0; ; round++) {
                int found = testAll(requests, device.mpi);
                if (found >= 0) return withIndex(requests[found].itest(), found);
                if (round == MpiDevice.WATCH_AFTER) device.activity.enter(Activity.WAIT_ANY, framing.size(), -1, -1);
                stuckSince = device.betweenPolls(round, PeerWatch.ANY, stuckSince);
            }
        } finally {
            device.activity.exit(Activity.WAIT_ANY);
        }
    }

    /** One poll of {@link #waitAny}: the index of a request that has completed, or -1. */
    private int testAll(Request[] requests, MpiBinding mpi) {
        int n = 0, k = 0;
        try {
            for (int i = 0; i < requests.length; i++) {
                MpiRequest m = (MpiRequest) requests[i];
                if (m == null) continue;
                if (m.done) return i;
                if (m.lock.isHeldByCurrentThread() || !m.lock.tryLock()) continue; // listed twice, or busy elsewhere
                anyOwners[n] = i;
                anySlots[n++] = m.done ? null : m.activeSlot();
                if (anySlots[n - 1] == null) return i; // completed meanwhile (or failed): finish it below
            }
            final MpiLock mpiLock = MpiDevice.LOCK;
            if (n == 0 || !mpiLock.tryLock()) return -1;
            try { // a failure here is MPI's (its default handler aborts first): thrown to the waiting thread
                k = mpi.testSome(anySlots, n, anyCompleted);
            } finally {
                mpiLock.unlock();
            }
            int first = -1;
            for (int j = 0; j < k; j++) { // finish every completed slot (latched until its owner tests it)
                int i = anyOwners[anyCompleted[j]];
                if (((MpiRequest) requests[i]).poll(false) && first < 0) first = i;
            }
            return first;
        } finally {
            for (int j = 0; j < n; j++) {
                anySlots[j] = null;
                ((MpiRequest) requests[anyOwners[j]]).lock.unlock();
            }
        }
    }

    /** The slot holding this request's next MPI operation, or null if none is outstanding; call holding {@link #lock}. */
    private MpiBinding.Req activeSlot() {
        return headActive ? state.head : bodyActive ? state.body : null;
    }

    /** The status, with index -1 (iwaitany sets its own index on the same object afterwards). */
    private Status result() {
        if (error != null) throw error;
        return withIndex(buf.status(), -1);
    }

    /**
     * Moves the operation on without blocking; true once it has completed (or failed). {@code inWaitLoop}: the caller
     * polls again soon, so when another thread is inside MPI this poll just reports "not yet" (that thread's call makes
     * progress for all) instead of queueing for {@link MpiDevice#LOCK}.
     */
    private boolean poll(boolean inWaitLoop) {
        if (done) return true;
        lock.lock();
        try {
            if (!done) {
                final MpiLock mpiLock = MpiDevice.LOCK;
                if (inWaitLoop) {
                    if (!mpiLock.tryLock()) return false;
                } else {
                    mpiLock.lock();
                }
                boolean complete;
                RuntimeException failure = null;
                try {
                    complete = receive ? pollReceive() : pollSend();
                } catch (DeviceException e) {
                    complete = true;
                    failure = e;
                } finally {
                    mpiLock.unlock();
                }
                if (!headActive) unregister();
                if (complete) finish(failure);
            }
            return done;
        } finally {
            lock.unlock();
        }
    }

    /**
     * For {@link MpiDevice#progressPending()} (holding the pending-list lock): if no other thread holds this request
     * and its head is still posted, takes the request's lock and returns the head's slot, to be tested with the
     * other pending heads in one {@link MpiBinding#testSome}; then the caller calls {@link #headTested} (for a
     * completed slot, latched) and in any case {@link #releaseHead}. Otherwise returns null, not holding the lock.
     */
    MpiBinding.Req holdPendingHead() {
        if (!lock.tryLock()) return null;
        if (!done && receive && headActive) return state.head;
        lock.unlock();
        return null;
    }

    /** The head slot {@link #holdPendingHead} returned has completed: handles its arrival (may post the body). */
    void headTested() {
        RuntimeException failure = null;
        final MpiLock mpiLock = MpiDevice.LOCK;
        mpiLock.lock(); // the slot is latched: no MPI call unless a body is posted
        try {
            pollHead();
        } catch (DeviceException e) {
            failure = e;
        } finally {
            mpiLock.unlock();
        }
        if (!headActive) unregister();
        if (failure != null) finish(failure);
    }

    /** Ends what {@link #holdPendingHead} began. */
    void releaseHead() {
        lock.unlock();
    }

    private boolean pollSend() {
        if (headActive) {
            if (!state.head.test()) return false;
            headActive = false;
        }
        if (bodyActive) {
            if (!state.body.test()) return false;
            bodyActive = false;
        }
        buf.completeSend(selfId, tag);
        return true;
    }

    private boolean pollReceive() {
        if (headActive && !pollHead()) return false;
        if (bodyActive) {
            if (!state.body.test()) return false;
            bodyActive = false;
        }
        buf.completeReceive(framing.sourceId(srcWorld), msgTag);
        return true;
    }

    /** Tests the head receive; once it has arrived, posts the body receive if it was an announcement. */
    private boolean pollHead() {
        if (!state.head.test()) return false;
        srcWorld = framing.headSource(state, peer, tag);
        msgTag = MpiFraming.headTag(state, peer, tag);
        headActive = false; // the caller unregisters this request once it has released MpiDevice.LOCK
        bodyActive = framing.headArrived(buf, state, srcWorld);
        return true;
    }

    private void unregister() {
        if (registered) {
            registered = false;
            framing.device.removePending(this);
        }
    }

    private void finish(RuntimeException e) {
        if (receive) framing.device.activity.received();
        unregister();
        if (!receive) framing.sendCompleted(buf);
        error = e;
        done = true;
        buf.returnFromDevice();
    }
}
