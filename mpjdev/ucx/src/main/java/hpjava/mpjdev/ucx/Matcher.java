package hpjava.mpjdev.ucx;

/**
 * The matching of [HPJava-RT] section 4.3, done by the active-message handler on the thread that drives progress, with no thread
 * hand-off: an arriving message is matched against the posted receives (in posting order) and landed in the first
 * that matches, or queued as unexpected; a posted receive first searches the unexpected messages (in arrival order).
 *
 * <p>Non-overtaking does not rely on UCX's delivery order: every message carries a per (sender, receiver) sequence
 * number, and a message that arrives ahead of an earlier one from the same sender is held back until the gap is
 * filled. The number of messages delivered from each sender is what failure detection compares with the count a
 * finished sender reports ({@link #delivered(int)}).
 *
 * <p>Not thread-safe: the caller holds the device lock. Allocation-free in the steady state (arrivals are pooled,
 * lists are intrusive).
 */
abstract class Matcher {
    private final int[] nextSeq;
    private final Arrival[] heldBack;
    private PostedReceive postedHead;
    private PostedReceive postedTail;
    private Arrival unexpectedHead;
    private Arrival unexpectedTail;
    private Arrival free;
    private int unexpectedCount;

    Matcher(int worldSize) {
        nextSeq = new int[worldSize];
        heldBack = new Arrival[worldSize];
    }

    /** Puts the data of arrival {@code a} into the buffer of receive {@code r}; {@code a} is recycled afterwards. */
    protected abstract void land(PostedReceive r, Arrival a);

    /** Copies eager data that is valid only during the callback into memory of our own ({@link Arrival#scratch}). */
    protected abstract void copy(Arrival a);

    /**
     * Makes an arrival's data outlive the callback. Returns {@code true} when UCX keeps it (the handler then returns
     * {@code UCS_INPROGRESS}): a rendezvous descriptor, or eager data UCX lets us keep; otherwise copies it.
     * An arrival retained before (held back, then delivered) is left as it is.
     */
    private boolean retain(Arrival a) {
        switch (a.kind) {
            case Arrival.RENDEZVOUS:
                return true;
            case Arrival.EAGER_IN_CALLBACK:
                if (a.ucxMayKeep) {
                    a.kind = Arrival.EAGER_UCX_OWNED;
                    return true;
                }
                copy(a);
                a.kind = Arrival.EAGER_COPIED;
                return false;
            default:
                return false;
        }
    }

    /** A pooled arrival to fill in and pass to {@link #arrive}. */
    final Arrival obtain() {
        Arrival a = free;
        if (a == null) return new Arrival();
        free = a.next;
        a.next = null;
        return a;
    }

    private void recycle(Arrival a) {
        a.next = free;
        free = a;
    }

    /**
     * A message arrived (called from the active-message callback). Returns whether UCX must keep its data
     * ({@code UCS_INPROGRESS}).
     */
    final boolean arrive(Arrival a) {
        int src = a.source;
        if (a.seq != nextSeq[src]) {
            boolean kept = retain(a);
            holdBack(a);
            return kept;
        }
        nextSeq[src]++;
        boolean kept = deliver(a);
        deliverHeldBack(src);
        return kept;
    }

    /**
     * The fast path of {@link #arrive} for a message that can land during the callback without being described by an
     * {@link Arrival}: if it is the next in order from world rank {@code source}, removes and returns the first
     * posted receive it matches (the caller lands it, then calls {@link #deliverHeldBack}); otherwise returns
     * {@code null} and changes nothing (the caller goes through {@link #arrive}).
     */
    final PostedReceive takeInOrder(long context, int source, int tag, int seq) {
        if (seq != nextSeq[source]) return null;
        for (PostedReceive r = postedHead; r != null; r = r.next) {
            if (r.matches(context, source, tag)) {
                unlink(r);
                nextSeq[source]++;
                return r;
            }
        }
        return null;
    }

