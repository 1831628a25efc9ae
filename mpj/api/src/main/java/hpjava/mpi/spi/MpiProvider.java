package hpjava.mpi.spi;

import hpjava.mpjdev.Comm;

/**
 * An MPI implementation, found through {@link java.util.ServiceLoader} (file
 * {@code META-INF/services/hpjava.mpi.spi.MpiProvider}). Stateless: per-rank state lives in the engine it opens.
 */
public interface MpiProvider {

    /** A short name for messages and {@code MPI.getLibVersion()}, such as {@code "portable"} or {@code "native"}. */
    String name();

    /**
     * Whether this provider can serve the rank whose mpjdev world communicator is {@code world} (its
     * {@link Comm#backendName()} names the backend). Must not block or communicate.
     */
    boolean supports(Comm world);

    /** Among providers that support a rank, the highest priority is used. The portable provider has 0. */
    int priority();

    /**
     * Opens this provider for the calling rank. Called once per rank, from one of its threads, before any other use;
     * not collective (it must not communicate).
     *
     * @param world the rank's mpjdev world communicator; the engine's {@link MpiEngine#world()} has the same size and
     *        rank numbering
     */
    MpiEngine open(Comm world) throws mpi.MPIException;
}
