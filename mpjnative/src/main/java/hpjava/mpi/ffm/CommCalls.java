package hpjava.mpi.ffm;

import static hpjava.mpi.ffm.Bind.fast;
import static hpjava.mpi.ffm.Bind.fn;

import java.lang.invoke.MethodHandle;

/** Communicator, group, error handler and environment functions (signature letters: {@link Bind}). */
final class CommCalls {
    private CommCalls() {}

    static final MethodHandle COMM_SIZE = fast("MPI_Comm_size", "hp"), COMM_RANK = fast("MPI_Comm_rank", "hp"),
            COMM_GROUP = fast("MPI_Comm_group", "hp"), GROUP_TRANSLATE = fast("MPI_Group_translate_ranks", "hiphp"),
            GROUP_INCL = fast("MPI_Group_incl", "hipp"), GROUP_FREE = fast("MPI_Group_free", "p"),
            SET_ERRHANDLER = fast("MPI_Comm_set_errhandler", "hh"), GET_ATTR = fast("MPI_Comm_get_attr", "hipp"),
            ERROR_CLASS = fast("MPI_Error_class", "ip"), ERROR_STRING = fast("MPI_Error_string", "ipp");
    /** Collective or possibly waiting: made holding the MPI lock, as the device's own {@code MPI_Comm_create_group}. */
    static final MethodHandle COMM_DUP = fn("MPI_Comm_dup", "hp"), COMM_SPLIT = fn("MPI_Comm_split", "hiip"),
            COMM_CREATE = fn("MPI_Comm_create", "hhp"), COMM_CREATE_GROUP = fn("MPI_Comm_create_group", "hhip"),
            COMM_FREE = fn("MPI_Comm_free", "p"), ABORT = fn("MPI_Abort", "hi"),
            PROCESSOR_NAME = fn("MPI_Get_processor_name", "pp"), LIBRARY_VERSION = fn("MPI_Get_library_version", "pp");
}
