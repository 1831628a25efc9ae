package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import hpjava.mpjdev.mpi.MpiLibrary;
import java.lang.foreign.MemorySegment;

/**
 * The ABI facts of the rank's MPI library the native implementation uses ({@link MpiLibrary#abi()}): sizes, the
 * layout of {@code MPI_Status}, predefined handles and constants. Handles are held as Java {@code long}s: an
 * Open MPI handle is an address, an MPICH handle an int (sign-extended here, truncated back when passed).
 */
final class Natives {
    private Natives() {}

    static final MpiLibrary LIB = Bind.LIB;
    /** Serialises every MPI call of the rank process (the device's and ours): held only around calls that return. */
    static final java.util.concurrent.locks.Lock LIB_LOCK = MpiLibrary.lock();
    static final int HANDLE_BYTES = LIB.constant("sizeof.MPI_Comm");
    static final int STATUS_BYTES = LIB.constant("sizeof.MPI_Status");
    static final int STATUS_SOURCE = LIB.constant("offsetof.MPI_Status.MPI_SOURCE");
    static final int STATUS_TAG = LIB.constant("offsetof.MPI_Status.MPI_TAG");
    static final int STATUS_ERROR = LIB.constant("offsetof.MPI_Status.MPI_ERROR");
    static final int SUCCESS = LIB.constant("MPI_SUCCESS");
    static final int ANY_SOURCE = LIB.constant("MPI_ANY_SOURCE");
    static final int ANY_TAG = LIB.constant("MPI_ANY_TAG");
    static final int UNDEFINED = LIB.constant("MPI_UNDEFINED");
    static final long COMM_NULL = LIB.predefined("MPI_COMM_NULL");
    static final long COMM_SELF = LIB.predefined("MPI_COMM_SELF");
    static final long BYTE = LIB.predefined("MPI_BYTE");
    static final long REQUEST_NULL = LIB.predefined("MPI_REQUEST_NULL");
    static final long MESSAGE_NULL = LIB.predefined("MPI_MESSAGE_NULL");
    static final long MESSAGE_NO_PROC = LIB.predefined("MPI_MESSAGE_NO_PROC");
    static final long ERRORS_RETURN = LIB.predefined("MPI_ERRORS_RETURN");
    static final long STATUS_IGNORE = LIB.predefined("MPI_STATUS_IGNORE");
    static final long IN_PLACE = LIB.predefined("MPI_IN_PLACE");
    static final long INFO_NULL = LIB.predefined("MPI_INFO_NULL");

    /** Reads a handle stored at {@code offset} of {@code s} (an out-parameter of MPI). */
    static long handleAt(MemorySegment s, long offset) {
        return HANDLE_BYTES == 4 ? s.get(JAVA_INT, offset) : s.get(JAVA_LONG, offset);
    }

    /** Stores handle {@code h} at {@code offset} of {@code s} (an in-out parameter, or an array of handles). */
    static void setHandleAt(MemorySegment s, long offset, long h) {
        if (HANDLE_BYTES == 4) s.set(JAVA_INT, offset, (int) h);
        else s.set(JAVA_LONG, offset, h);
    }
}
