package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import hpjava.mpi.spi.RequestHandle;
import hpjava.mpi.spi.StatusRecord;
import hpjava.mpjdev.mpi.MpiLibrary;
import hpjava.mpjdev.watch.Activity;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.ArrayDeque;
import mpi.MPIException;

/**
 * One MPI operation in flight: a native block {@code [MPI_Request][MPI_Status][flag][count]}, the staging of its
 * array buffers ({@link Staging}) and what completion must do (copy a received array back, describe a send).
 * Slots are pooled per thread and reused once their completion has been observed (the API never touches a handle
 * after that), so starting and finishing an operation allocates nothing.
 *
 * <p>A slot is polled with {@code MPI_Test} holding the rank's MPI lock ({@link MpiLibrary#await}); no thread
 * waits inside MPI. The test of a collective, or of anything while a nonblocking reduction with a user function is
 * in flight, is made with the thread-state transition, since MPI's progress may then call the function in Java.
 */
final class NativeRequest implements RequestHandle, MpiLibrary.Poll {
    private static final int POOL_MAX = 64;
    private static final ThreadLocal<ArrayDeque<NativeRequest>> POOL = ThreadLocal.withInitial(ArrayDeque::new);

    private final MemorySegment slot;
    final long request, status, flag, count, message;
    /** Staging of the data buffer (receive or send), and of the second one of a collective. */
    final Staging data = new Staging(), second = new Staging();
    /** Native integer arrays of a v-collective (counts and displacements), kept until completion. */
    final IntArrays ints = new IntArrays();
    private boolean receive, collective, copyBack;
    private int sendSource, sendTag;
    private long sendBytes;
    /** The buffers MPI uses (kept reachable until completion), the user operation of a reduction. */
    private Object keep1, keep2;
    private NativeOps.UserOp userOp;
    private int rc;
    private boolean done;

    private NativeRequest() {
        long rb = Natives.HANDLE_BYTES, sb = Natives.STATUS_BYTES;
        slot = Arena.ofAuto().allocate(rb + sb + 24, 8);
        request = slot.address();
        status = request + rb;
        flag = status + sb;
        count = flag + 8;
        message = count + 8;
    }

    /** A slot for a new operation (from this thread's pool). */
    static NativeRequest obtain() {
        sweepFreed();
        NativeRequest r = POOL.get().poll();
        return r != null ? r : new NativeRequest();
    }

    /** Describes the operation about to start in this slot. */
    NativeRequest forReceive(Object buffer, boolean copyBack) {
        reset(buffer, null);
        this.receive = true;
        this.copyBack = copyBack;
        return this;
    }

    NativeRequest forSend(Object buffer, int ownRank, int tag, long bytes) {
        reset(buffer, null);
        countSent();
        this.sendSource = ownRank;
        this.sendTag = tag;
        this.sendBytes = bytes;
        return this;
    }

    NativeRequest forCollective(Object send, Object recv, NativeOps.UserOp op) {
        reset(send, recv);
        countSent();
        this.collective = true;
        this.copyBack = true;
        this.userOp = op;
        if (op != null) NativeOps.startedUserReduction();
        return this;
    }

    /**
     * The job watchdog counts messages in flight (a rank waiting while one is in flight is not deadlocked): a send
     * counts one when it starts, and so does a collective (at every member), until the matching receive, or the
     * collective itself, completes.
     */
    private static void countSent() {
        Activity a = Activity.ofProcess();
        if (a != null) a.sent();
    }

    private void countReceived() {
        if (!receive && !collective) return;
        Activity a = Activity.ofProcess();
        if (a != null) a.received();
    }

    private void reset(Object k1, Object k2) {
        keep1 = k1;
        keep2 = k2;
        receive = collective = copyBack = done = false;
        userOp = null;
        rc = Natives.SUCCESS;
    }

    /** Records a start call's return code; a failed start completes the slot at once (its error thrown on wait). */
    void started(int startRc) {
        rc = startRc;
        if (rc != Natives.SUCCESS) done = true;
    }

    /** One {@code MPI_Test}, holding the MPI lock. */
    @Override
    public boolean poll() {
        if (done) return true;
        int r;
        try {
            MethodHandle test = collective || NativeOps.userReductionsInFlight() ? CollectiveCalls.TEST : P2pCalls.TEST;
            r = (int) test.invokeExact(request, flag, receive ? status : Natives.STATUS_IGNORE);
        } catch (Throwable t) {
            throw new IllegalStateException("MPI_Test could not be called", t);
        }
        if (r != Natives.SUCCESS) {
            rc = r;
            done = true;
        } else {
            done = MemorySegment.ofAddress(flag).reinterpret(4).get(JAVA_INT, 0) != 0;
        }
        return done;
    }

