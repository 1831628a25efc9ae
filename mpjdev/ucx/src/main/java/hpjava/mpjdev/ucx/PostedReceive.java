package hpjava.mpjdev.ucx;

/**
 * The matching criteria of a posted receive, linked into {@link Matcher}'s posted list in posting order.
 * Guarded by the device lock.
 */
final class PostedReceive {
    /** Wildcard for {@link #source} and {@link #tag}. */
    static final int ANY = -1;

    final Object owner;
    long context;
    /** World rank of the source, or {@link #ANY}. */
    int source;
    int tag;
    boolean posted;
    PostedReceive next;
    PostedReceive prev;

    PostedReceive(Object owner) {
        this.owner = owner;
    }

    boolean matches(long context, int source, int tag) {
        return this.context == context && (this.source == ANY || this.source == source)
                && (this.tag == ANY || this.tag == tag);
    }
}
