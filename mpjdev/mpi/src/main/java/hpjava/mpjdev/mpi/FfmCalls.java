package hpjava.mpjdev.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import hpjava.mpjdev.DeviceException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;

/**
 * The downcall handles of the MPI functions {@link FfmBinding} calls. Handles ({@code MPI_Comm}, {@code MPI_Group},
 * {@code MPI_Datatype}) are C {@code int}s in MPICH and pointers in Open MPI: each handle is bound with the C type of
 * the table's handle size and adapted to take a Java {@code long}, so the callers are the same for both. The calls
 * made per message ({@code MPI_Isend}, {@code MPI_Irecv}, {@code MPI_Test}, {@code MPI_Testsome}, {@code MPI_Iprobe})
 * return at once and never call back into Java, so they are bound as critical (no thread-state transition around the
 * call), and their pointer arguments are raw addresses ({@code long}, {@link MemorySegment#address()}): a
 * {@code MemorySegment} argument makes every call acquire and release the segment's arena (atomic updates of a shared
 * counter for the automatic arenas the request slots and buffers live in). The callers keep the memory alive: the
 * request slots are reachable from their buffers, data segments belong to buffers lent to the device.
 */
final class FfmCalls {
    final MethodHandle initThread, commRank, commSize, commDup, commGroup, groupIncl, commCreateGroup, groupFree;
    final MethodHandle isend, irecv, test, ibarrier, ibcast, igather, iprobe, recv, finalizeMpi, finalized, abort;
    final MethodHandle getLibraryVersion, errorString, commGetAttr;
    /** Blocking calls, bound without {@code critical}: they may wait (in native code, so the JVM's GC goes on). */
    final MethodHandle send, waitOne;
    final MethodHandle testsome;
    /** {@code MPI_Iallgather}: small allreduces and checked ones ({@link MpiCollectives}). */
    final MethodHandle iallgather;

    private final MpiLibrary lib;
    private final MemoryLayout h;

    /** The first binding made in this process (a process loads one MPI library), whose handles {@link Hot} holds. */
    private static FfmCalls first;

    /**
     * The per-message downcalls of the process's MPI library ({@link #first}) as {@code static final} constants: the JIT
     * inlines a constant handle's downcall into its caller, where a handle read from an instance field is called
     * through the method handle's generic entry. Measured on Open MPI (docs/benchmarks/HISTORY.md, "FFM binding after the watchdog, and the floor explained"): a
     * critical {@code MPI_Comm_rank} costs 2.9 ns from C, 3.3-3.8 ns through a constant handle, 5.5 ns through a
     * handle in a field. Initialised on first use, after the binding has been made.
     */
    static final class Hot {
        static final MethodHandle ISEND = first().isend, IRECV = first().irecv, TEST = first().test,
                TESTSOME = first().testsome;

        private Hot() {}
    }

    private static synchronized FfmCalls first() {
        if (first == null) throw new IllegalStateException("FfmCalls.Hot used before a binding was made");
        return first;
    }

    /** Whether these are the handles {@link Hot} holds (the first binding of the process). */
    boolean isFirst() {
        synchronized (FfmCalls.class) {
            return first == this;
        }
    }

    FfmCalls(MpiLibrary lib) {
        this.lib = lib;
        this.h = lib.handle("MPI_Comm");
        MemoryLayout i = JAVA_INT, p = ADDRESS;
        initThread = bind("MPI_Init_thread", false, p, p, i, p);
        commRank = bind("MPI_Comm_rank", false, h, p);
        commSize = bind("MPI_Comm_size", false, h, p);
        commDup = bind("MPI_Comm_dup", false, h, p);
        commGroup = bind("MPI_Comm_group", false, h, p);
        groupIncl = bind("MPI_Group_incl", false, h, i, p, p);
        commCreateGroup = bind("MPI_Comm_create_group", false, h, h, i, p);
        groupFree = bind("MPI_Group_free", false, p);
        isend = bind("MPI_Isend", true, p, i, h, i, i, h, p);
        irecv = bind("MPI_Irecv", true, p, i, h, i, i, h, p);
        test = bind("MPI_Test", true, p, p, p);
        ibarrier = bind("MPI_Ibarrier", false, h, p);
        ibcast = bind("MPI_Ibcast", false, p, i, h, i, h, p);
        igather = bind("MPI_Igather", false, p, i, h, p, i, h, i, h, p);
        iallgather = bind("MPI_Iallgather", false, p, i, h, p, i, h, h, p);
        iprobe = bind("MPI_Iprobe", true, i, i, h, p, p);
        recv = bind("MPI_Recv", false, p, i, h, i, i, h, p);
        send = bind("MPI_Send", false, p, i, h, i, i, h);
        waitOne = bind("MPI_Wait", false, p, p);
        testsome = bind("MPI_Testsome", true, i, p, p, p, p);
        finalizeMpi = bind("MPI_Finalize", false);
        finalized = bind("MPI_Finalized", false, p);
        abort = bind("MPI_Abort", false, h, i);
        getLibraryVersion = bind("MPI_Get_library_version", false, p, p);
        errorString = bind("MPI_Error_string", false, i, p, p);
        commGetAttr = bind("MPI_Comm_get_attr", false, h, i, p, p);
        synchronized (FfmCalls.class) {
            if (first == null) first = this;
        }
    }

    private MethodHandle bind(String name, boolean critical, MemoryLayout... args) {
        return lib.bind(name, critical, args);
    }

    /** Opens {@code library} ({@link MpiLibrary#open}). */
    static SymbolLookup open(String library) {
        return MpiLibrary.open(library);
    }

    /** {@code MPI_Get_library_version}, first line (MPICH's string has several). */
    static String libraryVersion(FfmCalls c, int max) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(max + 1L), len = a.allocate(JAVA_INT);
            int rc = (int) c.getLibraryVersion.invokeExact(s, len);
            if (rc != 0) throw new DeviceException("MPI_Get_library_version failed with error " + rc);
            String v = s.getString(0, StandardCharsets.UTF_8);
            int nl = v.indexOf('\n');
            return nl < 0 ? v : v.substring(0, nl);
        } catch (DeviceException e) {
            throw e;
        } catch (Throwable t) {
            throw new DeviceException("MPI_Get_library_version failed: " + t, t);
        }
    }

    /** {@code MPI_Error_string}, or the code alone if that fails too. */
    static String errorString(FfmCalls c, int code, int max) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(max + 1L), len = a.allocate(JAVA_INT);
            int rc = (int) c.errorString.invokeExact(code, s, len);
            return rc == 0 ? s.getString(0, StandardCharsets.UTF_8) : "error " + code;
        } catch (Throwable t) {
            return "error " + code;
        }
    }
}
