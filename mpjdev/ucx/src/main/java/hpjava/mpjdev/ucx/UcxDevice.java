package hpjava.mpjdev.ucx;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.JobAbortedException;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.ucx.ffm.Ucp;
import hpjava.mpjdev.ucx.ffm.UcpContext;
import hpjava.mpjdev.ucx.ffm.UcpStructs;
import hpjava.mpjdev.ucx.ffm.UcpWorker;
import hpjava.mpjdev.ucx.ffm.UcxException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

import static hpjava.mpjdev.ucx.ffm.NativeMemory.ALL;
import static hpjava.mpjdev.ucx.ffm.UcpConstants.*;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

/**
 * One rank's UCX state: context, worker, an endpoint to every rank (itself included), the matching state, and the
 * wait loop.
 *
 * <h2>Threads and the device lock</h2>
 * The worker is created in {@code UCS_THREAD_MODE_SINGLE} mode and every UCX call and every change of matching state
 * happens under one spin lock ({@link #tryLock()}/{@link #lock()}). The active-message handler runs inside
 * {@code ucp_worker_progress} on the thread that holds the lock, so it matches and lands messages directly: no
 * thread is ever woken to hand a message over (the weakness of seed 003's LAPI backend). A thread that waits for a
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
    /** Release/acquire access to {@link #finishedSent}, which publishes the rest of a finished peer's report. */
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            LOCK = l.findVarHandle(UcxDevice.class, "lockWord", int.class);
            PEER_EPOCH = l.findVarHandle(UcxDevice.class, "peerEpoch", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Progress rounds spent spinning before yielding while every local rank has a core (~10 ms): as long as a raw
     * UCX program (or MPI) would keep spinning for a partner that is about to answer. Yielding sooner hands the core
     * to other processes for a whole time slice on a busy host, and the answer then waits for that slice to end.
     * {@code -Dhpjava.ucx.spins=N} overrides it.
     */
    private static final int SPINS = Integer.getInteger("hpjava.ucx.spins", 200_000);
    /**
     * Progress rounds spun without {@link Thread#onSpinWait()} first (~20-50 us). A message landed through a slot
     * ({@link TinySlots}) is seen only when progress returns, so a pause between rounds delays every answer: without
     * it an 8-byte half round trip measured 4-8 % shorter (in-process A/B). The pause comes back for longer waits,
     * where it spares a sibling hardware thread and lets a hypervisor see the spin. {@code -Dhpjava.ucx.tightSpins=N}
     * overrides it.
     */
    private static final int TIGHT_SPINS = Integer.getInteger("hpjava.ucx.tightSpins", 1_000);
    /** With more ranks than cores the partner may need our core: spin briefly, then yield it. */
    private static final int SPINS_OVERSUBSCRIBED = 100;
    /** How long a waiting thread yields before it parks between progress rounds. */
    private static final long YIELD_NANOS = 20_000_000L;
    /** Park interval of a long wait. */
    private static final long PARK_NANOS = 100_000L;

    final int rank;
    final int size;
    private final UcpContext context;
    private final UcpWorker worker;
    private final long workerHandle;
    private final long[] endpoints;
    private final Arena arena = Arena.ofShared();
    private final long sendParam;
    private final long recvParam;
    private final int[] sentTo;
    private final DeviceMatcher matcher;
    /** Upcall-free reception of tiny messages, or {@code null} (see {@link TinySlots}). */
    private final TinySlots slots;
    /**
     * Whether a slot may hold a message no one has taken: set by a poll whose progress delivered something but that
     * took only the slot its own receive waits for, cleared when every slot has been looked at. A message another
     * thread's progress call put in a slot must still be found by the thread waiting for it, whose own progress calls
     * may deliver nothing more: a wait that stays idle sweeps every {@link #SWEEP_ROUNDS} rounds while this is set
     * (every round once it no longer spins).
     * (Looking at the slot on every idle round instead measured 15-20 % slower in separate launches.) Guarded by the
     * lock.
     */
    private boolean slotsUnswept;
    /** Idle rounds between the sweeps of a wait while {@link #slotsUnswept}. */
    private static final int SWEEP_ROUNDS = 64;
    private final int spinLimit;

    @SuppressWarnings("unused") // accessed through LOCK
    private volatile int lockWord;

    /** In-flight UCX requests (sends not completed inline, rendezvous receives), guarded by the lock. */
    private UcxRequest inflightHead;

    /** Per world rank: messages it reported having sent to this rank when it finished, or -1; see {@link #peerEpoch}. */
    private final int[] finishedSent;
    /**
     * Per finished world rank: how many of this rank's messages had been delivered to it in order when it finished,
     * and the sequence numbers of those it had not taken into a receive (sorted). An in-flight send to a finished
     * rank completes if the rank took the message (it keeps serving progress until the job ends), and fails
     * otherwise; see {@link #failOrphans}.
     */
    private final int[] finishedDelivered;
    private final int[][] finishedUnconsumed;
    /** Bumped (after {@link #finishedSent} is written) whenever a peer finishes; 0 while none has. */
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
        this.finishedSent = new int[size];
        Arrays.fill(finishedSent, -1);
        this.finishedDelivered = new int[size];
        this.finishedUnconsumed = new int[size][];
        this.sendParam = arena.allocate(UcpStructs.UCP_REQUEST_PARAM).address();
        this.recvParam = arena.allocate(UcpStructs.UCP_REQUEST_PARAM).address();
        this.matcher = new DeviceMatcher(size);
        int cores = Runtime.getRuntime().availableProcessors();
        this.spinLimit = localRanks <= cores ? SPINS : SPINS_OVERSUBSCRIBED;
        try {
            MethodHandle handler = MethodHandles.lookup().findVirtual(UcxDevice.class, "onActiveMessage",
                    MethodType.methodType(byte.class, long.class, long.class, long.class, long.class, long.class,
                            long.class)).bindTo(this);
            MemorySegment stub = Ucp.amRecvCallbackStub(handler, arena);
            worker.setAmHandler(Envelope.AM_ID, UCP_AM_FLAG_WHOLE_MSG, stub, 0);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        this.slots = TinySlots.open(worker, rank, size, arena);
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
            if (slots != null) takeSlotsFor(r); // a message already in a slot must be found by the post
            matcher.post(r.posted);
        } finally {
            unlock();
        }
    }

    /** Waits until {@code r} is complete or the job aborts, driving progress (spin, yield, then park). */
    void await(UcxRequest r) {
        int idle = 0;
        long yieldingSince = 0;
        while (r.state == UcxRequest.PENDING) {
            if (abortReason != null || handlerFailure != null) return;
            if (tryLock()) {
                int events;
                try {
                    events = pollLocked(r);
                    if (events == 0 && slotsUnswept
                            && ((idle & (SWEEP_ROUNDS - 1)) == SWEEP_ROUNDS - 1 || idle >= spinLimit)) {
                        takeAllSlots(); // after the spin, every round: yielding or parking costs more
                    }
                } finally {
                    unlock();
                }
                if (r.state != UcxRequest.PENDING) return;
                if (events > 0) {
                    idle = 0;
                    yieldingSince = 0;
                }
            }
            yieldingSince = backOff(idle, yieldingSince);
            if (idle < spinLimit) idle++;
        }
    }

    /** Waits until one of {@code requests} (all of this device) is complete; returns its index, or -1 on abort. */
    int awaitAny(hpjava.mpjdev.Request[] requests) {
        int idle = 0;
        long yieldingSince = 0;
        while (true) {
            for (int i = 0; i < requests.length; i++) {
                if (requests[i] != null && ((UcxRequest) requests[i]).state != UcxRequest.PENDING) return i;
            }
            if (abortReason != null || handlerFailure != null) return -1;
            if (tryLock()) {
                int events;
                try {
                    events = pollLocked(null);
                } finally {
                    unlock();
                }
                if (events > 0) {
                    idle = 0;
                    yieldingSince = 0;
                }
            }
            yieldingSince = backOff(idle, yieldingSince);
            if (idle < spinLimit) idle++;
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

    /**
     * One step of the wait policy after {@code idle} fruitless progress rounds: spin (politely after
     * {@link #TIGHT_SPINS}); then yield the core
     * (the thread stays runnable, so it sees the message as soon as it runs again, as a spinning C program would,
     * while a rank that needs the core gets it); after {@link #YIELD_NANOS} of yielding (a long wait, e.g. for a
     * partner that computes) park in short intervals. Returns when yielding began, or 0 while spinning.
     */
    private long backOff(int idle, long yieldingSince) {
        if (idle < spinLimit) {
            if (idle >= TIGHT_SPINS) Thread.onSpinWait();
            return 0;
        }
        long now = System.nanoTime();
        if (yieldingSince == 0) yieldingSince = now;
        if (now - yieldingSince < YIELD_NANOS) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(PARK_NANOS);
        }
        return yieldingSince;
    }

    /**
     * Progress, taking slot messages (those {@code waiting} for, a receive from one source, may complete; all, when
     * {@code waiting} is {@code null} or something else), completion of in-flight UCX requests, failure of requests
     * whose peers are gone. Lock held.
     */
    private int pollLocked(UcxRequest waiting) {
        int events = Ucp.ucp_worker_progress(workerHandle);
        if (events > 0 && slots != null && !takeSlotsFor(waiting)) slotsUnswept = true;
        if (inflightHead != null) pollInflight();
        if (peerEpoch != 0) failOrphans();
        return events;
    }

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

    private void addInflight(UcxRequest r) {
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

    // ------------------------------------------------------------------ the active-message handler

    /**
     * {@code ucp_am_recv_callback_t}: runs inside {@code ucp_worker_progress} on the thread holding the lock. Takes
     * the sender's slot message first (it was delivered before this one), then matches this message against the
     * posted receives and lands it, or queues it ({@link #accept}). Catches everything: an exception escaping an
     * upcall would kill the JVM.
     */
    @SuppressWarnings("unused") // bound into the upcall stub
    private byte onActiveMessage(long arg, long header, long headerLength, long data, long length, long param) {
        try {
            long attr = ALL.get(JAVA_LONG_UNALIGNED, param);
            boolean rndv = (attr & UCP_AM_RECV_ATTR_FLAG_RNDV) != 0;
            boolean tiny = headerLength == 0 && !rndv && length >= Envelope.COMPACT_BYTES
                    && length <= TinyMessage.MAX_BYTES;
            if (!tiny && headerLength != Envelope.BYTES) {
                throw new DeviceException("active message with a " + headerLength + "-byte header and " + length
                        + " bytes of data: neither a " + Envelope.BYTES + "-byte envelope nor a tiny message (a peer"
                        + " running another protocol version?)");
            }
            long envelope = tiny ? data : header;
            int source = Envelope.source(envelope);
            if (source >= size) throw new DeviceException("active message from unknown rank " + source);
            if (slots != null) {
                slots.credit(source, Envelope.credit(envelope));
                takeSlot(source); // delivered before this message: keep the sender's order
            }
            boolean kept = accept(envelope, source, rndv ? Arrival.RENDEZVOUS : Arrival.EAGER_IN_CALLBACK,
                    (attr & UCP_AM_RECV_ATTR_FLAG_DATA) != 0, tiny ? data + Envelope.COMPACT_BYTES : data,
                    tiny ? length - Envelope.COMPACT_BYTES : length, tiny ? Envelope.type(envelope) : -1, data);
            return kept ? UCS_INPROGRESS : UCS_OK;
        } catch (Throwable t) {
            if (handlerFailure == null) handlerFailure = t;
            return UCS_OK;
        }
    }

    /**
     * Takes the slot messages a wait for {@code r} may need: its source's, or all for any other wait; returns whether
     * it looked at every slot. Lock held.
     */
    private boolean takeSlotsFor(UcxRequest r) {
        if (r != null && !r.isSend && r.posted.source != PostedReceive.ANY) {
            takeSlot(r.posted.source);
            return false;
        }
        takeAllSlots();
        return true;
    }

    private void takeAllSlots() {
        for (int s = 0; s < size; s++) takeSlot(s);
        slotsUnswept = false;
    }

    /**
     * Takes the message in world rank {@code source}'s slot, if there is one, as the handler takes a tiny message:
     * lands it in a posted receive, or queues it (copied). Lock held.
     */
    private void takeSlot(int source) {
        final TinySlots t = slots;
        if (!t.full(source)) return;
        long at = t.slot(source);
        try {
            t.credit(source, Envelope.credit(at));
            int dataLength = Envelope.tinyDataLength(at);
            if (Envelope.source(at) != source || dataLength > TinyMessage.MAX_DATA) {
                throw new DeviceException("malformed slot message from rank " + source + " (source field "
                        + Envelope.source(at) + ", " + dataLength + " bytes of data)");
            }
            // UCX does not own the slot: an unexpected message is copied, as the slot is reused
            accept(at, source, Arrival.EAGER_IN_CALLBACK, false, at + Envelope.COMPACT_BYTES, dataLength,
                    Envelope.type(at), 0);
        } finally {
            t.release(source);
        }
    }

    /**
     * Hands a message that has arrived to the matcher (the handler's and the slots' common path): an eager message
     * that is next in order and matches a posted receive lands at once, without being described by a pooled
     * {@link Arrival} (the common case of a receive posted before its message: 7 % of an 8-byte half round trip);
     * every other goes through {@link Matcher#arrive}. {@code envelope} is the envelope's address, {@code source} its
     * (checked) source; the rest as in {@link Arrival#set}. Returns whether UCX must keep the data. Lock held.
     */
    private boolean accept(long envelope, int source, int kind, boolean ucxMayKeep, long payload, long length,
                           int tinyType, long ucxData) {
        long context = Envelope.context(envelope);
        int tag = Envelope.tag(envelope);
        int seq = Envelope.seq(envelope);
        if (kind != Arrival.RENDEZVOUS) {
            PostedReceive p = matcher.takeInOrder(context, source, tag, seq);
            if (p != null) {
                landEager((UcxRequest) p.owner, source, tag, tinyType, payload, length);
                matcher.deliverHeldBack(source);
                return false;
            }
        }
        Arrival a = matcher.obtain();
        a.set(context, source, tag, seq, kind, ucxMayKeep, payload, length, tinyType, ucxData);
        return matcher.arrive(a);
    }

    /**
     * Lands eager data at native address {@code data} in receive {@code r}: {@code length} bytes of buffer image, or,
     * for a tiny message ({@code tinyType >= 0}), its section data, from which the image is rebuilt. Lock held.
     */
    private void landEager(UcxRequest r, int source, int tag, int tinyType, long data, long length) {
        Buffer b = r.buffer;
        r.landedSource = r.comm.localId(source);
        r.landedTag = tag;
        try {
            if (tinyType >= 0) {
                long imageLength = TinyMessage.imageLength(tinyType, length);
                b.prepareReceive(imageLength);
                int elements = TinyMessage.decode(tinyType, data, length, b.segment());
                r.completeLandedWellFormed(imageLength, tinyType == 0 ? 0 : 1, elements);
                return;
            }
            b.prepareReceive(length);
        } catch (RuntimeException e) {
            r.fail(UcxRequest.DEVICE, e.getMessage());
            return;
        }
        MemorySegment.copy(ALL, data, b.segment(), 0, length);
        r.completeLanded();
    }

    /** The matcher, landing messages into receive buffers with one copy (eager) or none (rendezvous). */
    private final class DeviceMatcher extends Matcher {
        DeviceMatcher(int worldSize) {
            super(worldSize);
        }

        @Override
        protected void land(PostedReceive p, Arrival a) {
            UcxRequest r = (UcxRequest) p.owner;
            if (a.kind != Arrival.RENDEZVOUS) {
                landEager(r, a.source, a.tag, a.tinyType, a.data, a.length);
                releaseData(a);
                return;
            }
            Buffer b = r.buffer;
            r.landedSource = r.comm.localId(a.source);
            r.landedTag = a.tag;
            try {
                b.prepareReceive(a.length);
            } catch (RuntimeException e) {
                releaseData(a);
                r.fail(UcxRequest.DEVICE, e.getMessage());
                return;
            }
            long sp = Ucp.ucp_am_recv_data_nbx(workerHandle, a.data, b.segment().address(), a.length, recvParam);
            if (sp == 0) {
                r.completeLanded();
            } else if (Ucp.isError(sp)) {
                r.fail(UcxRequest.DEVICE, new UcxException("ucp_am_recv_data_nbx (message from rank " + a.source
                        + ")", Ucp.errorStatus(sp)).getMessage());
            } else {
                r.ucxRequest = sp;
                addInflight(r);
            }
        }

        @Override
        protected void copy(Arrival a) {
            MemorySegment s = a.scratch;
            if (s == null || s.byteSize() < a.length) {
                s = Arena.ofAuto().allocate(Math.max(a.length, 256), 8);
                a.scratch = s;
            }
            MemorySegment.copy(ALL, a.data, s, 0, a.length);
            a.data = s.address();
        }
    }

    /** Frees what holds an arrival's data once it has been used or is dropped. Lock held. */
    private void releaseData(Arrival a) {
        switch (a.kind) {
            case Arrival.EAGER_UCX_OWNED, Arrival.RENDEZVOUS -> Ucp.ucp_am_data_release(workerHandle, a.ucxData);
            case Arrival.EAGER_COPIED -> { } // the arrival's scratch memory is reused
            default -> { }
        }
    }

    // ------------------------------------------------------------------ peers finishing, job abort

    /**
     * Called by the control thread: world rank {@code peer} finished after sending {@code sentToMe} messages here;
     * {@code deliveredFromMe} of this rank's messages had reached it in order, and those numbered
     * {@code unconsumedFromMe} were never taken by a receive.
     */
    void peerFinished(int peer, int sentToMe, int deliveredFromMe, int[] unconsumedFromMe) {
        int[] u = unconsumedFromMe.clone();
        Arrays.sort(u);
        finishedDelivered[peer] = deliveredFromMe;
        finishedUnconsumed[peer] = u;
        INTS.setRelease(finishedSent, peer, sentToMe); // publishes the two fields above
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
            if (slots != null) takeAllSlots();
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

    /** Whether the send {@code r} to a finished rank can never be taken by a receive there. Lock held. */
    private boolean neverTaken(UcxRequest r) {
        int p = r.peerWorld;
        return r.seq >= finishedDelivered[p] || Arrays.binarySearch(finishedUnconsumed[p], r.seq) >= 0;
    }

    /** Called by the control thread: the job is ending; every waiting and later call throws. */
    void abort(String reason) {
        abortReason = reason;
    }

    /** Whether world rank {@code peer} has finished and every message it sent here has been delivered. */
    private boolean exhausted(int peer) {
        int n = (int) INTS.getAcquire(finishedSent, peer);
        return n >= 0 && matcher.delivered(peer) >= n;
    }

    /** Fails posted receives and in-flight sends that can never complete because their peers finished. Lock held. */
    private void failOrphans() {
        if (slots != null) takeAllSlots(); // a message still in a slot has arrived: count it as delivered
        PostedReceive p = matcher.firstPosted();
        while (p != null) {
            PostedReceive next = p.next;
            UcxRequest r = (UcxRequest) p.owner;
            if (p.source != PostedReceive.ANY) {
                if (exhausted(p.source)) {
                    matcher.unpost(p);
                    r.fail(UcxRequest.PEER, "rank " + r.comm.localId(p.source) + describeWorld(r.comm, p.source)
                            + " finished without sending a matching message (tag " + tagText(p.tag) + ")");
                }
            } else if (allOthersExhausted(r.comm.members())) {
                matcher.unpost(p);
                r.fail(UcxRequest.PEER, "every other rank of the communicator finished without sending a matching"
                        + " message (ANY_SOURCE, tag " + tagText(p.tag) + ")");
            }
            p = next;
        }
        for (UcxRequest r = inflightHead; r != null; ) {
            UcxRequest next = r.nextInflight;
            if (r.isSend && (int) INTS.getAcquire(finishedSent, r.peerWorld) >= 0 && neverTaken(r)) {
                removeInflight(r);
                Ucp.ucp_request_cancel(workerHandle, r.ucxRequest);
                Ucp.ucp_request_free(r.ucxRequest);
                r.ucxRequest = 0;
                r.fail(UcxRequest.PEER, "rank " + r.comm.localId(r.peerWorld) + describeWorld(r.comm, r.peerWorld)
                        + " finished without receiving this message");
            }
            r = next;
        }
    }

    private boolean allOthersExhausted(int[] members) {
        for (int m : members) if (m != rank && !exhausted(m)) return false;
        return true;
    }

    private static String tagText(int tag) {
        return tag == PostedReceive.ANY ? "ANY_TAG" : Integer.toString(tag);
    }

    private static String describeWorld(UcxComm comm, int world) {
        return comm.isWorld() ? "" : " (world rank " + world + ")";
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

    /** Drives progress until {@code done} reports true (the end of the job: peers may still fetch from us). */
    void progressUntil(java.util.function.BooleanSupplier done) {
        while (!done.getAsBoolean()) {
            if (tryLock()) {
                try {
                    pollLocked(null);
                } finally {
                    unlock();
                }
            }
            LockSupport.parkNanos(PARK_NANOS); // nothing urgent: peers only fetch rendezvous data now
        }
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
            matcher.drainRetained(this::releaseData);
            Arrays.fill(endpoints, 0);
            worker.close();
            context.close();
        } finally {
            unlock();
            arena.close();
        }
    }
}
