package hpjava.mpjdev;

/**
 * Collective operations a backend implements natively on one communicator ({@link Comm#collectives()}).
 *
 * <p>All methods are <b>collective</b> (every rank of the communicator calls them, in the same order relative to the
 * other collectives of this communicator) and <b>blocking</b> (return when the caller's part is done: its arrays may
 * then be reused). They do not interfere with point-to-point messages on the same communicator. Thread-safety: one
 * thread per rank may be in a collective of a given communicator at a time. Failure: a collective whose peers have
 * finished or failed throws {@link PeerFailedException} or {@link JobAbortedException}, never hangs.
 */
public interface NativeCollectives {

    /** Returns once every rank of the communicator has entered the barrier. */
    void barrier();

    /**
     * Copies {@code array[offset .. offset+count)} of rank {@code root} into the same range of {@code array} on every
     * other rank. {@code array} is an array of a primitive type, of the same type and with the same
     * {@code offset}/{@code count} on every rank.
     */
    void broadcast(Object array, int offset, int count, int root);

    /**
     * Element-wise reduction of {@code array[offset .. offset+count)} over all ranks, in place; every rank receives
     * the same result. <b>Combination order is fixed</b>: element {@code i} of the result is
     * {@code (((v_0 op v_1) op v_2) ... op v_{p-1})} where {@code v_r} is rank {@code r}'s element, so floating-point
     * results are bitwise identical on every rank, every run and every backend that implements this interface.
     *
     * @param array an array of a primitive type (same type, offset and count on every rank)
     * @throws IllegalArgumentException if {@code op} is not defined for the element type
     */
    void allreduce(Object array, int offset, int count, ReduceOp op);

    /**
     * {@link #allreduce} that also checks, in the same operation (no extra message), that every rank passed the same
     * {@code sig} and {@code seq} (a caller's description of the call, e.g. Adlib's call signature and sequence
     * number). Returns {@code true} when they agree, with the reduction done as by {@link #allreduce}. When any rank
     * passed other words, every rank returns {@code false} and {@code array} is left as the caller passed it; the
     * words are compared before the data is interpreted, so ranks that disagree may also have passed different
     * element types or counts. A backend may compare a compressed form of the words, and then misses a difference
     * with a small probability it documents (mpi: 2^-47 per pair of different words when the data takes at most 4
     * bytes, 2^-15 when more; sequence numbers less than 2^15 apart always differ); every rank still reaches the same
     * verdict.
     *
     * <p>This default agrees first in a separate 4-long allreduce (MAX of the words and their complements: all equal
     * exactly when every rank passed the same) and then reduces; backends override it to carry the words with the data.
     * Every rank of a communicator must use the same backend implementation for a given call.
     */
    default boolean allreduceChecked(Object array, int offset, int count, ReduceOp op, long sig, long seq) {
        long[] v = {sig, ~sig, seq, ~seq};
        allreduce(v, 0, 4, ReduceOp.MAX);
        if (v[0] != sig || v[1] != ~sig || v[2] != seq || v[3] != ~seq) return false;
        allreduce(array, offset, count, op);
        return true;
    }
}
