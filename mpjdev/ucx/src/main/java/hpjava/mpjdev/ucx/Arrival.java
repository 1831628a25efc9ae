package hpjava.mpjdev.ucx;

import java.lang.foreign.MemorySegment;

/**
 * A message that has arrived but is not yet in a receive buffer: unexpected (no matching receive posted yet) or
 * held back (it overtook an earlier message from the same sender). Pooled by {@link Matcher}; fields are guarded by
 * the device lock.
 */
final class Arrival {
    /** Eager data that is valid only during the active-message callback. */
    static final int EAGER_IN_CALLBACK = 0;
    /** Eager data UCX keeps for us ({@code UCP_AM_RECV_ATTR_FLAG_DATA}); {@code ucp_am_data_release} after use. */
    static final int EAGER_UCX_OWNED = 1;
    /** Eager data copied into memory of our own ({@link #scratch}). */
    static final int EAGER_COPIED = 2;
    /** A rendezvous descriptor: the data is fetched with {@code ucp_am_recv_data_nbx} into the receive buffer. */
    static final int RENDEZVOUS = 3;

    long context;
    int source;
    int tag;
    int seq;
    int kind;
    /** Whether UCX allows keeping eager data past the callback ({@code UCP_AM_RECV_ATTR_FLAG_DATA}). */
    boolean ucxMayKeep;
    /** Address of the message's bytes (eager) or UCX data descriptor (rendezvous). */
    long data;
    long length;
    /**
     * A {@link TinyMessage}'s section type (0: no section), whose {@link #data} is the section data only; -1 for a
     * message in the general form, whose data is the buffer image.
     */
    int tinyType;
    /** What UCX handed the handler as data: the pointer {@code ucp_am_data_release} takes back. */
    long ucxData;
    /**
     * This (pooled) arrival's own memory for copied eager data ({@link #EAGER_COPIED}); kept across reuse and grown
     * only when a longer message needs it, so copying allocates nothing in the steady state. Automatic arena: a
     * replaced segment is freed by the garbage collector, never by closing a shared arena (a handshake with every
     * thread of the JVM, milliseconds when the host is busy).
     */
    MemorySegment scratch;
    Arrival next;

    void set(long context, int source, int tag, int seq, int kind, boolean ucxMayKeep, long data, long length,
             int tinyType, long ucxData) {
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.seq = seq;
        this.kind = kind;
        this.ucxMayKeep = ucxMayKeep;
        this.data = data;
        this.length = length;
        this.tinyType = tinyType;
        this.ucxData = ucxData;
    }

    @Override
    public String toString() {
        return "message from rank " + source + " tag " + tag + " (" + length + " bytes, seq " + seq + ")";
    }
}
