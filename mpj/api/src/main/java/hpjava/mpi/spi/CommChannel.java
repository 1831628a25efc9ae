package hpjava.mpi.spi;

import mpi.MPIException;

/**
 * An implementation's communicator (an intracommunicator: an ordered group with a private matching context). All
 * arguments are validated by the API before a call (package documentation): implementations check nothing that the
 * API checks. Methods are local unless marked collective; collective ones are called by every member in the same
 * order.
 */
public interface CommChannel {

    /** Source wildcard of receives and probes (the API's {@code MPI.ANY_SOURCE}). */
    int ANY_SOURCE = -1;

    /** Tag wildcard of receives and probes (the API's {@code MPI.ANY_TAG}). */
    int ANY_TAG = -1;

    /** {@link #split}'s colour of ranks that join no new communicator ({@code MPI.UNDEFINED}). */
    int UNDEFINED = -32766;

    /** Number of ranks. */
    int size();

    /** The caller's rank, {@code 0 <= rank() < size()}. */
    int rank();

    /**
     * The members' ranks in the engine's world communicator, indexed by rank in this one (a fresh array). The API
     * builds {@code mpi.Group}s from it.
     */
    int[] worldRanks();

    // ---- point-to-point ----

    /**
     * Blocking send in {@code mode}. Returns when {@code data}'s buffer may be reused (and, for
     * {@link SendMode#SYNCHRONOUS}, once the receiver has matched the message).
     */
    void send(SendMode mode, Data data, int dest, int tag) throws MPIException;

    /**
     * Starts a send in {@code mode}. The buffer belongs to the implementation until the request completes; the
     * implementation reads it when it likes before then (a copy at the start is allowed).
     */
    RequestHandle isend(SendMode mode, Data data, int dest, int tag) throws MPIException;

    /**
     * Blocking receive into {@code data}; fills {@code status}. A message longer than {@code data} raises
     * {@code MPI.ERR_TRUNCATE} (after receiving what fits, or nothing); a message of another basic type raises
     * {@code MPI.ERR_TYPE} where the implementation can tell.
     */
    void recv(Data data, int source, int tag, StatusRecord status) throws MPIException;

    /** Starts a receive; the data is in the user's buffer when the request's completion is observed. */
    RequestHandle irecv(Data data, int source, int tag) throws MPIException;

    /**
     * Send and receive at once (neither blocks the other); fills {@code status} for the receive. The buffers are
     * distinct ({@code sendRecvReplace} is composed by the API). This default starts the receive, sends, and waits.
     */
    default void sendRecv(Data send, int dest, int sendTag, Data recv, int source, int recvTag, StatusRecord status)
            throws MPIException {
        RequestHandle r = irecv(recv, source, recvTag);
        send(SendMode.STANDARD, send, dest, sendTag);
        r.await(status);
    }

    /** Blocks until a message matching {@code source}, {@code tag} can be received; describes it in {@code status}. */
    void probe(int source, int tag, StatusRecord status) throws MPIException;

    /** Whether a matching message can be received now (then describes it in {@code status}). Never blocks. */
    boolean iprobe(int source, int tag, StatusRecord status) throws MPIException;

    /** Matched probe: blocks for a matching message, removes it from matching and returns it. */
    MessageHandle mprobe(int source, int tag, StatusRecord status) throws MPIException;

    /** Nonblocking matched probe: the message, or {@code null} when none matches now. */
    MessageHandle improbe(int source, int tag, StatusRecord status) throws MPIException;

    // ---- collectives ----

    /** Runs a blocking collective. <b>Collective.</b> */
    void collective(CollectiveCall call) throws MPIException;

    /**
     * Starts a nonblocking collective; the request completes when this rank's part is done (results in place).
     * <b>Collective</b> (started by every member in the same order as other collectives on this communicator). It
     * must progress while the caller computes or waits for other requests.
     */
    RequestHandle startCollective(CollectiveCall call) throws MPIException;

    // ---- communicators ----

    /** A new communicator of the same members and numbering with a new context. <b>Collective.</b> */
    CommChannel dup() throws MPIException;

    /**
     * Partitions the members by {@code color} ({@code >= 0}, or {@link #UNDEFINED} for none), ordered by
     * {@code key} then by rank here. Returns {@code null} to ranks with {@link #UNDEFINED}. <b>Collective.</b>
     */
    CommChannel split(int color, int key) throws MPIException;

    /**
     * The communicator of the listed members ({@code members[k]} = rank here of the new rank {@code k}; distinct, in
     * range, validated; every rank passes the same list). Returns {@code null} to ranks not listed. <b>Collective</b>
     * over this whole communicator ({@code MPI_Comm_create}).
     */
    CommChannel create(int[] members) throws MPIException;

    /**
     * As {@link #create} but collective only over the listed members, who alone call it
     * ({@code MPI_Comm_create_group}); {@code tag >= 0} tells apart concurrent creations.
     */
    CommChannel createGroup(int[] members, int tag) throws MPIException;

    /**
     * Releases the communicator. Pending operations on it complete as usual. Called once; the API refuses later use.
     * <b>Collective.</b>
     */
    void free() throws MPIException;
}
