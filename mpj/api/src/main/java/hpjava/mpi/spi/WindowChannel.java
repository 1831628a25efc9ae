package hpjava.mpi.spi;

import mpi.MPIException;

/**
 * An implementation's one-sided communication window ({@code MPI_Win}), made by {@link MpiEngine#createWindow}. The
 * API validates arguments first (package documentation): origin buffers are direct, large enough and of the
 * datatype's basic type; target ranks lie in the window's group; counts are {@code >= 0}. What only the target knows
 * (a displacement outside its window) the implementation reports ({@code ERR_RMA_RANGE}, ...). Operations are
 * complete, and origin buffers free again, after the synchronisation that ends their epoch ({@link #fence},
 * {@link #unlock}, {@link #unlockAll}, {@link #flush}).
 */
public interface WindowChannel {

    /** Puts {@code origin} into {@code targetCount} items of {@code targetType} at {@code targetDisp} units of the target. */
    void put(Data origin, int targetRank, long targetDisp, int targetCount, TypeLayout targetType) throws MPIException;

    /** Gets {@code targetCount} items of {@code targetType} at {@code targetDisp} of the target into {@code origin}. */
    void get(Data origin, int targetRank, long targetDisp, int targetCount, TypeLayout targetType) throws MPIException;

    /** Combines {@code origin} into the target's items with {@code op} (a predefined operation). */
    void accumulate(Data origin, int targetRank, long targetDisp, int targetCount, TypeLayout targetType, Reduction op)
            throws MPIException;

    /** {@code MPI_Win_fence}. <b>Collective</b> over the window's group. */
    void fence(int assertion) throws MPIException;

    /** {@code MPI_Win_lock} of {@code rank}'s window ({@code lockType}: the API's {@code MPI.LOCK_*}). */
    void lock(int lockType, int rank, int assertion) throws MPIException;

    void unlock(int rank) throws MPIException;

    void lockAll(int assertion) throws MPIException;

    void unlockAll() throws MPIException;

    /** Completes this rank's operations on {@code rank}'s window ({@code MPI_Win_flush}). */
    void flush(int rank) throws MPIException;

    /** Releases the window. <b>Collective.</b> */
    void free() throws MPIException;
}
