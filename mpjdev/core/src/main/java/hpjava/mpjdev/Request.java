package hpjava.mpjdev;

import hpjava.mpjdev.idle.BackoffIdleStrategy;

/**
 * A non-blocking operation started by {@link Comm#isend} or {@link Comm#irecv}.
 *
 * <p>A request completes once and stays complete: after completion {@link #iwait()} and {@link #itest()} return the
 * same status again at once - until its buffer starts another operation: a backend may reuse one request object per
 * buffer (mt does, so that sends and receives allocate nothing), so a request reference is only meaningful until the
 * caller starts the next operation with the same buffer. Its buffer is lent to the device until completion is observed by one of
 * {@link #iwait()}, a non-null {@link #itest()} or {@link #iwaitany}. A request may be waited for by one thread at a
 * time; different requests may be waited for concurrently by different threads.
 *
 * <p>Errors of the operation (peer failed or finished, job aborted, malformed message) are thrown by the call that
 * observes completion ({@code iwait}, {@code itest}, {@code iwaitany}), every time it is called.
 */
public abstract class Request {

    /** For backends. */
    protected Request() {
    }

    /**
     * Blocks until the operation completes and returns its status (the buffer's {@link Buffer#status()}, with
     * {@link Status#index()} {@code -1}). Local; allocation-free.
     *
     * @throws PeerFailedException if the peer finished or failed before the operation could complete
     * @throws JobAbortedException if the job is ending
     */
    public abstract Status iwait();

    /**
     * Returns the status if the operation has completed, else {@code null}. Never blocks (may make progress in a
     * backend that needs polling). Local; allocation-free. A loop that polls it should pause between calls by parking
     * or sleeping briefly, not by {@code Thread.yield()}: with ranks as virtual threads (mt, {@code --virtual-threads})
     * a few yielding pollers can keep every carrier busy while ranks that were woken wait for one.
     *
     * @throws PeerFailedException if the peer finished or failed before the operation could complete
     * @throws JobAbortedException if the job is ending
     */
    public abstract Status itest();

    /** Whether the operation has completed (successfully or not); never blocks, never throws. */
    public abstract boolean isDone();

    /**
     * Blocks until at least one of the non-null requests completes; returns the status of the completed request with
     * the lowest index, {@link Status#index()} set to that index. Requests already completed (even if already waited
     * for) count as complete, so a caller that loops over a set sets each returned entry to {@code null}.
     * Local; allocation-free for requests of one backend.
     *
     * @throws IllegalArgumentException if {@code requests} has no non-null entry
     * @throws PeerFailedException if the operation of the returned index failed because its peer finished or failed
     * @throws JobAbortedException if the job is ending
     */
    public static Status iwaitany(Request... requests) {
        Request first = null;
        for (Request r : requests) {
            if (r != null) {
                first = r;
                break;
            }
        }
        if (first == null) throw new IllegalArgumentException("iwaitany: no request (the array is empty or all entries are null)");
        return first.waitAny(requests);
    }

    /**
     * Backend hook for {@link #iwaitany}: called on the first non-null request; {@code requests} is non-empty. A
     * backend overrides it to block efficiently when all requests are its own. This default polls {@link #itest()}:
     * it spins briefly, then parks for growing intervals up to 1 ms.
     */
    protected Status waitAny(Request[] requests) {
        for (int round = DEFAULT_IDLE.reset(); ; round = DEFAULT_IDLE.idle(round)) {
            for (int i = 0; i < requests.length; i++) {
                Request r = requests[i];
                if (r != null && r.isDone()) {
                    Status s = r.itest();
                    s.index = i;
                    return s;
                }
            }
        }
    }

    /** The wait of {@link #waitAny}'s default: 1000 paused spins, then parks from 1 us doubling up to 1 ms. */
    private static final BackoffIdleStrategy DEFAULT_IDLE = new BackoffIdleStrategy(0, 1_000, 0, 1_000, 1_000_000);

    /** For backends: sets the index of a status returned by {@code iwaitany}. */
    protected static Status withIndex(Status status, int index) {
        status.index = index;
        return status;
    }
}
