package hpjava.mpjdev.ucx;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.ucx.ffm.Ucp;
import hpjava.mpjdev.ucx.ffm.UcpStructs;
import hpjava.mpjdev.ucx.ffm.UcpWorker;
import hpjava.mpjdev.ucx.ffm.UcxException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import static hpjava.mpjdev.ucx.ffm.NativeMemory.ALL;
import static hpjava.mpjdev.ucx.ffm.UcpConstants.*;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

/**
 * The receiving side of one rank's device: the active-message handler, the taking of tiny messages from
 * {@link TinySlots}, and the landing of messages into receive buffers (one copy for eager messages, none for
 * rendezvous). Every method runs with the device lock held: the handler inside {@code ucp_worker_progress} on the
 * thread that holds it, the rest called by {@link UcxDevice}. Owns the {@link Matcher} and the slots; the device keeps
 * its own references to both, so that its hot paths reach them without going through this object.
 */
final class Landing {
    private final UcxDevice device;
    private final int size;
    private final long workerHandle;
    /** {@code ucp_request_param_t} of rendezvous data fetches. */
    private final long recvParam;
    final Matcher matcher;
    /** Upcall-free reception of tiny messages, or {@code null} (see {@link TinySlots}). */
    final TinySlots slots;
    /**
     * Whether a slot may hold a message no one has taken: set by a poll whose progress delivered something but that
     * took only the slot its own receive waits for, cleared when every slot has been looked at. A message another
     * thread's progress call put in a slot must still be found by the thread waiting for it, whose own progress calls
     * may deliver nothing more: a wait that stays idle sweeps every {@link UcxDevice#SWEEP_ROUNDS} rounds while this
     * is set (every round once it no longer spins). (Looking at the slot on every idle round instead measured 15-20 %
     * slower in separate launches.)
     */
    boolean slotsUnswept;

    /** Registers the handler on {@code worker}, then opens the slots (allocated in {@code arena}). */
    Landing(UcxDevice device, UcpWorker worker, int rank, int size, Arena arena) {
        this.device = device;
        this.size = size;
        this.workerHandle = worker.handle();
        this.recvParam = arena.allocate(UcpStructs.UCP_REQUEST_PARAM).address();
        this.matcher = new DeviceMatcher(size);
        try {
            MethodHandle handler = MethodHandles.lookup().findVirtual(Landing.class, "onActiveMessage",
                    MethodType.methodType(byte.class, long.class, long.class, long.class, long.class, long.class,
                            long.class)).bindTo(this);
            MemorySegment stub = Ucp.amRecvCallbackStub(handler, arena);
            worker.setAmHandler(Envelope.AM_ID, UCP_AM_FLAG_WHOLE_MSG, stub, 0);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        this.slots = TinySlots.open(worker, rank, size, arena);
    }

    /**
     * {@code ucp_am_recv_callback_t}: runs inside {@code ucp_worker_progress} on the thread holding the lock. Takes
     * the sender's slot message first (it was delivered before this one), then matches this message against the
     * posted receives and lands it, or queues it ({@link #accept}). Catches everything: an exception escaping an
     * upcall would kill the JVM; it is reported by the next device call instead.
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
            device.handlerFailed(t);
            return UCS_OK;
        }
    }

    /**
     * Takes the slot messages a wait for {@code r} may need: its source's, or all for any other wait; returns whether
     * it looked at every slot. Slots are open.
     */
    boolean takeSlotsFor(UcxRequest r) {
        if (r != null && !r.isSend && r.posted.source != PostedReceive.ANY) {
            takeSlot(r.posted.source);
            return false;
        }
        takeAllSlots();
        return true;
    }

    /** Takes every slot message. Slots are open. */
    void takeAllSlots() {
        for (int s = 0; s < size; s++) takeSlot(s);
        slotsUnswept = false;
    }

    /**
     * Takes the message in world rank {@code source}'s slot, if there is one, as the handler takes a tiny message:
     * lands it in a posted receive, or queues it (copied).
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
     * (checked) source; the rest as in {@link Arrival#set}. Returns whether UCX must keep the data.
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
     * for a tiny message ({@code tinyType >= 0}), its section data, from which the image is rebuilt.
     */
    private static void landEager(UcxRequest r, int source, int tag, int tinyType, long data, long length) {
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

    /** Frees what holds an arrival's data once it has been used or is dropped. */
    void releaseData(Arrival a) {
        switch (a.kind) {
            case Arrival.EAGER_UCX_OWNED, Arrival.RENDEZVOUS -> Ucp.ucp_am_data_release(workerHandle, a.ucxData);
            case Arrival.EAGER_COPIED -> { } // the arrival's scratch memory is reused
            default -> { }
        }
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
                device.addInflight(r);
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
}
