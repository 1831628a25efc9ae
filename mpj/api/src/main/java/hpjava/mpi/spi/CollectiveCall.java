package hpjava.mpi.spi;

/**
 * One collective operation with its validated arguments, for {@link CommChannel#collective} (blocking) and
 * {@link CommChannel#startCollective} (nonblocking). Every rank of the communicator makes the same calls in the same
 * order, as MPI requires; arguments significant only at the root are {@code null} elsewhere.
 *
 * <p>Field use by {@link Kind} ({@code n} = the communicator's size). "In place" ({@code MPI_IN_PLACE}) is a
 * {@code null} {@code send} at the ranks that receive (the data is taken from, and the result left in, {@code recv}),
 * or for {@code SCATTER}/{@code SCATTERV} a {@code null} {@code recv} at the root (its own block stays in
 * {@code send}). Buffers that do not matter at a rank are {@code null} there: {@code recv} of GATHER, GATHERV and
 * REDUCE except at the root, {@code send} of SCATTER and SCATTERV except at the root.
 * <ul>
 * <li>{@code BARRIER}: nothing;</li>
 * <li>{@code BCAST}: {@code recv} is the buffer at every rank (the root's is sent), {@code root};</li>
 * <li>{@code GATHER}: {@code send} at every rank; {@code recv} at the root holds {@code n} blocks of
 *     {@code recv.count()} items, block {@code r} from rank {@code r}; {@code GATHERV}: the root's block {@code r} has
 *     {@code recvCounts[r]} items at item displacement {@code recvDispls[r]} from {@code recv}'s offset;</li>
 * <li>{@code SCATTER}/{@code SCATTERV}: the mirror image ({@code send} at the root with {@code sendCounts},
 *     {@code sendDispls} for the v-form; {@code recv} at every rank);</li>
 * <li>{@code ALLGATHER}/{@code ALLGATHERV}: as gather, with the result at every rank;</li>
 * <li>{@code ALLTOALL}: {@code send} holds {@code n} blocks of {@code send.count()} items, {@code recv} {@code n}
 *     blocks of {@code recv.count()}; {@code ALLTOALLV}: blocks given by both count and displacement arrays;</li>
 * <li>{@code REDUCE} (result at {@code root}), {@code ALLREDUCE}, {@code SCAN}, {@code EXSCAN} (rank 0's
 *     {@code recv} is left unchanged): {@code count} items of {@code send} combined with {@code op};</li>
 * <li>{@code REDUCE_SCATTER}: the reduction of {@code send} (sum of {@code recvCounts} items) is scattered, rank
 *     {@code r} getting {@code recvCounts[r]} items in {@code recv}; {@code REDUCE_SCATTER_BLOCK}: every rank gets
 *     {@code recv.count()} items.</li>
 * </ul>
 * Displacements are in items of the buffer's datatype (multiples of its extent), as in MPI.
 */
public record CollectiveCall(Kind kind, Data send, Data recv, int[] sendCounts, int[] sendDispls, int[] recvCounts,
        int[] recvDispls, int root, Reduction op) {

    /** The collective operations. */
    public enum Kind {
        BARRIER, BCAST, GATHER, GATHERV, SCATTER, SCATTERV, ALLGATHER, ALLGATHERV, ALLTOALL, ALLTOALLV, REDUCE,
        ALLREDUCE, REDUCE_SCATTER, REDUCE_SCATTER_BLOCK, SCAN, EXSCAN
    }

    /** A call with buffers and root only (no v-arrays, no operation). */
    public static CollectiveCall of(Kind kind, Data send, Data recv, int root) {
        return new CollectiveCall(kind, send, recv, null, null, null, null, root, null);
    }
}
