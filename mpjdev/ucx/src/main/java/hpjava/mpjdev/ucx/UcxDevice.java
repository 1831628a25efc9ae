package hpjava.mpjdev.ucx;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.JobAbortedException;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.idle.BackoffIdleStrategy;
import hpjava.mpjdev.ucx.ffm.Ucp;
import hpjava.mpjdev.ucx.ffm.UcpContext;
import hpjava.mpjdev.ucx.ffm.UcpStructs;
import hpjava.mpjdev.ucx.ffm.UcpWorker;
import hpjava.mpjdev.ucx.ffm.UcxException;

import java.lang.foreign.Arena;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import static hpjava.mpjdev.ucx.ffm.UcpConstants.UCS_INPROGRESS;
import static hpjava.mpjdev.ucx.ffm.UcpConstants.UCS_OK;
import static hpjava.mpjdev.ucx.ffm.UcpConstants.UCS_THREAD_MODE_SINGLE;

/**
 * One rank's UCX state and its operations: the life cycle (context, worker, an endpoint to every rank, itself
 * included), the device lock, the start of sends and receives, the wait loops that drive progress, and the UCX
 * requests still in flight. The receiving side (the active-message handler, tiny-message slots, matching and
 * landing) is {@link Landing}; finished peers are tracked by {@link PeerFailures}; the spin/yield/park policy is
 * {@link UcxOptions#idle}.
 *
 * <h2>Threads and the device lock</h2>
 * The worker is created in {@code UCS_THREAD_MODE_SINGLE} mode and every UCX call and every change of matching state
 * happens under one spin lock ({@link #tryLock()}/{@link #lock()}). The active-message handler runs inside
 * {@code ucp_worker_progress} on the thread that holds the lock, so it matches and lands messages directly: no
 * thread is ever woken to hand a message over (the weakness of [HPJava-RT]'s LAPI backend). A thread that waits for a
 * request drives progress itself: it spins (progress in a tight loop, then with {@link Thread#onSpinWait()}), then
 * yields the core while it keeps polling, and parks between polls only after a long wait (fewer spins when there are
 * more ranks on the host than cores, so that a spinning rank does not steal the core of the rank it waits for). Most
 * tiny messages are not handed to Java by UCX at all: they land in {@link TinySlots}, and the waiting thread matches
 * them when progress returns.
 *
 * <h2>Failure</h2>
 * The launcher tells each rank when a peer has finished (and how many messages it sent to this rank) and when the
 * job aborts ({@link #peerFinished}, {@link #abort}). A receive that can no longer be matched because its source
 * finished after all its messages were delivered fails with {@link PeerFailedException}; every waiting call throws
 * {@link JobAbortedException} once the job aborts.
 */
