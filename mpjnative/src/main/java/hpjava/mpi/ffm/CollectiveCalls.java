package hpjava.mpi.ffm;

import static hpjava.mpi.ffm.Bind.fn;

import java.lang.invoke.MethodHandle;

/**
 * The nonblocking collectives (signature letters: {@link Bind}). Both the API's blocking and nonblocking
 * collectives start one of these and poll its request, so no thread waits inside MPI holding the rank's MPI lock.
 * Bound with the thread-state transition: a reduction with a user function calls back into Java.
 */
final class CollectiveCalls {
    private CollectiveCalls() {}

    static final MethodHandle IBARRIER = fn("MPI_Ibarrier", "hp"), IBCAST = fn("MPI_Ibcast", "pihihp"),
            IGATHER = fn("MPI_Igather", "pihpihihp"), IGATHERV = fn("MPI_Igatherv", "pihppphihp"),
            ISCATTER = fn("MPI_Iscatter", "pihpihihp"), ISCATTERV = fn("MPI_Iscatterv", "ppphpihihp"),
            IALLGATHER = fn("MPI_Iallgather", "pihpihhp"), IALLGATHERV = fn("MPI_Iallgatherv", "pihppphhp"),
            IALLTOALL = fn("MPI_Ialltoall", "pihpihhp"), IALLTOALLV = fn("MPI_Ialltoallv", "ppphppphhp"),
            IREDUCE = fn("MPI_Ireduce", "ppihhihp"), IALLREDUCE = fn("MPI_Iallreduce", "ppihhhp"),
            IREDUCE_SCATTER = fn("MPI_Ireduce_scatter", "ppphhhp"),
            IREDUCE_SCATTER_BLOCK = fn("MPI_Ireduce_scatter_block", "ppihhhp"),
            ISCAN = fn("MPI_Iscan", "ppihhhp"), IEXSCAN = fn("MPI_Iexscan", "ppihhhp");
    /** Collective tests: a user reduction may run inside the progress a test makes. */
    static final MethodHandle TEST = fn("MPI_Test", "ppp");
}
