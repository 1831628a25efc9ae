package mpi;

import hpjava.mpi.spi.RequestHandle;

/**
 * A persistent request ({@code sendInit}, {@code recvInit}, ...): {@link #start()} begins the operation again with the
 * arguments given at creation; a wait completes it and leaves the request inactive, ready to start again, until
 * {@link #free()}.
 */
public final class Prequest extends Request {

    /** Starts one round of the operation. */
    interface Starter {
        RequestHandle start() throws MPIException;
    }

    private final Starter starter;
    private boolean freed;

    Prequest(Starter starter) {
        super(null, null);
        this.starter = starter;
    }

    boolean isPersistentLive() {
        return !freed;
    }

    /** Starts the operation ({@code MPI_Start}). */
    public void start() throws MPIException {
        if (freed) throw new MPIException(ErrorClass.REQUEST, "start: the persistent request has been freed");
        if (isActive()) throw new MPIException(ErrorClass.REQUEST, "start: the request is still active (wait for it first)");
        arm(starter.start(), null);
    }

    /** Starts each request ({@code MPI_Startall}). */
    public static void startAll(Prequest[] requests) throws MPIException {
        ArgumentChecks.notNull("startAll", "requests", requests);
        for (Prequest p : requests) if (p != null) p.start();
    }

    @Override
    public void free() throws MPIException {
        super.free();
        freed = true;
    }

    /** mpiJava: {@link #start()}. */
    public void Start() throws MPIException {
        start();
    }

    /** mpiJava: {@link #startAll(Prequest[])}. */
    public static void Startall(Prequest[] requests) throws MPIException {
        startAll(requests);
    }
}
