package hpjava.mpjdev.mt;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * An mt send or receive. One request object per buffer, reused for each operation on that buffer (kept in
 * {@link Buffer#deviceState()}), so that sends and receives allocate nothing. Completion: the thread that delivers
 * the message (or fails the operation) moves {@code state} from PENDING to DONE or FAILED by CAS, then unparks the
 * waiter if one has parked; waiters spin on {@code state} for a bounded window first.
 *
 * <p>Few cache lines cross between the two threads of a hand-off: the thread that delivers a message writes only the
 * data bytes (into {@link #segment}, captured by the owner when the receive starts) and this request's delivery
 * fields; the owner validates the message and fills in the buffer and its status in {@link #finish()} on its own
 * thread. The request is padded so that no other object shares its cache lines.
 */
final class MtRequest extends MtRequestFields {
    @SuppressWarnings("unused")
    private long q0, q1, q2, q3, q4, q5, q6, q7;

    MtRequest(Buffer buffer) {
        super(buffer);
    }

    static MtRequest forBuffer(Buffer buf) {
        Object ds = buf.deviceState();
        if (ds instanceof MtRequest r) return r;
        MtRequest r = new MtRequest(buf);
        buf.deviceState(r);
        return r;
    }
}

/** Padding before the request's fields (see {@link MtRequest}). */
abstract class MtRequestPadding extends Request {
    @SuppressWarnings("unused")
    private long p0, p1, p2, p3, p4, p5, p6, p7;
}

/** The fields of {@link MtRequest}, between its paddings. */
abstract class MtRequestFields extends MtRequestPadding {
    static final int IDLE = 0, PENDING = 1, DONE = 2, FAILED = 3;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(MtRequestFields.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Buffer buffer;
    MtComm comm;
    boolean isSend;
    /** For a send: the destination id; for a receive: the requested source id or ANY_SOURCE. */
    int peer;
    int tag;
    volatile int state;
    volatile Thread waiter;
    /**
     * When the completing thread completed a wait that had a registered (parking) waiter ({@link System#nanoTime()});
     * 0 if it saw none. Reset by the waiter before it registers, written before the completing CAS, which publishes
     * it: the waiter adapts its spin window to how late its partner came ({@link RankState#parked}).
     */
    long completedAt;
    DeviceException error;
    /** Link in a mailbox's posted-receive queue (guarded by the mailbox). */
    MtRequest next;
    /** A receive's destination memory: the buffer's segment when the receive started (read by the delivering thread). */
    MemorySegment segment;
    /**
     * A wildcard receive's matched source and tag, set by the delivering thread before it completes the request (the
     * completing CAS publishes them); a receive without wildcards knows them already, so its deliverer writes nothing
     * here.
     */
    int msgSource, msgTag;
    /** Owner's thread only: a receive whose message {@link #finish()} has not yet validated. */
    private boolean unvalidated;

    MtRequestFields(Buffer buffer) {
        this.buffer = buffer;
    }

    /**
     * Starts an operation on the owner's thread. The write of {@code state} needs no fence: it is published with the
     * request itself (by the mailbox monitor) to any thread that can complete it, and the owner reads it back in program
     * order (a release store is a plain store on x86; the volatile store it replaces cost a full fence per operation).
     */
    void start(MtComm c, boolean send, int peer, int tag) {
        this.comm = c;
        this.isSend = send;
        this.peer = peer;
        this.tag = tag;
        this.error = null;
        this.next = null;
        this.unvalidated = !send;
        this.segment = send ? null : buffer.segment();
        STATE.setRelease(this, PENDING);
    }

    /**
     * Records the envelope of a message copied into {@link #segment} (or the grown buffer) if the receive has a
     * wildcard; then call {@link #complete()}.
     */
    void delivered(int source, int tag) {
        if (peer == hpjava.mpjdev.Comm.ANY_SOURCE || this.tag == hpjava.mpjdev.Comm.ANY_TAG) {
            this.msgSource = source;
            this.msgTag = tag;
        }
    }

    /**
     * Completes a send on its owner's thread while no other thread can reach the request (its message was copied into
     * a posted receive or a staging buffer inside {@code deliverOrQueue}, before the request was returned to the
     * caller): there is no completing or failing thread to race with and nobody parked, so no CAS and no unpark.
     */
    void completeInline() {
        STATE.setRelease(this, DONE);
    }

    boolean complete() {
        if (waiter != null) completedAt = System.nanoTime();
        if (!STATE.compareAndSet(this, PENDING, DONE)) return false;
        Thread w = waiter;
        if (w != null) LockSupport.unpark(w);
        return true;
    }

    boolean fail(DeviceException e) {
        error = e;
        if (!STATE.compareAndSet(this, PENDING, FAILED)) return false;
        Thread w = waiter;
        if (w != null) LockSupport.unpark(w);
        return true;
    }

    @Override
    public boolean isDone() {
        return state >= DONE;
    }

    @Override
    public Status iwait() {
        if (state == PENDING) comm.job.await((MtRequest) this);
        return finish();
    }

    @Override
    public Status itest() {
        if (state == PENDING) {
            comm.job.checkStalled((MtRequest) this);
            if (state == PENDING) return null;
        }
        return finish();
    }

    /**
     * Observes completion on the owner's thread: validates a delivered message and fills in the buffer's status (once
     * per operation), gives the buffer back, rethrows a failure.
     */
    Status finish() {
        if (unvalidated) {
            unvalidated = false;
            if (state == DONE) try {
                boolean wild = peer == hpjava.mpjdev.Comm.ANY_SOURCE || tag == hpjava.mpjdev.Comm.ANY_TAG;
                buffer.completeReceive(wild ? msgSource : peer, wild ? msgTag : tag);
            } catch (DeviceException e) {
                error = e;
                STATE.set(this, FAILED);
            }
        }
        buffer.returnFromDevice();
        if (state == FAILED) throw error;
        return withIndex(buffer.status(), -1);
    }

    @Override
    protected Status waitAny(Request[] requests) {
        MtJob job = comm.job;
        int i = job.awaitAny(requests);
        Request r = requests[i];
        Status s = r instanceof MtRequest m ? m.finish() : r.itest();
        return withIndex(s, i);
    }

    /** For reports: e.g. {@code recv(source 1, tag 7, world)}. */
    String describe() {
        StringBuilder sb = new StringBuilder(isSend ? "send(dest " : "recv(source ");
        if (peer == hpjava.mpjdev.Comm.ANY_SOURCE) sb.append("ANY");
        else {
            sb.append(peer);
            int w = comm.context.worldRanks[peer];
            if (w != peer || !comm.context.isWorld()) sb.append(" = world rank ").append(w);
        }
        sb.append(", tag ").append(tag == hpjava.mpjdev.Comm.ANY_TAG && !isSend ? "ANY" : String.valueOf(tag));
        sb.append(", ").append(comm.context.description()).append(')');
        return sb.toString();
    }
}
