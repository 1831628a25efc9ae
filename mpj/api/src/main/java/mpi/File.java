package mpi;

/**
 * MPI-IO files ({@code MPI_File}). Not offered on the portable path (backends mt and ucx): every constructor throws
 * {@link MPIException} of class {@code ERR_UNSUPPORTED_OPERATION} there. See {@code docs/MPI.md}.
 */
public final class File {

    /** Opens {@code filename} on every member of {@code comm} ({@code MPI_File_open}). */
    public File(Comm comm, String filename, int amode) throws MPIException {
        throw Unsupported.of("File (MPI-IO)");
    }

    /** Opens {@code filename} with hints. */
    public File(Comm comm, String filename, int amode, Info info) throws MPIException {
        throw Unsupported.of("File (MPI-IO)");
    }
}
