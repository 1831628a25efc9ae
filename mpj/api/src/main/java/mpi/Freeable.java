package mpi;

/** An MPI object the user may release ({@code free()}). */
public interface Freeable {
    /** Releases the object; using it afterwards raises {@link MPIException}. */
    void free() throws MPIException;
}
