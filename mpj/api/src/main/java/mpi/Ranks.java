package mpi;

import hpjava.mpi.spi.MpiEngine;
import hpjava.mpi.spi.MpiProvider;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.RankContext;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The calling rank's MPI state. The library's classes are shared by the ranks of mt, so nothing per rank lives in a
 * static field: {@code MPI.COMM_WORLD} and {@code MPI.COMM_SELF} find the rank's state here on each use (a
 * thread-local read and a map lookup), in the mpjdev {@link RankContext}.
 */
final class Ranks {

    private static final Object KEY = new Object();
    private static final List<MpiProvider> PROVIDERS =
            ServiceLoader.load(MpiProvider.class, Ranks.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();

    /** One rank's engine, its predefined communicators' state, and what MPI.Init/Finalize changed. */
    static final class State {
        final MpiEngine engine;
        final CommState world;
        final CommState self;
        final int worldRank;
        final MpiProvider provider;
        volatile boolean initCalled;
        volatile boolean finalizeCalled;
        volatile int threadLevel = MPI.THREAD_MULTIPLE;
        ByteBuffer attached;
        /** The thread that first used MPI in this rank: the rank's main thread in programs that use it from main. */
        final Thread mainThread = Thread.currentThread();

        State(MpiProvider provider, MpiEngine engine) {
            this.provider = provider;
            this.engine = engine;
            this.world = new CommState(engine.world(), "MPI_COMM_WORLD");
            this.self = new CommState(engine.self(), "MPI_COMM_SELF");
            this.worldRank = engine.world().rank();
        }
    }

    private Ranks() {
    }

    /** The calling rank's state, opening the implementation on first use. */
    static State state() throws MPIException {
        RankContext ctx = RankContext.find().orElse(null);
        if (ctx == null)
            throw new MPIException(ErrorClass.OTHER, "MPI is used outside an MPI job (thread " + Thread.currentThread().getName()
                    + "): start the program with 'hpjava run --np N ...' (or the mpjdev Launcher), and call MPI from the rank's threads");
        try {
            return ctx.state(KEY, () -> open(ctx.world()));
        } catch (OpenFailed e) {
            throw e.cause;
        }
    }

    static MpiEngine engine() throws MPIException {
        return state().engine;
    }

    private static State open(Comm world) {
        MpiProvider best = null;
        for (MpiProvider p : PROVIDERS)
            if (p.supports(world) && (best == null || p.priority() > best.priority())) best = p;
        if (best == null)
            throw new OpenFailed(new MPIException(ErrorClass.OTHER, "no MPI implementation supports the '" + world.backendName()
                    + "' backend (providers found: " + PROVIDERS.stream().map(MpiProvider::name).toList() + ")"));
        try {
            return new State(best, best.open(world));
        } catch (MPIException e) {
            throw new OpenFailed(e);
        }
    }

    /** Carries a checked failure out of {@link RankContext#state}'s initializer. */
    private static final class OpenFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient MPIException cause;

        OpenFailed(MPIException cause) {
            super(cause.getMessage(), cause, false, false);
            this.cause = cause;
        }
    }
}
