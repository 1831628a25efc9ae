package hpjava.mpjdev.mt;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * An mt send or receive. One request object per buffer, reused for each operation on that buffer (kept in
 * {@link Buffer#deviceState()}), so that sends and receives allocate nothing. Completion: the thread that delivers
 * the message (or fails the operation) moves {@code state} from PENDING to DONE or FAILED by CAS, then unparks the
 * waiter if one has parked; waiters spin on {@code state} for a bounded window first.
 */
final class MtRequest extends Request {
    static final int IDLE = 0, PENDING = 1, DONE = 2, FAILED = 3;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(MtRequest.class, "state", int.class);
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
    DeviceException error;
    /** Link in a mailbox's posted-receive queue (guarded by the mailbox). */
    MtRequest next;

    MtRequest(Buffer buffer) {
        this.buffer = buffer;
    }

    static MtRequest forBuffer(Buffer buf) {
        Object ds = buf.deviceState();
        if (ds instanceof MtRequest r) return r;
        MtRequest r = new MtRequest(buf);
        buf.deviceState(r);
        return r;
    }

    void start(MtComm c, boolean send, int peer, int tag) {
        this.comm = c;
        this.isSend = send;
        this.peer = peer;
        this.tag = tag;
        this.error = null;
        this.next = null;
        this.state = PENDING;
    }

    boolean complete() {
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
        if (state == PENDING) comm.job.await(this);
        return finish();
    }

    @Override
    public Status itest() {
        if (state == PENDING) {
            comm.job.checkStalled(this);
            if (state == PENDING) return null;
        }
        return finish();
    }

    /** Observes completion on the owner's thread: gives the buffer back, rethrows a failure. */
    Status finish() {
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
        sb.append(", ").append(comm.context.description).append(')');
        return sb.toString();
    }
}
