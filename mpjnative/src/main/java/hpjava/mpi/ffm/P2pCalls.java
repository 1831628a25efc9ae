package hpjava.mpi.ffm;

import static hpjava.mpi.ffm.Bind.fast;
import static hpjava.mpi.ffm.Bind.fn;

import java.lang.invoke.MethodHandle;

/**
 * Point-to-point, probe and request functions (signature letters: {@link Bind}). Calls that may wait for another
 * rank are bound with the thread-state transition ({@link Bind#fn}); the API's blocking calls are made of starts and
 * tests, bound critical ({@link Bind#fast}), so that no thread waits inside MPI holding the rank's MPI lock.
 */
final class P2pCalls {
    private P2pCalls() {}

    static final MethodHandle ISEND = fast("MPI_Isend", "pihiihp"), ISSEND = fast("MPI_Issend", "pihiihp"),
            IBSEND = fast("MPI_Ibsend", "pihiihp"), IRSEND = fast("MPI_Irsend", "pihiihp"),
            IRECV = fast("MPI_Irecv", "pihiihp"), TEST = fast("MPI_Test", "ppp"),
            IPROBE = fast("MPI_Iprobe", "iihpp"), IMPROBE = fast("MPI_Improbe", "iihppp"),
            IMRECV = fast("MPI_Imrecv", "pihpp"), CANCEL = fast("MPI_Cancel", "p"),
            REQUEST_FREE = fast("MPI_Request_free", "p"), TEST_CANCELLED = fast("MPI_Test_cancelled", "pp"),
            GET_COUNT = fast("MPI_Get_count", "php");
    /** The send of a {@code MPI_Sendrecv}: blocking calls used where the API's semantics need no lock-free wait. */
    static final MethodHandle BUFFER_ATTACH = fn("MPI_Buffer_attach", "pi"), BUFFER_DETACH = fn("MPI_Buffer_detach", "pp");
}
