package hpjava.mpjdev.mt;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;

/**
 * The matching state of one rank on one communicator context: receives posted and not yet matched (in posting order)
 * and messages arrived and not yet received (in arrival order, which is the senders' program order). All methods
 * are called with the mailbox's monitor held. Envelopes are recycled through a free list, so matching allocates
 * nothing in the steady state.
 */
final class Mailbox {
    private MtRequest postedHead, postedTail;
    private UnexpectedMessage unexpectedHead, unexpectedTail;
    private UnexpectedMessage free;
    /** Staging buffers kept here, under the mailbox's monitor, so that eager messages skip the shared pool's lock. */
    private final Buffer[] staged = new Buffer[4];
    private int stagedCount;

    /** Removes and returns the first posted receive matching a message from {@code source} with {@code tag}. */
    MtRequest takePosted(int source, int tag) {
        MtRequest prev = null;
        for (MtRequest r = postedHead; r != null; prev = r, r = r.next) {
            if ((r.peer == source || r.peer == Comm.ANY_SOURCE) && (r.tag == tag || r.tag == Comm.ANY_TAG)) {
                unlinkPosted(prev, r);
                return r;
            }
        }
        return null;
    }

    void post(MtRequest r) {
        r.next = null;
        if (postedTail == null) postedHead = r; else postedTail.next = r;
        postedTail = r;
    }

    /** Removes {@code r} if it is still posted; returns whether it was. */
    boolean removePosted(MtRequest r) {
        MtRequest prev = null;
        for (MtRequest q = postedHead; q != null; prev = q, q = q.next) {
            if (q == r) {
                unlinkPosted(prev, q);
                return true;
            }
        }
        return false;
    }

    private void unlinkPosted(MtRequest prev, MtRequest r) {
        if (prev == null) postedHead = r.next; else prev.next = r.next;
        if (postedTail == r) postedTail = prev;
        r.next = null;
    }

    /** Removes and returns the first unexpected message matching {@code source} (or ANY) and {@code tag} (or ANY). */
    UnexpectedMessage takeUnexpected(int source, int tag) {
        UnexpectedMessage prev = null;
        for (UnexpectedMessage e = unexpectedHead; e != null; prev = e, e = e.next) {
            if ((source == Comm.ANY_SOURCE || e.source == source) && (tag == Comm.ANY_TAG || e.tag == tag)) {
                unlinkUnexpected(prev, e);
                return e;
            }
        }
        return null;
    }

    /** Removes the rendezvous envelope of {@code sender} if still queued; returns whether it was. */
    boolean removeRendezvous(MtRequest sender) {
        UnexpectedMessage prev = null;
        for (UnexpectedMessage e = unexpectedHead; e != null; prev = e, e = e.next) {
            if (e.sender == sender) {
                unlinkUnexpected(prev, e);
                recycle(e);
                return true;
            }
        }
        return false;
    }

    private void unlinkUnexpected(UnexpectedMessage prev, UnexpectedMessage e) {
        if (prev == null) unexpectedHead = e.next; else prev.next = e.next;
        if (unexpectedTail == e) unexpectedTail = prev;
        e.next = null;
    }

    void append(UnexpectedMessage e) {
        e.next = null;
        if (unexpectedTail == null) unexpectedHead = e; else unexpectedTail.next = e;
        unexpectedTail = e;
    }

    UnexpectedMessage newEnvelope(int source, int tag) {
        UnexpectedMessage e = free;
        if (e != null) free = e.next; else e = new UnexpectedMessage();
        e.next = null;
        e.source = source;
        e.tag = tag;
        e.staged = null;
        e.sender = null;
        return e;
    }

    /** A cleared staging buffer of at least {@code length} bytes: a cached one, else one from {@code pool}. */
    Buffer stagingBuffer(long length, BufferPool pool) {
        for (int i = stagedCount - 1; i >= 0; i--) {
            Buffer b = staged[i];
            if (b.capacity() >= length) {
                staged[i] = staged[--stagedCount];
                staged[stagedCount] = null;
                return b.clear();
            }
        }
        return pool.acquire(length);
    }

    /** Takes back a staging buffer: cached if there is room, else returned to its pool. */
    void returnStagingBuffer(Buffer b) {
        if (stagedCount < staged.length && b.capacity() <= 8192) staged[stagedCount++] = b;
        else b.release();
    }

    void recycle(UnexpectedMessage e) {
        e.staged = null;
        e.sender = null;
        e.next = free;
        free = e;
    }
}
