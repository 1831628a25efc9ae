package hpjava.mpi.ffm;

import static hpjava.mpi.ffm.Bind.fn;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

/**
 * The collectives (signature letters: {@link Bind}), in two sets of one shape: {@link #NONBLOCKING} ({@code MPI_Ibcast}
 * ...) and {@link #BLOCKING} ({@code MPI_Bcast} ..., adapted to take and ignore the request pointer the nonblocking
 * form ends with), so one dispatch serves both. The API's blocking collectives call the library's blocking ones (its
 * tuned algorithms; the nonblocking schedules are slower for small messages). All are bound with the thread-state
 * transition: a reduction with a user function calls back into Java.
 */
final class CollectiveCalls {
    static final CollectiveCalls NONBLOCKING = new CollectiveCalls(true), BLOCKING = new CollectiveCalls(false);
    /** Tests of collectives: a user reduction may run inside the progress a test makes. */
    static final MethodHandle TEST = fn("MPI_Test", "ppp");

    final MethodHandle barrier, bcast, gather, gatherv, scatter, scatterv, allgather, allgatherv, alltoall, alltoallv,
            reduce, allreduce, reduceScatter, reduceScatterBlock, scan, exscan;

    private CollectiveCalls(boolean nonblocking) {
        barrier = bind(nonblocking, "Barrier", "h");
        bcast = bind(nonblocking, "Bcast", "pihih");
        gather = bind(nonblocking, "Gather", "pihpihih");
        gatherv = bind(nonblocking, "Gatherv", "pihppphih");
        scatter = bind(nonblocking, "Scatter", "pihpihih");
        scatterv = bind(nonblocking, "Scatterv", "ppphpihih");
        allgather = bind(nonblocking, "Allgather", "pihpihh");
        allgatherv = bind(nonblocking, "Allgatherv", "pihppphh");
        alltoall = bind(nonblocking, "Alltoall", "pihpihh");
        alltoallv = bind(nonblocking, "Alltoallv", "ppphppphh");
        reduce = bind(nonblocking, "Reduce", "ppihhih");
        allreduce = bind(nonblocking, "Allreduce", "ppihhh");
        reduceScatter = bind(nonblocking, "Reduce_scatter", "ppphhh");
        reduceScatterBlock = bind(nonblocking, "Reduce_scatter_block", "ppihhh");
        scan = bind(nonblocking, "Scan", "ppihhh");
        exscan = bind(nonblocking, "Exscan", "ppihhh");
    }

    /** {@code MPI_Iname(args..., request)}, or {@code MPI_Name(args...)} taking and ignoring a trailing request. */
    private static MethodHandle bind(boolean nonblocking, String name, String args) {
        if (nonblocking) return fn("MPI_I" + Character.toLowerCase(name.charAt(0)) + name.substring(1), args + "p");
        MethodHandle b = fn("MPI_" + name, args);
        return MethodHandles.dropArguments(b, args.length(), long.class);
    }
}
