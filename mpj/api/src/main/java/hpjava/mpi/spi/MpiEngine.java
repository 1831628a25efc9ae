package hpjava.mpi.spi;

import java.nio.ByteBuffer;
import java.util.List;
import mpi.MPIException;

/**
 * One rank's MPI implementation, opened by {@link MpiProvider#open}. The API calls it only after validating the
 * arguments (package documentation). Thread-safe.
 */
public interface MpiEngine {

    /** The rank's world communicator ({@code MPI.COMM_WORLD}): same size and numbering as the mpjdev world. */
    CommChannel world();

    /** A communicator of the calling rank alone ({@code MPI.COMM_SELF}). */
    CommChannel self();

    /** The largest tag value the implementation accepts, at least 32767 ({@code MPI.TAG_UB}). */
    int tagUpperBound();

    /** Seconds since some fixed time in the past ({@code MPI_Wtime}). */
    double wtime();

    /** Resolution of {@link #wtime()} in seconds. */
    double wtick();

    /** This rank's host name ({@code MPI_Get_processor_name}). */
    String processorName();

    /** A one-line description of the implementation and the library below it ({@code MPI_Get_library_version}). */
    String libraryVersion();

    /**
     * Blocks until one of the non-null handles completes; fills {@code status} and returns its index. The array has at
     * least one non-null entry; the completed handle is finished (see {@link RequestHandle}) and the API sets its
     * entry to {@code null}. The default polls {@link RequestHandle#test} with a pause that grows to 1 ms; an
     * implementation that can block on all of them at once overrides it.
     */
    default int waitAny(RequestHandle[] requests, StatusRecord status) throws MPIException {
        for (long pauseNanos = 0; ; pauseNanos = Math.min(Math.max(1_000, pauseNanos * 2), 1_000_000)) {
            for (int i = 0; i < requests.length; i++) {
                if (requests[i] != null && requests[i].test(status)) return i;
            }
            if (pauseNanos > 0) java.util.concurrent.locks.LockSupport.parkNanos(pauseNanos);
            else Thread.onSpinWait();
        }
    }

    /**
     * Takes {@code buffer} (direct; its capacity is what the API accounts buffered sends against) for buffered-mode
     * sends ({@code MPI_Buffer_attach}). The API attaches at most one buffer at a time.
     */
    void attachBuffer(ByteBuffer buffer) throws MPIException;

    /** Waits until every buffered send has left and gives the buffer back ({@code MPI_Buffer_detach}). */
    ByteBuffer detachBuffer() throws MPIException;

    /** Ends the job with {@code errorCode} as every process's exit status ({@code MPI_Abort}); does not return. */
    void abort(int errorCode) throws MPIException;

    /**
     * Called by {@code MPI.Finalize}: completes what the rank owes others (buffered sends) and returns, one line each,
     * what was left behind: messages sent to this rank and never received, requests started and never completed. An
     * empty list when there is nothing to report or the implementation cannot tell. The engine stays usable (the
     * runtime, not the program, owns MPI's lifetime).
     */
    List<String> finish() throws MPIException;
}
