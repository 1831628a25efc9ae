package hpjava.mpjdev.ucx;

import hpjava.mpjdev.watch.Activity;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A send or receive on the ucx device. One object per {@link Buffer} ({@link Buffer#deviceState()}), reused by every
 * operation on that buffer, so that the steady state allocates nothing; it owns the native staging memory of a send
 * (the envelope header, or a whole {@link TinyMessage}), which UCX 1.13 reads until the send completes.
 *
 * <p>State changes happen under the device lock (on whichever thread drives progress); {@link #state} is volatile so
 * the waiting thread sees the buffer's content and status once it reads a final state.
 */
final class UcxRequest extends Request {
    static final int PENDING = 0;
    static final int DONE = 1;
    static final int FAILED = 2;

    /** Failure kinds. */
    static final int DEVICE = 0;
    static final int PEER = 1;

    final UcxDevice device;
    final Buffer buffer;
    final PostedReceive posted = new PostedReceive(this);
    /** A send's envelope header ({@link Envelope}) or whole tiny message ({@link TinyMessage}). */
    final MemorySegment staging;
    final long stagingAddress;

    UcxComm comm;
    boolean isSend;
    /** World rank of the destination (send). */
    int peerWorld;
    int tag;
    /** Sequence number of a send's message to {@link #peerWorld} (see {@link Envelope}). */
    int seq;
    /** Communicator id and tag of the message landed in a receive. */
    int landedSource;
    int landedTag;
    /** UCX request being polled, or 0. Guarded by the device lock. */
    long ucxRequest;
    UcxRequest nextInflight;
    UcxRequest prevInflight;

    /** Read with volatile semantics; written with release stores ({@link #setState}): no full fence per message. */
    volatile int state = DONE;
    private int failureKind;
    private String failure;
    /** Whether the caller has observed completion (the buffer is back with the caller). Caller's thread only. */
    private boolean observed = true;

    private UcxRequest(UcxDevice device, Buffer buffer) {
        this.device = device;
        this.buffer = buffer;
        this.staging = Arena.ofAuto().allocate(TinyMessage.STAGING_BYTES, 8);
        this.stagingAddress = staging.address();
    }

    /** The request object of {@code buffer} on {@code device}, created on first use. */
    static UcxRequest of(UcxDevice device, Buffer buffer) {
        if (buffer.deviceState() instanceof UcxRequest r && r.device == device) return r;
        UcxRequest r = new UcxRequest(device, buffer);
        buffer.deviceState(r);
        return r;
    }

    /** Resets for a new operation; the caller has lent the buffer to the device. */
    void start(UcxComm comm, boolean isSend, int peerWorld, int tag) {
        this.comm = comm;
        this.isSend = isSend;
        this.peerWorld = peerWorld;
        this.tag = tag;
        this.failure = null;
        this.observed = false;
        setState(PENDING);
    }

    private static final java.lang.invoke.VarHandle STATE;

    static {
        try {
            STATE = java.lang.invoke.MethodHandles.lookup().findVarHandle(UcxRequest.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * A release store: everything written before (the landed message, the status) is visible to a thread that then
     * reads {@link #state}. The PENDING store at the start of an operation needs no more: the operation is published
     * to other threads by the device lock.
     */
    private void setState(int s) {
        STATE.setRelease(this, s);
    }

    // ------------------------------------------------------------------ completion (device lock held)

    void complete() {
        setState(DONE);
    }

    /** The message is in the buffer: validate it and fill in the status. */
    void completeLanded() {
        try {
            buffer.completeReceive(landedSource, landedTag);
            setState(DONE);
        } catch (DeviceException e) {
            fail(DEVICE, e.getMessage());
        }
    }

    /** A tiny message's image, well formed by construction, is in the buffer: fill in the status. */
    void completeLandedWellFormed(long length, int sections, long elements) {
        buffer.completeReceiveWellFormed(landedSource, landedTag, length, sections, elements);
        setState(DONE);
    }

    void fail(int kind, String message) {
        failureKind = kind;
        failure = message;
        setState(FAILED);
    }

    // ------------------------------------------------------------------ Request

    @Override
    public Status iwait() {
        if (state == PENDING) {
            device.activity.enter(Activity.WAIT, comm, isSend ? comm.localId(peerWorld)
                    : posted.source == PostedReceive.ANY ? -1 : comm.localId(posted.source), tag);
            try {
                device.await(this);
            } finally {
                device.activity.exit(Activity.WAIT);
            }
            if (state == PENDING) throw device.abandoned();
        }
        return observe();
    }

    @Override
    public Status itest() {
        if (state == PENDING) {
            device.pollOnce();
            if (state == PENDING) {
                device.checkUsable();
                return null;
            }
        }
        return observe();
    }

    @Override
    public boolean isDone() {
        if (state == PENDING) device.pollOnce();
        return state != PENDING;
    }

    @Override
    protected Status waitAny(Request[] requests) {
        for (Request q : requests) {
            if (q != null && (!(q instanceof UcxRequest u) || u.device != device)) return super.waitAny(requests);
        }
        device.activity.enter(Activity.WAIT_ANY, comm, -1, -1);
        int i;
        try {
            i = device.awaitAny(requests);
        } finally {
            device.activity.exit(Activity.WAIT_ANY);
        }
        if (i < 0) throw device.abandoned();
        return withIndex(((UcxRequest) requests[i]).observe(), i);
    }

    /**
     * Hands the buffer back to the caller on first observation; returns the status (index -1; {@code waitAny} sets
     * its own) or throws the failure.
     */
    private Status observe() {
        if (!observed) {
            observed = true;
            if (state == DONE && isSend) buffer.completeSend(comm.id(), tag);
            if (!isSend) device.activity.received();
            buffer.returnFromDevice();
        }
        if (state == FAILED) {
            throw failureKind == PEER ? new PeerFailedException(failure) : new DeviceException(failure);
        }
        return withIndex(buffer.status(), -1);
    }

    @Override
    public String toString() {
        return (isSend ? "send to " : "receive from ") + (isSend ? comm.localId(peerWorld) : posted.source) + " tag "
                + tag + (state == PENDING ? " (pending)" : state == DONE ? " (done)" : " (failed: " + failure + ")");
    }
}
