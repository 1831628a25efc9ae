package hpjava.mpi.portable;

import hpjava.mpi.spi.BasicType;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.Packing;
import hpjava.mpi.spi.SendMode;
import hpjava.mpi.spi.StatusRecord;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import mpi.MPIException;

/**
 * MPI point-to-point matching of one communicator over its mpjdev communicator (see the package documentation).
 * Thread-safe: the queues are guarded by one lock; at most one thread at a time blocks in the mpjdev receive
 * ("drives"), the others wait on {@link #changed} for what it hands over.
 */
final class Matching {

    static final int DATA = 1, ACK = 2;
    private static final int HEADER_INTS = 4;

    final Comm dev;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final List<Incoming> unexpected = new ArrayList<>();
    private final List<PostedRecv> posted = new ArrayList<>();
    private final Set<Integer> acked = new HashSet<>();
    private final Set<SendHandle> sending = new HashSet<>();
    private final AtomicInteger nextSyncId = new AtomicInteger(1);
    private final Buffer anyBuf = BufferPool.shared().acquire(4096);
    private Request anyReq;
    private boolean driving;
    private RuntimeException failure;

    Matching(Comm dev) {
        this.dev = dev;
        this.anyReq = dev.irecv(anyBuf, Comm.ANY_SOURCE, Comm.ANY_TAG);
    }

    int rank() {
        return dev.id();
    }

    // ---- sending ----

    /** A message buffer holding {@code d} (header, then the packed payload). The caller releases it. */
    static Buffer pack(Data d, int kind, int syncId) {
        Buffer b = BufferPool.shared().acquire(256 + Math.min(d.packedBytes(), 1 << 20));
        b.clear();
        int len = Packing.packedLength(d);
        int code = Wire.code(d.type().basic(), d.type().isMixed());
        b.write(new int[] {kind, syncId, code, len}, 0, HEADER_INTS);
        if (d.buffer() != null && d.isArray() && d.type().isContiguous()) {
            Wire.write(b, d.buffer(), d.offset(), len);
        } else {
            Object packed = d.buffer() == null ? Packing.newPacked(d.type(), 0) : Packing.gather(d);
            Wire.write(b, packed, 0, len);
        }
        return b;
    }

    void send(SendMode mode, Data d, int dest, int tag) throws MPIException {
        int sync = mode == SendMode.SYNCHRONOUS ? nextSyncId.getAndIncrement() : 0;
        Buffer b = pack(d, DATA, sync);
        try {
            dev.send(b, dest, tag);
        } catch (PeerFailedException e) {
            throw new MPIException(mpi.MPI.ERR_PROC_ABORTED, "send to rank " + dest + ": " + e.getMessage(), e);
        } finally {
            b.release();
        }
        if (sync != 0) awaitAck(sync, true);
    }

    SendHandle isend(SendMode mode, Data d, int dest, int tag) {
        int sync = mode == SendMode.SYNCHRONOUS ? nextSyncId.getAndIncrement() : 0;
        Buffer b = pack(d, DATA, sync);
        SendHandle h = new SendHandle(this, b, dev.isend(b, dest, tag), sync, dest, tag, d.packedBytes());
        lock.lock();
        try {
            sending.add(h);
        } finally {
            lock.unlock();
        }
        return h;
    }

    /**
     * Waits (if {@code block}) for the acknowledgement of synchronous send {@code sync}; whether it has arrived. An
     * acknowledgement is consumed by the call that reports it.
     */
    boolean awaitAck(int sync, boolean block) throws MPIException {
        progress(block, () -> acked.contains(sync));
        lock.lock();
        try {
            return acked.remove(sync);
        } finally {
            lock.unlock();
        }
    }

    void sendDone(SendHandle h) {
        lock.lock();
        try {
            sending.remove(h);
        } finally {
            lock.unlock();
        }
    }

    private void sendAck(Incoming m) {
        Buffer b = BufferPool.shared().acquire(128);
        b.clear();
        b.write(new int[] {ACK, m.syncId, 0, 0}, 0, HEADER_INTS);
        try {
            dev.send(b, m.source, 0);
        } finally {
            b.release();
        }
    }

    // ---- receiving ----

    PostedRecv post(Data d, int source, int tag) {
        PostedRecv p = new PostedRecv(this, d, source, tag);
        Incoming m = null;
        lock.lock();
        try {
            m = takeUnexpected(source, tag);
            if (m != null) p.incoming = m;
            else posted.add(p);
        } finally {
            lock.unlock();
        }
        if (m != null && m.syncId != 0) sendAck(m);
        return p;
    }

    /** Removes a posted receive not yet matched; whether it was. */
    boolean cancel(PostedRecv p) {
        lock.lock();
        try {
            return posted.remove(p);
        } finally {
            lock.unlock();
        }
    }

    private Incoming findUnexpected(int source, int tag) {
        for (Incoming m : unexpected) if (m.matches(source, tag)) return m;
        return null;
    }

    private Incoming takeUnexpected(int source, int tag) {
        Incoming m = findUnexpected(source, tag);
        if (m != null) unexpected.remove(m);
        return m;
    }