    /** Polls once taking the lock; for tests that must not block on it for long. */
    private boolean pollLocked() {
        var lock = Natives.LIB_LOCK;
        lock.lock();
        try {
            return poll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void await(StatusRecord s) throws MPIException {
        if (!done) MpiLibrary.await(this, collective ? Activity.BARRIER : receive ? Activity.RECV : Activity.WAIT, 0, -1, -1);
        finish(s);
    }

    @Override
    public boolean test(StatusRecord s) throws MPIException {
        if (!done && !pollLocked()) return false;
        finish(s);
        return true;
    }

    /** After completion: copies a received array back, fills the status, throws the operation's error, recycles. */
    void finish(StatusRecord s) throws MPIException {
        try {
            countReceived();
            if (userOp != null) NativeOps.finishedUserReduction();
            if (rc != Natives.SUCCESS) throw NativeErrors.error(rc, receive ? "receive" : collective ? "collective" : "send");
            if (userOp != null) userOp.rethrow();
            if (copyBack) {
                data.copyOut();
                second.copyOut();
            }
            if (s != null) describe(s);
        } finally {
            recycle();
        }
    }

    private void describe(StatusRecord s) throws MPIException {
        if (!receive) {
            s.set(sendSource, sendTag, 0, false, sendBytes);
            return;
        }
        MemorySegment st = MemorySegment.ofAddress(status).reinterpret(Natives.STATUS_BYTES + 16L);
        int source = st.get(JAVA_INT, Natives.STATUS_SOURCE), tag = st.get(JAVA_INT, Natives.STATUS_TAG);
        try {
            NativeErrors.check((int) P2pCalls.TEST_CANCELLED.invokeExact(status, flag), "MPI_Test_cancelled");
            boolean cancelled = MemorySegment.ofAddress(flag).reinterpret(4).get(JAVA_INT, 0) != 0;
            NativeErrors.check((int) P2pCalls.GET_COUNT.invokeExact(status, Natives.BYTE, count), "MPI_Get_count");
            long bytes = MemorySegment.ofAddress(count).reinterpret(4).get(JAVA_INT, 0);
            s.set(source, tag, 0, cancelled, bytes);
        } catch (MPIException e) {
            throw e;
        } catch (Throwable t) {
            throw NativeErrors.wrap(t, "reading a status");
        }
    }

    /** Describes the status of a probe made into this slot's status block. */
    void describeProbe(StatusRecord s) throws MPIException {
        receive = true;
        describe(s);
    }

    @Override
    public void cancel() throws MPIException {
        var lock = Natives.LIB_LOCK;
        lock.lock();
        try {
            if (!done) NativeErrors.check((int) P2pCalls.CANCEL.invokeExact(request), "MPI_Cancel");
        } catch (MPIException e) {
            throw e;
        } catch (Throwable t) {
            throw NativeErrors.wrap(t, "MPI_Cancel");
        } finally {
            lock.unlock();
        }
    }

    /**
     * Lets the operation complete unobserved. A send of a direct buffer is handed to {@code MPI_Request_free}. An
     * operation on staged memory (a Java array) or a collective keeps this slot, whose memory MPI still uses: it is
     * kept among the freed slots, which later operations of the rank test now and then ({@link #sweepFreed()}), and
     * it finishes there (a received array is still filled).
     */
    @Override
    public void free() throws MPIException {
        if (done) {
            finish(null);
            return;
        }
        if (receive || collective || keep1 != null && keep1.getClass().isArray()) {
            FREED.add(this);
            return;
        }
        var lock = Natives.LIB_LOCK;
        lock.lock();
        try {
            NativeErrors.check((int) P2pCalls.REQUEST_FREE.invokeExact(request), "MPI_Request_free");
        } catch (MPIException e) {
            throw e;
        } catch (Throwable t) {
            throw NativeErrors.wrap(t, "MPI_Request_free");
        } finally {
            lock.unlock();
        }
        recycle();
    }

    private static final java.util.concurrent.ConcurrentLinkedQueue<NativeRequest> FREED =
            new java.util.concurrent.ConcurrentLinkedQueue<>();

    /** Tests one freed slot, if any, and finishes it when complete (its errors have nobody to go to). */
    static void sweepFreed() {
        if (FREED.isEmpty()) return;
        NativeRequest r = FREED.poll();
        if (r == null) return;
        if (!Natives.LIB_LOCK.tryLock()) {
            FREED.add(r);
            return;
        }
        boolean complete;
        try {
            complete = r.poll();
        } finally {
            Natives.LIB_LOCK.unlock();
        }
        if (!complete) {
            FREED.add(r);
            return;
        }
        try {
            r.finish(null);
        } catch (MPIException e) {
            System.err.println("mpi: a freed request failed: " + e.getMessage());
        }
    }

    /** Returns an unused slot to the pool. */
    void recycle() {
        keep1 = keep2 = null;
        userOp = null;
        data.clear();
        second.clear();
        ArrayDeque<NativeRequest> pool = POOL.get();
        if (pool.size() < POOL_MAX) pool.push(this);
    }

    /** Native int arrays for counts and displacements of v-collectives (up to four), grown as needed. */
    static final class IntArrays {
        private final MemorySegment[] blocks = new MemorySegment[4];

        /** Copies {@code a} into native array {@code k}; returns its address (0 for null). */
        long of(int k, int[] a) {
            if (a == null) return 0;
            long need = 4L * a.length;
            if (blocks[k] == null || blocks[k].byteSize() < need) blocks[k] = Arena.ofAuto().allocate(Math.max(need, 64), 8);
            MemorySegment.copy(a, 0, blocks[k], JAVA_INT, 0, a.length);
            return blocks[k].address();
        }
    }
}