final class UcxDevice implements AutoCloseable {
    private static final VarHandle LOCK;
    private static final VarHandle PEER_EPOCH;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            LOCK = l.findVarHandle(UcxDevice.class, "lockWord", int.class);
            PEER_EPOCH = l.findVarHandle(UcxDevice.class, "peerEpoch", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int rank;
    final int size;
    /** This rank's record for the job watchdog (hooks at every blocking call). */
    final hpjava.mpjdev.watch.Activity activity = hpjava.mpjdev.watch.Activity.install();
    private final UcpContext context;
    private final UcpWorker worker;
    private final long workerHandle;
    private final long[] endpoints;
    private final Arena arena = Arena.ofShared();
    private final long sendParam;
    private final int[] sentTo;
    private final Landing landing;
    /** {@link Landing#matcher} and {@link Landing#slots}, held here too so that hot paths reach them directly. */
    private final Matcher matcher;
    private final TinySlots slots;
    private final PeerFailures peers;
    /** The wait strategy of this rank's wait loops ({@link UcxOptions#idle}). */
    private final BackoffIdleStrategy idle;
    /** Idle rounds between the slot sweeps of a wait while a slot may hold a message no one has taken. */
    static final int SWEEP_ROUNDS = 64;

    @SuppressWarnings("unused") // accessed through LOCK
    private volatile int lockWord;

    /** In-flight UCX requests (sends not completed inline, rendezvous receives), guarded by the lock. */
    private UcxRequest inflightHead;

    /** Bumped (after {@link PeerFailures#record}) whenever a peer finishes; 0 while none has. */
    private volatile int peerEpoch;
    private volatile String abortReason;
    /** An exception thrown inside the active-message handler (which must not let it escape into UCX). */
    private volatile Throwable handlerFailure;

    private UcxDevice(int rank, int size, int localRanks) {
        if (size > Envelope.MAX_RANKS) {
            throw new IllegalArgumentException("ucx: " + size + " ranks; at most " + Envelope.MAX_RANKS);
        }
        this.rank = rank;
        this.size = size;
        this.context = UcpContext.create("hpjava-rank-" + rank, size, localRanks);
        UcpWorker w;
        try {
            w = UcpWorker.create(context, UCS_THREAD_MODE_SINGLE, "hpjava-rank-" + rank);
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
        this.worker = w;
        this.workerHandle = w.handle();
        this.endpoints = new long[size];
        this.sentTo = new int[size];
        this.sendParam = arena.allocate(UcpStructs.UCP_REQUEST_PARAM).address();
        this.peers = new PeerFailures(rank, size);
        this.idle = UcxOptions.ofRank().idle(localRanks);
        this.landing = new Landing(this, worker, rank, size, arena); // no message arrives before connect()
        this.matcher = landing.matcher;
        this.slots = landing.slots;
    }

    /** Opens the device of rank {@code rank} of {@code size}; {@code localRanks} ranks share this host. */
    static UcxDevice open(int rank, int size, int localRanks) {
        return new UcxDevice(rank, size, localRanks);
    }

    /** This rank's worker address, for the bootstrap exchange. */
    byte[] address() {
        return worker.address();
    }

    /** Creates the endpoint to every rank (this one included) from their worker addresses, indexed by rank. */
    void connect(byte[][] addresses) {
        lock();
        try {
            for (int r = 0; r < size; r++) endpoints[r] = worker.connect(addresses[r], "rank-" + rank + "->" + r);
        } finally {
            unlock();
        }
    }

    // ------------------------------------------------------------------ lock

    boolean tryLock() {
        return LOCK.compareAndSet(this, 0, 1);
    }

    void lock() {
        while (!LOCK.compareAndSet(this, 0, 1)) Thread.onSpinWait();
    }

    void unlock() {
        LOCK.setRelease(this, 0);
    }

    // ------------------------------------------------------------------ operations (callers hold no lock)

    /**
     * Starts sending {@code r}'s buffer to world rank {@code dest}; the request is complete if UCX sent it inline. A
     * tiny message goes in the compact form ({@link TinyMessage}, one cache line at the receiver), any other with the
     * envelope as active-message header and the data from the buffer's memory.
     */
    void startSend(UcxRequest r, long commContext, int dest, int tag) {
        checkUsable();
        final Buffer b = r.buffer;
        final long length = b.length();
        lock();
        try {
            int seq = sentTo[dest]++;
            r.seq = seq;
            final TinySlots t = slots;
            int credit = t == null ? 0 : t.creditFor(dest);
            int tinyBytes = TinyMessage.encode(b.segment(), length, r.staging, commContext, rank, tag, seq, credit);
            long sp;
            if (tinyBytes > 0 && t != null && t.maySend(dest)) {
                // the whole message as the header: the receiver's copying handler puts it in our slot there
                sp = Ucp.ucp_am_send_nbx(endpoints[dest], t.amId(), r.stagingAddress, tinyBytes, 0, 0, sendParam);
                if (!Ucp.isError(sp)) t.sent(dest);
            } else if (tinyBytes > 0) {
                sp = Ucp.ucp_am_send_nbx(endpoints[dest], Envelope.AM_ID, 0, 0, r.stagingAddress, tinyBytes,
                        sendParam);
            } else {
                Envelope.write(r.stagingAddress, commContext, rank, tag, seq, 0, 0, credit);
                sp = Ucp.ucp_am_send_nbx(endpoints[dest], Envelope.AM_ID, r.stagingAddress, Envelope.BYTES,
                        b.segment().address(), length, sendParam);
            }
            if (sp == 0) {
                r.complete();
            } else if (Ucp.isError(sp)) {
                r.fail(UcxRequest.DEVICE, new UcxException("ucp_am_send_nbx to rank " + dest,
                        Ucp.errorStatus(sp)).getMessage());
            } else {
                r.ucxRequest = sp;
                addInflight(r);
            }
        } finally {
            unlock();
        }
    }

    /** Posts receive {@code r}; it completes at once if a matching message is already here. */
    void startRecv(UcxRequest r) {
        checkUsable();
        lock();
        try {
            if (slots != null) landing.takeSlotsFor(r); // a message already in a slot must be found by the post
            matcher.post(r.posted);
        } finally {
            unlock();
        }
    }

    /** Waits until {@code r} is complete or the job aborts, driving progress (spin, yield, then park). */
    void await(UcxRequest r) {
        for (int round = idle.reset(); r.state == UcxRequest.PENDING; ) {
            if (abortReason != null || handlerFailure != null) return;
            int events = 0;
            if (tryLock()) {
                try {
                    events = pollLocked(r);
                    if (events == 0 && landing.slotsUnswept
                            && ((round & (SWEEP_ROUNDS - 1)) == SWEEP_ROUNDS - 1 || !idle.spinning(round))) {
                        landing.takeAllSlots(); // after the spin, every round: yielding or parking costs more
                    }
                } finally {
                    unlock();
                }
                if (r.state != UcxRequest.PENDING) return;
            }
            round = idle.idle(events, round);
        }
    }

    /** Waits until one of {@code requests} (all of this device) is complete; returns its index, or -1 on abort. */
    int awaitAny(Request[] requests) {
        for (int round = idle.reset(); ; ) {
            for (int i = 0; i < requests.length; i++) {
                if (requests[i] != null && ((UcxRequest) requests[i]).state != UcxRequest.PENDING) return i;
            }
            if (abortReason != null || handlerFailure != null) return -1;
            int events = 0;
            if (tryLock()) {
                try {
                    events = pollLocked(null);
                } finally {
                    unlock();
                }
            }
            round = idle.idle(events, round);
        }
    }

    /** One round of progress if the lock is free (for {@code itest}/{@code isDone}); never blocks. */
    void pollOnce() {
        if (tryLock()) {
            try {
                pollLocked(null);
            } finally {
                unlock();
            }
        }
    }

    /** Drives progress until {@code done} reports true (the end of the job: peers may still fetch from us). */
    void progressUntil(BooleanSupplier done) {
        while (!done.getAsBoolean()) {
            pollOnce();
            LockSupport.parkNanos(UcxOptions.PARK_NANOS); // nothing urgent: peers only fetch rendezvous data now
        }
    }

    /**
     * Progress, taking slot messages (those {@code waiting} for, a receive from one source, may complete; all, when
     * {@code waiting} is {@code null} or something else), completion of in-flight UCX requests, failure of requests
     * whose peers are gone. Lock held.
     */
    private int pollLocked(UcxRequest waiting) {
        int events = Ucp.ucp_worker_progress(workerHandle);
        if (events > 0 && slots != null && !landing.takeSlotsFor(waiting)) landing.slotsUnswept = true;
        if (inflightHead != null) pollInflight();
        if (peerEpoch != 0) failOrphans();
        return events;
    }

    /** Fails posted receives and in-flight sends that can never complete because their peers finished. Lock held. */
    private void failOrphans() {
        if (slots != null) landing.takeAllSlots(); // a message still in a slot has arrived: count it as delivered
        peers.failOrphans(matcher, this);
    }

    // ------------------------------------------------------------------ in-flight UCX requests (lock held)

    private void pollInflight() {
        UcxRequest r = inflightHead;
        while (r != null) {
            UcxRequest next = r.nextInflight;
            byte st = Ucp.ucp_request_check_status(r.ucxRequest);
            if (st != UCS_INPROGRESS) {
                removeInflight(r);
                Ucp.ucp_request_free(r.ucxRequest);
                r.ucxRequest = 0;
                if (st == UCS_OK) {
                    if (r.isSend) r.complete(); else r.completeLanded();
                } else {
                    r.fail(UcxRequest.DEVICE, (r.isSend ? "send" : "receive") + " failed in UCX: "
                            + Ucp.statusString(st));
                }
            }
            r = next;
        }
    }

    /** Tracks {@code r}, whose UCX request {@code r.ucxRequest} has not completed, until it does. */
    void addInflight(UcxRequest r) {
        r.prevInflight = null;
        r.nextInflight = inflightHead;
        if (inflightHead != null) inflightHead.prevInflight = r;
        inflightHead = r;
    }

    private void removeInflight(UcxRequest r) {
        if (r.prevInflight == null) inflightHead = r.nextInflight; else r.prevInflight.nextInflight = r.nextInflight;
        if (r.nextInflight != null) r.nextInflight.prevInflight = r.prevInflight;
        r.nextInflight = r.prevInflight = null;
    }

    /** The first in-flight request (the rest follow through {@code nextInflight}), or {@code null}. */
    UcxRequest firstInflight() {
        return inflightHead;
    }

    /** Stops tracking {@code r} and cancels and frees its UCX request; the caller fails {@code r}. */
    void cancelInflight(UcxRequest r) {
        removeInflight(r);
        Ucp.ucp_request_cancel(workerHandle, r.ucxRequest);
        Ucp.ucp_request_free(r.ucxRequest);
        r.ucxRequest = 0;
    }

    // ------------------------------------------------------------------ peers finishing, job abort, failures

    /** Called by the control thread; see {@link PeerFailures#record}. */
    void peerFinished(int peer, int sentToMe, int deliveredFromMe, int[] unconsumedFromMe) {
        peers.record(peer, sentToMe, deliveredFromMe, unconsumedFromMe);
        PEER_EPOCH.getAndAdd(this, 1);
    }

    /**
     * What this rank reports when its program has finished (it will post no more receives): per world rank, the
     * messages sent to it, the messages delivered from it in order, and the sequence numbers of those among them that
     * no receive took. Allocates; called once.
     */
    FinishReport finishReport() {
        lock();
        try {
            if (slots != null) landing.takeAllSlots();
            int[] delivered = new int[size];
            int[][] unconsumed = new int[size][];
            for (int s = 0; s < size; s++) {
                delivered[s] = matcher.delivered(s);
                unconsumed[s] = matcher.unconsumed(s);
            }
            return new FinishReport(sentTo.clone(), delivered, unconsumed);
        } finally {
            unlock();
        }
    }

    /** Called by the control thread: the job is ending; every waiting and later call throws. */
    void abort(String reason) {
        abortReason = reason;
    }

    /** Called by the handler, which must not throw: the first failure is reported by every later device call. */
    void handlerFailed(Throwable t) {
        if (handlerFailure == null) handlerFailure = t;
    }

    /** Throws if the job is aborting or the handler failed: device calls made afterwards must not proceed. */
    void checkUsable() {
        String reason = abortReason;
        if (reason != null) throw new JobAbortedException(reason);
        Throwable t = handlerFailure;
        if (t != null) throw new DeviceException("the ucx active-message handler failed: " + t, t);
    }

    /** The exception a request that stopped waiting without completing must throw. */
    RuntimeException abandoned() {
        String reason = abortReason;
        if (reason != null) return new JobAbortedException(reason);
        Throwable t = handlerFailure;
        return new DeviceException("the ucx active-message handler failed: " + t, t);
    }

    /** A one-line account of the matching state, for diagnostics on timeouts and failures. */
    String describeState() {
        lock();
        try {
            return "rank " + rank + ": " + matcher.unexpectedCount() + " unexpected message(s), posted receives "
                    + (matcher.hasPosted() ? "waiting" : "none") + ", in-flight UCX requests "
                    + (inflightHead != null ? "yes" : "none") + ", sent " + Arrays.toString(sentTo)
                    + (slots != null ? ", " + slots.describe() : ", no tiny-message slots");
        } finally {
            unlock();
        }
    }

    /**
     * Releases UCX resources. Destroying the worker releases its endpoints without flushing them (the job has ended,
     * peers may be gone): UCX 1.13 refuses a forced {@code ucp_ep_close_nbx} on endpoints without peer error handling
     * ({@code UCS_ERR_INVALID_PARAM}), and a flushing close could wait for a peer that has exited.
     */
    @Override
    public void close() {
        lock();
        try {
            matcher.drainRetained(landing::releaseData);
            Arrays.fill(endpoints, 0);
            worker.close();
            context.close();
        } finally {
            unlock();
            arena.close();
        }
    }
}
