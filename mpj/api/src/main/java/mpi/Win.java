package mpi;

/**
 * One-sided communication windows ({@code MPI_Win}). Not offered on the portable path (backends mt and ucx): every
 * constructor throws {@link MPIException} of class {@code ERR_UNSUPPORTED_OPERATION} there. See {@code docs/MPI.md}.
 */
public final class Win implements Freeable {

    /** A window over {@code base} ({@code MPI_Win_create}). */
    public Win(java.nio.Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        throw Unsupported.of("Win (one-sided communication)");
    }

    /** A window allocated by MPI ({@code MPI_Win_allocate}). */
    public Win(int size, int dispUnit, Info info, Comm comm, java.nio.Buffer base, int flavor) throws MPIException {
        throw Unsupported.of("Win (one-sided communication)");
    }

    @Override
    public void free() throws MPIException {
        throw Unsupported.of("Win (one-sided communication)");
    }
}
