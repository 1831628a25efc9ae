package hpjava.mpjdev;

import java.util.Optional;

/**
 * A communicator: an ordered group of ranks, numbered {@code 0 .. size()-1}, with a private matching context, so that
 * messages sent on one communicator are never received on another.
 *
 * <p>Every method is thread-safe (see the package documentation for ordering between threads). Every method is local
 * (not collective) unless documented otherwise. Peers are given by their id in <em>this</em> communicator.
 *
 * <p>Backends implement this class; user and library code obtains communicators from {@link #world()} and
 * {@link #create(int[])}.
 */
public abstract class Comm {

    /** Source wildcard for receives: match a message from any rank of the communicator. */
    public static final int ANY_SOURCE = -1;

    /** Tag wildcard for receives: match a message with any tag. Tags of sent messages must be {@code >= 0}. */
    public static final int ANY_TAG = -1;

    /** For backends. */
    protected Comm() {
    }

    /**
     * The world communicator of the calling rank: all ranks of the job, ids equal to rank numbers. Works on every
     * backend: in mt it is found through the calling thread (bound per rank thread and inherited by the threads a
     * rank starts); in one-rank-per-process backends it is process-wide. Local, non-blocking, cheap (a thread-local
     * read); callers may cache the result per rank.
     *
     * @throws IllegalStateException if the calling thread does not belong to a rank (not started by a launcher, or
     *         started from a thread pool whose threads were not created by the rank)
     */
    public static Comm world() {
        return RankContext.current().world();
    }

    /** Number of ranks in this communicator. Local, non-blocking. */
    public abstract int size();

    /** The calling rank's id in this communicator, {@code 0 <= id() < size()}. Local, non-blocking. */
    public abstract int id();

    /**
     * Blocking standard-mode send of {@code buf} to rank {@code dest} with {@code tag}. Returns when {@code buf} may
     * be reused: the message has been copied out (eagerly, small messages) or received (large messages). Therefore it
     * may block until the receiver posts a matching receive. The buffer's {@link Buffer#status()} then describes the
     * send (source = own id, tag, byte count).
     *
     * @param buf the message; its content is {@code [0, buf.length())} of its segment (see {@link Buffer})
     * @param dest destination id in this communicator, {@code 0 <= dest < size()} (sending to oneself is allowed when
     *        a matching receive is posted or the message is small enough to be buffered)
     * @param tag {@code >= 0}
     * @throws PeerFailedException if {@code dest} has finished or failed before receiving a message that needs a
     *         receiver
     * @throws JobAbortedException if the job is ending (another rank failed, or deadlock)
     * @throws IllegalArgumentException for a bad {@code dest} or {@code tag}, or a buffer busy in another operation
     */
    public abstract void send(Buffer buf, int dest, int tag);

    /**
     * Blocking receive into {@code buf} of a message from {@code source} (or {@link #ANY_SOURCE}) with {@code tag}
     * (or {@link #ANY_TAG}). Returns when the message is in {@code buf}, positioned for reading at its first section.
     * The buffer grows if the message is larger than its capacity (an allocation; pooled buffers keep the larger
     * size). The returned status is {@code buf.status()}: valid until {@code buf} is used for another operation.
     *
     * @throws PeerFailedException if {@code source} (for {@code ANY_SOURCE}: every other rank) has finished or failed
     *         and no matching message was sent before
     * @throws JobAbortedException if the job is ending
     * @throws IllegalArgumentException for a bad {@code source} or {@code tag}, or a busy buffer
     * @throws DeviceException if the received bytes are not a well-formed message
     */
    public abstract Status recv(Buffer buf, int source, int tag);

    /**
     * Starts a send and returns at once. {@code buf} belongs to the device until the request completes
     * ({@link Request#iwait()}, {@link Request#itest()} non-null, or {@link Request#iwaitany}); then it may be reused.
     * Non-blocking, local. Errors about the peer are reported when the request is waited for.
     *
     * @throws IllegalArgumentException for a bad {@code dest} or {@code tag}, or a busy buffer
     */
    public abstract Request isend(Buffer buf, int dest, int tag);

    /**
     * Posts a receive and returns at once. When the request completes, {@code buf} holds the message positioned at
     * its first section and the status is {@code buf.status()}. Non-blocking, local.
     *
     * @throws IllegalArgumentException for a bad {@code source} or {@code tag}, or a busy buffer
     */
    public abstract Request irecv(Buffer buf, int source, int tag);

    /**
     * The sub-communicator of the ranks whose ids (in this communicator) are listed, in that order: rank
     * {@code ids[k]} has id {@code k} in the result.
     *
     * <p><b>Local, not collective, non-blocking</b>: no messages are exchanged. Members agree on the new context
     * because it is derived from this communicator's context, the id list and how many times this rank has created a
     * communicator with this same list from this communicator. Hence the rule: every member must create the
     * communicators for a given id list from a given communicator in the same order (ranks that are not members need
     * not call). Creating twice from the same list gives two communicators with distinct contexts. Cost: one map
     * lookup and a small allocation; callers that create often should keep the result.
     *
     * @param ids distinct ids of this communicator; must contain the caller's id
     * @throws IllegalArgumentException if {@code ids} is empty, has duplicates or ids out of range, or does not contain
     *         the caller
     */
    public abstract Comm create(int[] ids);

    /**
     * Device-native collectives, if this backend offers them on this communicator. Library code (Adlib) uses them
     * when present and falls back to its own point-to-point algorithms otherwise. Local, non-blocking.
     */
    public Optional<NativeCollectives> collectives() {
        return Optional.empty();
    }

    /** Name of the backend implementing this communicator ({@code "mt"}, {@code "mpi"}, {@code "ucx"}). */
    public abstract String backendName();

    /** Checks a destination id and tag for sends; for backends. */
    protected final void checkSendArgs(Buffer buf, int dest, int tag) {
        if (buf == null) throw new IllegalArgumentException("buffer is null");
        if (dest < 0 || dest >= size())
            throw new IllegalArgumentException("destination " + dest + " is not a rank of this communicator (size " + size() + ")");
        if (tag < 0) throw new IllegalArgumentException("tag " + tag + " is negative; message tags must be >= 0");
    }

    /** Checks a source id and tag for receives; for backends. */
    protected final void checkRecvArgs(Buffer buf, int source, int tag) {
        if (buf == null) throw new IllegalArgumentException("buffer is null");
        if (source != ANY_SOURCE && (source < 0 || source >= size()))
            throw new IllegalArgumentException("source " + source + " is not a rank of this communicator (size " + size() + ") nor ANY_SOURCE");
        if (tag < 0 && tag != ANY_TAG) throw new IllegalArgumentException("tag " + tag + " is negative and not ANY_TAG");
    }

    @Override
    public String toString() {
        return backendName() + " communicator (id " + id() + " of " + size() + ")";
    }
}
