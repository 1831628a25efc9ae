package hpjava.mpjdev.mpi;

import hpjava.mpjdev.idle.BackoffIdleStrategy;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * The lock that serialises the mpi backend's MPI calls ({@link MpiDevice#LOCK}, {@link MpiBackend#mpiLock()}): a
 * reentrant mutual-exclusion {@link Lock} whose release is a release store, not a full fence.
 *
 * <h2>Why not {@link java.util.concurrent.locks.ReentrantLock}</h2>
 * Every poll of a wait takes and releases this lock around one {@code MPI_Test}. {@code ReentrantLock}'s release is
 * a volatile store of its state followed by a look at its queue of parked waiters (so that it can wake one): on x86
 * the volatile store is a full fence ({@code lock addl}), paid on every poll and on every send. Here no thread parks
 * in a way that needs waking: {@link #lock()} spins, yields and then parks for short intervals that it ends itself
 * (the lock is held only around MPI calls that return at once, see {@link MpiDevice}), so releasing is a plain store
 * with release semantics ({@code mov} on x86) and acquiring one compare-and-set. Measured: docs/benchmarks/HISTORY.md,
 * "8-byte latency: the device's own work".
 *
 * <h2>Contract (what {@link MpiBackend#mpiLock()} promises programs)</h2>
 * <ul>
 * <li>Mutual exclusion with acquire/release ordering: everything a thread did before {@link #unlock()} is visible to
 *     the next thread whose {@link #lock()} or {@link #tryLock()} succeeds, as with any {@code Lock}.</li>
 * <li>Reentrant: the holder may lock again and must unlock as many times; {@link #unlock()} by a thread that does
 *     not hold it throws {@link IllegalMonitorStateException}.</li>
 * <li>Not fair: a waiting thread retries (spin, then {@link Thread#yield()}, then parks of at most
 *     {@link #MAX_PARK_NANOS} between tries), so a waiter notices a release at most that late.</li>
 * <li>{@link #lockInterruptibly()} and {@link #tryLock(long, TimeUnit)} honour interrupts and the timeout;
 *     {@link #newCondition()} is not supported (throws {@link UnsupportedOperationException}, as the
 *     {@code Lock} interface allows): nobody may wait while holding this lock.</li>
 * </ul>
 */
final class MpiLock implements Lock {
    /** The longest a thread blocked in {@link #lock()} parks before it tries again. */
    static final long MAX_PARK_NANOS = 50_000;
    /** How {@link #lock()} waits: 200 tight polls, 2000 paused, 1000 yields, then parks of 1 to 50 us. */
    private static final BackoffIdleStrategy WAIT = new BackoffIdleStrategy(200, 2000, 1000, 1000, MAX_PARK_NANOS);
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(MpiLock.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 0 free, 1 held; taken by compare-and-set, released by a release store (through {@link #STATE}). */
    @SuppressWarnings("unused")
    private int state;
    /**
     * The holder, written only by the holder (set after acquiring, cleared before releasing). A thread that reads
     * itself here holds the lock: it wrote itself last and clears the field before it releases; another thread's
     * value is never this thread.
     */
    private Thread owner;
    /** The holder's hold count (read and written by the holder only). */
    private int holds;

    @Override
    public boolean tryLock() {
        Thread self = Thread.currentThread();
        if (owner == self) {
            holds++;
            return true;
        }
        if (!STATE.compareAndSet(this, 0, 1)) return false;
        owner = self;
        holds = 1;
        return true;
    }

    @Override
    public void unlock() {
        if (owner != Thread.currentThread()) throw new IllegalMonitorStateException("the mpi backend's lock is not held by this thread");
        if (--holds == 0) {
            owner = null;
            STATE.setRelease(this, 0);
        }
    }

    /** Whether the calling thread holds the lock. */
    boolean isHeldByCurrentThread() {
        return owner == Thread.currentThread();
    }

    @Override
    public void lock() {
        for (int round = WAIT.reset(); !tryLock(); ) round = WAIT.idle(round, this);
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        for (int round = WAIT.reset(); !tryLock(); ) {
            if (Thread.interrupted()) throw new InterruptedException();
            round = WAIT.idle(round, this);
        }
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(time);
        for (int round = WAIT.reset(); !tryLock(); ) {
            if (Thread.interrupted()) throw new InterruptedException();
            if (System.nanoTime() - deadline >= 0) return false;
            round = WAIT.idle(round, this);
        }
        return true;
    }

    /** Not supported: no thread may wait while holding this lock. */
    @Override
    public Condition newCondition() {
        throw new UnsupportedOperationException("the mpi backend's lock has no conditions: never wait while holding it");
    }

    @Override
    public String toString() {
        Thread o = owner;
        return "MpiLock[" + ((int) STATE.getVolatile(this) == 0 ? "free" : "held by " + (o == null ? "?" : o.getName())) + "]";
    }
}
