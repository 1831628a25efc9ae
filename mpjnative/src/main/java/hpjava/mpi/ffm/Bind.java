package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import hpjava.mpjdev.mpi.MpiLibrary;
import java.lang.foreign.MemoryLayout;
import java.lang.invoke.MethodHandle;

/**
 * Binds MPI functions of the rank's library ({@link MpiLibrary#ofRank()}) from a short signature, one letter an
 * argument: {@code i} C int, {@code h} a handle (communicator, group, datatype, op, request value, window, info,
 * message, errhandler: one size in each implementation), {@code f} an {@code MPI_File} (a pointer in MPICH, where the
 * other handles are ints), {@code a} an {@code MPI_Aint}, {@code MPI_Offset} or {@code MPI_Count} (64 bits here), and
 * {@code p} a pointer. Every function returns the C int error code; handles are Java {@code long}s, pointers
 * {@code MemorySegment}s, or raw {@code long} addresses in a {@link #fast} binding.
 */
final class Bind {
    private Bind() {}

    static final MpiLibrary LIB = MpiLibrary.ofRank();

    /** A call that may wait or call back into Java (a user operation): bound with the thread-state transition. */
    static MethodHandle fn(String name, String signature) {
        return LIB.bind(name, false, layouts(signature));
    }

    /** A call that returns at once and never calls back into Java; its pointers are raw {@code long} addresses. */
    static MethodHandle fast(String name, String signature) {
        return LIB.bind(name, true, layouts(signature));
    }

    private static MemoryLayout[] layouts(String signature) {
        MemoryLayout[] l = new MemoryLayout[signature.length()];
        for (int k = 0; k < l.length; k++) {
            l[k] = switch (signature.charAt(k)) {
                case 'i' -> JAVA_INT;
                case 'h' -> LIB.handle("MPI_Comm");
                case 'f' -> LIB.handle("MPI_File");
                case 'a' -> JAVA_LONG;
                case 'p' -> JAVA_LONG; // an address: passed as a 64-bit integer, as a pointer is
                default -> throw new IllegalArgumentException("signature letter " + signature.charAt(k));
            };
        }
        return l;
    }
}
