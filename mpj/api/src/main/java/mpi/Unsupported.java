package mpi;

/** The error of an area the running implementation does not offer. */
final class Unsupported {
    private Unsupported() {
    }

    static MPIException of(String area) {
        String impl;
        try {
            impl = Ranks.state().provider.name() + " MPI implementation";
        } catch (MPIException e) {
            impl = "this implementation";
        }
        return new MPIException(ErrorClass.UNSUPPORTED_OPERATION, area + " is not offered by the " + impl + " (see docs/MPI.md)");
    }
}
