package hpjava.mpjdev.mpi;

import hpjava.mpjdev.watch.Activity;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A non-blocking send or receive of the mpi backend, carried by MPI requests in the buffer's request slots. There is
 * one per {@link Buffer} (kept in its {@link MpiBufferState}) and it is reused by each operation on that buffer, so
 * starting and completing operations allocates nothing here.
 *
 * <p>States: a send has a head request (the inline message or the announcement) and, for a large message, a body
 * request. A receive has a head request; when the head turns out to be an announcement, the body receive is posted
 * (by whichever thread observes it, see {@link MpiDevice#progressPending()}) and the request completes with the body.
 * Waiting polls (test, progress on other posted receives, back off), never blocks inside MPI, so a rank always
 * posts the bodies its peers are waiting to send.
 *
 * <p>Thread-safety: state changes happen under {@link #lock}; one thread waits for a request at a time (mpjdev
 * contract), others only try the lock to make progress. MPI calls are made under {@link MpiDevice#LOCK}, taken
 * after {@link #lock} and released before {@link #unregister()} (which takes the device's pending-list lock).
 */
final class MpiRequest extends Request {
    private final Buffer buf;
    private final MpiBufferState state;
    private final ReentrantLock lock = new ReentrantLock();

    private MpiComm comm;
    private boolean receive;
    private int peer;        // send: destination id; receive: requested source id or ANY_SOURCE
    private int tag;         // send: tag; receive: requested tag or ANY_TAG
    private boolean headActive; // state.head holds an operation not yet seen complete
    private boolean bodyActive; // state.body likewise
    private boolean registered;
    private int srcWorld;    // receive: world rank of the sender, once the head has arrived
    private int msgTag;      // receive: tag of the message, once the head has arrived
    private volatile boolean done;
    private RuntimeException error;

    MpiRequest(Buffer buf, MpiBufferState state) {
        this.buf = buf;
        this.state = state;
    }

    void startSend(MpiComm c, int dest, int t) {
        c.device.activity.sent();
        lock.lock();
        try {
            reset(c, false, dest, t);
            MemorySegment seg = buf.segment();
            int len = MpiComm.wireLength(buf);
            int destWorld = c.worldRank(dest);
            final MpiBinding mpi = c.device.mpi;
            final ReentrantLock mpiLock = MpiDevice.LOCK;
            mpiLock.lock();
            try {
                if (len <= MpiComm.INLINE_MAX) {
                    c.stamp(seg);
                    mpi.isend(seg, len, destWorld, t, c.channel, state.head);
                    headActive = true;
                } else {
                    int bodyTag = c.device.nextBodyTag(destWorld);
                    mpi.isend(c.announce(state, len, bodyTag), MpiBufferState.ANNOUNCE_BYTES, destWorld, t, c.channel, state.head);
                    headActive = true;
                    mpi.isend(seg, len, destWorld, bodyTag, c.device.bulk(), state.body);
                    bodyActive = true;
                }
            } catch (RuntimeException e) {
                c.unstamp(seg);
                throw e;
            } finally {
                mpiLock.unlock();
            }
        } finally {
            lock.unlock();
        }
    }

    void startRecv(MpiComm c, int source, int t) {
        lock.lock();
        try {
            reset(c, true, source, t);
            MemorySegment seg = MpiComm.prepareHead(buf);
            final ReentrantLock mpiLock = MpiDevice.LOCK;
            mpiLock.lock();
            try {
                c.device.mpi.irecv(seg, MpiComm.capacityForMpi(buf), c.mpiSource(source), c.mpiTag(t), c.channel,
                        state.head, source == Comm.ANY_SOURCE || t == Comm.ANY_TAG);
                headActive = true;
            } finally {
                mpiLock.unlock();
            }
            c.device.addPending(this);
            registered = true;
        } finally {
            lock.unlock();
        }
    }

    private void reset(MpiComm c, boolean isReceive, int p, int t) {
        comm = c;
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
            final MpiDevice device = comm.device;
            final int waitedFor = peer == Comm.ANY_SOURCE ? PeerWatch.ANY : comm.worldRank(peer);
            long stuckSince = PeerWatch.NOT_STUCK;
            device.activity.enter(Activity.WAIT, comm, peer, tag);
            try {
                for (int round = 0; !poll(true); round++) stuckSince = device.betweenPolls(round, waitedFor, stuckSince);
            } finally {
                device.activity.exit(Activity.WAIT);
            }
        }
        return result();
    }

    @Override
    public Status itest() {
        if (!poll(false)) {
            comm.device.progressPending();
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

    @Override
    protected Status waitAny(Request[] requests) {
        final MpiDevice device = comm.device;
        long stuckSince = PeerWatch.NOT_STUCK;
        device.activity.enter(Activity.WAIT_ANY, comm, -1, -1);
        try {
            for (int round = 0; ; round++) {
                for (int i = 0; i < requests.length; i++) {
                    Request r = requests[i];
                    if (r != null && (r instanceof MpiRequest m ? m.poll(true) : r.isDone())) return withIndex(r.itest(), i);
                }
                stuckSince = device.betweenPolls(round, PeerWatch.ANY, stuckSince);
            }
        } finally {
            device.activity.exit(Activity.WAIT_ANY);
        }
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
                final ReentrantLock mpiLock = MpiDevice.LOCK;
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
     * Called by {@link MpiDevice#progressPending()} (holding the pending-list lock): if no other thread holds this
     * request or MPI, looks at its head.
     */
    void tryProgressHead() {
        if (!lock.tryLock()) return;
        try {
            if (!done && receive && headActive) {
                final ReentrantLock mpiLock = MpiDevice.LOCK;
                if (!mpiLock.tryLock()) return;
                RuntimeException failure = null;
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
        } finally {
            lock.unlock();
        }
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
        buf.completeSend(comm.id(), tag);
        return true;
    }

    private boolean pollReceive() {
        if (headActive && !pollHead()) return false;
        if (bodyActive) {
            if (!state.body.test()) return false;
            bodyActive = false;
        }
        buf.completeReceive(comm.sourceId(srcWorld), msgTag);
        return true;
    }

    /** Tests the head receive; once it has arrived, posts the body receive if it was an announcement. */
    private boolean pollHead() {
        if (!state.head.test()) return false;
        if (peer == Comm.ANY_SOURCE || tag == Comm.ANY_TAG) {
            srcWorld = state.head.source();
            msgTag = state.head.tag();
        } else {
            srcWorld = comm.worldRank(peer);
            msgTag = tag;
        }
        headActive = false; // the caller unregisters this request once it has released MpiDevice.LOCK
        int bodyTag = comm.headArrived(buf);
        if (bodyTag >= 0) {
            comm.iRecvBody(buf, state, srcWorld, bodyTag);
            bodyActive = true;
        }
        return true;
    }

    private void unregister() {
        if (registered) {
            registered = false;
            comm.device.removePending(this);
        }
    }

    private void finish(RuntimeException e) {
        if (receive) comm.device.activity.received();
        unregister();
        if (!receive) comm.unstamp(buf.segment());
        error = e;
        done = true;
        buf.returnFromDevice();
    }

    private String describePeer() {
        return peer == Comm.ANY_SOURCE ? "any source" : Integer.toString(peer);
    }
}
