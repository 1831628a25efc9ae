package mpi;

/**
 * An error handler. Every call of this package reports errors by throwing {@link MPIException} whatever the handler
 * (an uncaught one ends the rank, and so the job, with its stack trace, which is what {@link MPI#ERRORS_ARE_FATAL}
 * asks for); the handler set on a communicator is kept and returned.
 */
public final class Errhandler {
    private final String name;

    Errhandler(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
