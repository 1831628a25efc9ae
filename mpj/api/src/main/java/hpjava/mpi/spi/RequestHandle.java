package hpjava.mpi.spi;

import mpi.MPIException;

/**
 * An implementation's pending operation (nonblocking point-to-point or collective). Completion is observed exactly
 * once, by {@link #await} or a {@link #test} that returns true: that call also finishes the operation (a receive's
 * data is in the user's buffer) and releases the handle; the API never uses a handle after that, nor after
 * {@link #free()}. A handle is waited for or tested by one thread at a time.
 */
public interface RequestHandle {

    /** Blocks until the operation completes; fills {@code status}. Errors of the operation are thrown here. */
    void await(StatusRecord status) throws MPIException;

    /** Returns true and fills {@code status} if the operation has completed, else false. Never blocks. */
    boolean test(StatusRecord status) throws MPIException;

    /**
     * Asks for cancellation; returns at once. The operation then either completes normally or is cancelled (the
     * status of its completion says which, {@link StatusRecord#cancelled}); completion must still be observed.
     * Cancelling a receive that has not matched must succeed; a send may be cancelled only if it has not matched.
     */
    void cancel() throws MPIException;

    /**
     * Releases the handle without waiting: the operation still completes (a send is delivered), but nobody will
     * observe it. Used by {@code Request.free()}.
     */
    void free() throws MPIException;
}
