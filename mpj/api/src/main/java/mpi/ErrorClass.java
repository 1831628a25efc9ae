package mpi;

/** MPI error classes: the values of {@code MPI.ERR_*} (those of Open MPI's {@code mpi.h}) and their names. */
final class ErrorClass {
    static final int SUCCESS = 0, BUFFER = 1, COUNT = 2, TYPE = 3, TAG = 4, COMM = 5, RANK = 6, REQUEST = 7, ROOT = 8,
            GROUP = 9, OP = 10, TOPOLOGY = 11, DIMS = 12, ARG = 13, UNKNOWN = 14, TRUNCATE = 15, OTHER = 16,
            INTERN = 17, IN_STATUS = 18, PENDING = 19, ACCESS = 20, AMODE = 21, ASSERT = 22, BAD_FILE = 23,
            BASE = 24, CONVERSION = 25, DISP = 26, DUP_DATAREP = 27, FILE_EXISTS = 28, FILE_IN_USE = 29, FILE = 30,
            INFO_KEY = 31, INFO_NOKEY = 32, INFO_VALUE = 33, INFO = 34, IO = 35, KEYVAL = 36, LOCKTYPE = 37,
            NAME = 38, NO_MEM = 39, NOT_SAME = 40, NO_SPACE = 41, NO_SUCH_FILE = 42, PORT = 43, QUOTA = 44,
            READ_ONLY = 45, RMA_CONFLICT = 46, RMA_SYNC = 47, SERVICE = 48, SIZE = 49, SPAWN = 50,
            UNSUPPORTED_DATAREP = 51, UNSUPPORTED_OPERATION = 52, WIN = 53, PROC_ABORTED = 74, PROC_FAILED = 75,
            SYSRESOURCE = -2, LASTCODE = 92;

    private static final String[] NAMES = {"MPI_SUCCESS", "MPI_ERR_BUFFER", "MPI_ERR_COUNT", "MPI_ERR_TYPE",
        "MPI_ERR_TAG", "MPI_ERR_COMM", "MPI_ERR_RANK", "MPI_ERR_REQUEST", "MPI_ERR_ROOT", "MPI_ERR_GROUP", "MPI_ERR_OP",
        "MPI_ERR_TOPOLOGY", "MPI_ERR_DIMS", "MPI_ERR_ARG", "MPI_ERR_UNKNOWN", "MPI_ERR_TRUNCATE", "MPI_ERR_OTHER",
        "MPI_ERR_INTERN", "MPI_ERR_IN_STATUS", "MPI_ERR_PENDING", "MPI_ERR_ACCESS", "MPI_ERR_AMODE", "MPI_ERR_ASSERT",
        "MPI_ERR_BAD_FILE", "MPI_ERR_BASE", "MPI_ERR_CONVERSION", "MPI_ERR_DISP", "MPI_ERR_DUP_DATAREP",
        "MPI_ERR_FILE_EXISTS", "MPI_ERR_FILE_IN_USE", "MPI_ERR_FILE", "MPI_ERR_INFO_KEY", "MPI_ERR_INFO_NOKEY",
        "MPI_ERR_INFO_VALUE", "MPI_ERR_INFO", "MPI_ERR_IO", "MPI_ERR_KEYVAL", "MPI_ERR_LOCKTYPE", "MPI_ERR_NAME",
        "MPI_ERR_NO_MEM", "MPI_ERR_NOT_SAME", "MPI_ERR_NO_SPACE", "MPI_ERR_NO_SUCH_FILE", "MPI_ERR_PORT",
        "MPI_ERR_QUOTA", "MPI_ERR_READ_ONLY", "MPI_ERR_RMA_CONFLICT", "MPI_ERR_RMA_SYNC", "MPI_ERR_SERVICE",
        "MPI_ERR_SIZE", "MPI_ERR_SPAWN", "MPI_ERR_UNSUPPORTED_DATAREP", "MPI_ERR_UNSUPPORTED_OPERATION",
        "MPI_ERR_WIN"};

    private ErrorClass() {
    }

    /** The name of an error class ({@code "MPI_ERR_RANK"}), or {@code "error class N"}. */
    static String name(int errorClass) {
        if (errorClass >= 0 && errorClass < NAMES.length) return NAMES[errorClass];
        if (errorClass == PROC_ABORTED) return "MPI_ERR_PROC_ABORTED";
        if (errorClass == PROC_FAILED) return "MPI_ERR_PROC_FAILED";
        if (errorClass == SYSRESOURCE) return "MPI_ERR_SYSRESOURCE";
        return "error class " + errorClass;
    }
}