    /** Delivers the held-back messages from {@code source} that are now in order (after {@link #takeInOrder}). */
    final void deliverHeldBack(int source) {
        Arrival h;
        while ((h = heldBack[source]) != null && h.seq == nextSeq[source]) {
            heldBack[source] = h.next;
            h.next = null;
            nextSeq[source]++;
            deliver(h); // already retained
        }
    }

    /** Lands {@code a} in the first matching posted receive, or queues it as unexpected (retaining its data). */
    private boolean deliver(Arrival a) {
        for (PostedReceive r = postedHead; r != null; r = r.next) {
            if (r.matches(a.context, a.source, a.tag)) {
                unlink(r);
                land(r, a);
                recycle(a);
                return false;
            }
        }
        boolean kept = retain(a);
        a.next = null;
        if (unexpectedTail == null) unexpectedHead = a; else unexpectedTail.next = a;
        unexpectedTail = a;
        unexpectedCount++;
        return kept;
    }

    private void holdBack(Arrival a) {
        int src = a.source;
        Arrival prev = null;
        Arrival cur = heldBack[src];
        while (cur != null && cur.seq < a.seq) {
            prev = cur;
            cur = cur.next;
        }
        a.next = cur;
        if (prev == null) heldBack[src] = a; else prev.next = a;
    }

    /**
     * Posts receive {@code r}: lands the first matching unexpected message at once (returns {@code true}), or links
     * {@code r} at the end of the posted list (returns {@code false}).
     */
    final boolean post(PostedReceive r) {
        Arrival prev = null;
        for (Arrival a = unexpectedHead; a != null; prev = a, a = a.next) {
            if (r.matches(a.context, a.source, a.tag)) {
                if (prev == null) unexpectedHead = a.next; else prev.next = a.next;
                if (unexpectedTail == a) unexpectedTail = prev;
                unexpectedCount--;
                a.next = null;
                land(r, a);
                recycle(a);
                return true;
            }
        }
        r.posted = true;
        r.next = null;
        r.prev = postedTail;
        if (postedTail == null) postedHead = r; else postedTail.next = r;
        postedTail = r;
        return false;
    }

    /** Removes a posted receive that will not be matched (its peer is gone). */
    final void unpost(PostedReceive r) {
        if (r.posted) unlink(r);
    }

    private void unlink(PostedReceive r) {
        if (r.prev == null) postedHead = r.next; else r.prev.next = r.next;
        if (r.next == null) postedTail = r.prev; else r.next.prev = r.prev;
        r.next = r.prev = null;
        r.posted = false;
    }

    /** Messages delivered in order from world rank {@code source} so far (matched or queued as unexpected). */
    final int delivered(int source) {
        return nextSeq[source];
    }

    /**
     * Sequence numbers of the messages from world rank {@code source} that were delivered in order but are still
     * queued as unexpected (no receive has taken them), in arrival order. Allocates; for the end of a rank only.
     */
    final int[] unconsumed(int source) {
        int n = 0;
        for (Arrival a = unexpectedHead; a != null; a = a.next) if (a.source == source) n++;
        int[] seqs = new int[n];
        int i = 0;
        for (Arrival a = unexpectedHead; a != null; a = a.next) if (a.source == source) seqs[i++] = a.seq;
        return seqs;
    }

    /** Number of unexpected messages queued (for diagnostics). */
    final int unexpectedCount() {
        return unexpectedCount;
    }

    /** The oldest posted receive (iterate with {@link PostedReceive#next}; save it before {@link #unpost}). */
    final PostedReceive firstPosted() {
        return postedHead;
    }

    /** Whether some posted receive is still waiting (for diagnostics). */
    final boolean hasPosted() {
        return postedHead != null;
    }

    /** Hands every retained arrival to {@code release} and forgets it (at shutdown). */
    final void drainRetained(java.util.function.Consumer<Arrival> release) {
        for (Arrival a = unexpectedHead; a != null; a = a.next) release.accept(a);
        unexpectedHead = unexpectedTail = null;
        unexpectedCount = 0;
        for (int s = 0; s < heldBack.length; s++) {
            for (Arrival a = heldBack[s]; a != null; a = a.next) release.accept(a);
            heldBack[s] = null;
        }
    }
}