    /** Describes the first matching message in {@code status}, blocking until there is one if {@code block}. */
    boolean probe(int source, int tag, StatusRecord status, boolean block) throws MPIException {
        progress(block, () -> findUnexpected(source, tag) != null);
        lock.lock();
        try {
            Incoming m = findUnexpected(source, tag);
            if (m == null) {
                IdlePoll.pause();
                return false;
            }
            describe(m, status);
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Takes the first matching message out of matching (blocking if {@code block}), or {@code null}. */
    Incoming matchedProbe(int source, int tag, StatusRecord status, boolean block) throws MPIException {
        progress(block, () -> findUnexpected(source, tag) != null);
        Incoming m;
        lock.lock();
        try {
            m = takeUnexpected(source, tag);
        } finally {
            lock.unlock();
        }
        if (m == null) return null;
        describe(m, status);
        if (m.syncId != 0) sendAck(m);
        return m;
    }

    static void describe(Incoming m, StatusRecord status) {
        status.set(m.source, m.tag, mpi.MPI.SUCCESS, false, Wire.bytes(m.code, m.length));
    }

    /** Copies a matched message into {@code d}; fills {@code status}; ERR_TYPE or ERR_TRUNCATE if it does not fit. */
    static void deliver(Incoming m, Data d, StatusRecord status) throws MPIException {
        describe(m, status);
        int want = Wire.code(d.type().basic(), d.type().isMixed());
        if (want != m.code && m.length > 0)
            throw new MPIException(mpi.MPI.ERR_TYPE, "the " + m + " holds " + BasicType.values()[m.code]
                    + " elements but the receive is of " + BasicType.values()[want] + " (datatype " + d.type() + ")");
        int room = Packing.packedLength(d);
        int n = Math.min(room, m.length);
        if (n > 0) Packing.scatter(m.payload, n, d);
        if (m.length > room)
            throw new MPIException(mpi.MPI.ERR_TRUNCATE, "the " + m + " is longer than the receive buffer ("
                    + room + " elements of " + BasicType.values()[want] + "; the message has " + m.length + ")");
    }

    // ---- progress ----

    /**
     * Makes progress until {@code done} holds (evaluated under the lock), or, if not {@code block}, until nothing more
     * has arrived. One waiting thread receives from the device; the others wait for it.
     */
    void progress(boolean block, BooleanSupplier done) throws MPIException {
        lock.lock();
        try {
            while (!done.getAsBoolean()) {
                if (failure != null) {
                    if (!block && failure instanceof PeerFailedException) return;
                    throw translate(failure);
                }
                if (driving) {
                    if (!block) return;
                    changed.awaitUninterruptibly();
                    continue;
                }
                if (!receiveOne(block)) return;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Receives and dispatches one message (lock held on entry and exit, released while receiving). */
    private boolean receiveOne(boolean block) throws MPIException {
        driving = true;
        Status s = null;
        RuntimeException error = null;
        lock.unlock();
        try {
            s = block ? anyReq.iwait() : anyReq.itest();
        } catch (RuntimeException e) {
            error = e;
        } finally {
            lock.lock();
            driving = false;
            changed.signalAll();
        }
        if (error != null) {
            failure = error;
            if (!block && error instanceof PeerFailedException) return false;
            throw translate(error);
        }
        if (s == null) return false;
        Incoming m = decode(anyBuf, s);
        anyReq = dev.irecv(anyBuf, Comm.ANY_SOURCE, Comm.ANY_TAG);
        dispatch(m);
        return true;
    }

    private static Incoming decode(Buffer b, Status s) {
        int[] h = new int[HEADER_INTS];
        b.read(h, 0);
        if (h[0] == ACK) return new Incoming(s.source(), s.tag(), -1, h[1], null, 0);
        Object payload = Wire.read(b);
        return new Incoming(s.source(), s.tag(), h[2], h[0] == DATA ? h[1] : 0, payload, h[3]);
    }

    private void dispatch(Incoming m) {
        if (m.code < 0) {
            acked.add(m.syncId);
            return;
        }
        for (int i = 0; i < posted.size(); i++) {
            PostedRecv p = posted.get(i);
            if (m.matches(p.source, p.tag)) {
                posted.remove(i);
                p.incoming = m;
                if (m.syncId != 0) sendAck(m);
                return;
            }
        }
        unexpected.add(m);
    }

    /** A device failure as the MPI error of this wait; the job's end (JobAbortedException) passes unchanged. */
    private MPIException translate(RuntimeException e) {
        if (e instanceof PeerFailedException)
            return new MPIException(mpi.MPI.ERR_PROC_ABORTED, "waiting for a message on rank " + rank()
                    + ": it can never arrive: " + e.getMessage(), e);
        throw e;
    }

    /** One line per message never received, receive never matched and send never completed (for Finalize). */
    List<String> leftovers() throws MPIException {
        progress(false, () -> false);
        List<String> out = new ArrayList<>();
        lock.lock();
        try {
            for (Incoming m : unexpected) out.add("never received: " + m);
            for (PostedRecv p : posted) out.add("receive never matched: " + p);
            for (SendHandle h : sending) out.add("send never completed: " + h);
        } finally {
            lock.unlock();
        }
        return out;
    }
}
