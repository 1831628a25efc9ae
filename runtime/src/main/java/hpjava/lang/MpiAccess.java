package hpjava.lang;

import hpjava.mpjdev.RankContext;

/**
 * The check a program that calls MPI directly ({@code import mpi.*}, as HPJava 1.0 programs did with mpiJava) makes
 * when it starts: MPI is there, initialised by the runtime, only on the {@code mpi} backend. On any other backend
 * (or without a launcher) the program stops at once with a message naming the backend to use, rather than failing
 * later inside the MPI binding. The translator calls it first in {@code main} of such a program.
 */
public final class MpiAccess {
    /** The backend that runs ranks as MPI processes. */
    public static final String MPI_BACKEND = "mpi";

    private MpiAccess() {}

    /**
     * Returns normally on the {@code mpi} backend.
     *
     * @param program the {@code .hpj} file, for the message
     * @throws IllegalStateException on any other backend
     */
    public static void require(String program) {
        RankContext r = RankContext.find().orElse(null);
        String backend = r == null ? null : r.world().backendName();
        if (MPI_BACKEND.equals(backend)) return;
        throw new IllegalStateException(program + ": this program calls MPI directly (it imports mpi), which needs the '"
                + MPI_BACKEND + "' backend, but it is running " + (backend == null ? "without the mpjdev launcher"
                : "on the '" + backend + "' backend") + ": run it with  hpjava run --backend " + MPI_BACKEND
                + " --np N " + program);
    }
}
