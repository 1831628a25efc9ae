package hpjava.mpi.spi;

import mpi.MPIException;

/**
 * Shared by implementations and the API: a request complete from the start (an operation with {@code MPI.PROC_NULL},
 * a message delivered at once). Waits and tests report {@code done}, or throw {@code error} if there is one.
 */
public final class CompletedRequest implements RequestHandle {
    private final StatusRecord done;
    private final MPIException error;

    /** A request whose completion reports {@code done}, or throws {@code error} when it is not null. */
    public CompletedRequest(StatusRecord done, MPIException error) {
        this.done = done;
        this.error = error;
    }

    @Override
    public void await(StatusRecord status) throws MPIException {
        if (error != null) throw error;
        status.copyFrom(done);
    }

    @Override
    public boolean test(StatusRecord status) throws MPIException {
        await(status);
        return true;
    }

    @Override
    public void cancel() {
    }

    @Override
    public void free() {
    }
}
