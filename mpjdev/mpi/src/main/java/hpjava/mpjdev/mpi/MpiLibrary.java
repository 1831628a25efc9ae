package hpjava.mpjdev.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import hpjava.mpjdev.DeviceException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * One MPI C library loaded into this process with the {@link MpiAbi} table made from its {@code mpi.h}: the one place
 * that opens the library and binds its functions, for the mpi backend's device ({@link FfmCalls}) and for the native
 * implementation of the {@code mpi} API alike. Handles are C {@code int}s in MPICH and pointers in Open MPI; a handle
 * argument is declared with {@link #handle(String)} (the layout of that handle type's size) and taken as a Java
 * {@code long} whatever its C size, so callers are the same for every implementation.
 */
public final class MpiLibrary {
    private static final Linker LINKER = Linker.nativeLinker();
    /** dlopen flags (glibc): resolve now, and make the symbols global, as Open MPI's plug-ins need libmpi's. */
    private static final int RTLD_NOW = 2, RTLD_GLOBAL = 0x100;
    /** The library the rank's device loaded (set once by {@link FfmBinding}). */
    private static volatile MpiLibrary ofRank;

    private final MpiAbi abi;
    private final SymbolLookup lookup;
    /** Marker layouts of handle arguments (compared by identity in {@link #bind}), for 4- and 8-byte handles. */
    private final MemoryLayout handle4 = JAVA_INT.withName("MPI handle"), handle8 = JAVA_LONG.withName("MPI handle");

    private MpiLibrary(MpiAbi abi, SymbolLookup lookup) {
        this.abi = abi;
        this.lookup = lookup;
    }

    /** Opens the library {@code abi} names (see {@link #open(String)}). */
    static MpiLibrary load(MpiAbi abi) {
        return new MpiLibrary(abi, open(abi.library()));
    }

    /** Records the library of this rank's device (the one MPI of the process). */
    static void setOfRank(MpiLibrary lib) {
        ofRank = lib;
    }

    /**
     * The MPI library of this rank process, initialised by the mpi backend; the caller is told clearly when this is not
     * a rank of {@code --backend mpi} with the default (ffm) binding.
     */
    public static MpiLibrary ofRank() {
        MpiLibrary l = ofRank;
        if (l == null) {
            throw new DeviceException("the native MPI library is available only in a rank of the mpi backend with "
                    + "its default binding (hpjava run --backend mpi); this process has none");
        }
        return l;
    }

    /**
     * A duplicate of {@code MPI_COMM_WORLD} made by every rank at start-up for the {@code mpi} API's own world, so that
     * the device's traffic never matches the program's.
     */
    public static long apiWorld() {
        ofRank();
        return MpiDevice.start().apiWorld();
    }

    /** An operation polled by {@link #await}: {@link #poll()} runs holding {@link #lock()} and must return at once. */
    @FunctionalInterface
    public interface Poll {
        /** Whether the operation has completed (it may make one MPI call that returns at once, e.g. {@code MPI_Test}). */
        boolean poll();
    }

    /**
     * The lock that serialises every MPI call of this rank process (the device's and the {@code mpi} API's): held
     * only around calls that return at once, never while waiting (see {@link MpiBackend#mpiLock()}).
     */
    public static java.util.concurrent.locks.Lock lock() {
        return MpiDevice.LOCK;
    }

    /**
     * Waits for {@code done} as the device waits for its own operations: polls it under {@link #lock()}, spinning then
     * backing off, noticing finished peers, and recording the blocking call for the job watchdog while it lasts
     * ({@code op}: an {@link hpjava.mpjdev.watch.Activity} operation).
     */
    public static void await(Poll done, int op, int commSize, int peer, int tag) {
        MpiDevice.start().awaitPolled(done, op, commSize, peer, tag);
    }

    public MpiAbi abi() {
        return abi;
    }

    /** A predefined handle or pointer constant of the table (see {@link MpiAbi#handle}). */
    public long predefined(String name) {
        return abi.handle(name, lookup);
    }

    /** An integer constant of the table. */
    public int constant(String name) {
        return abi.constant(name);
    }

    /** Whether the table has the entry {@code name} (tables made by older versions of the generator lack some). */
    public boolean has(String name) {
        return abi.table().getProperty(name) != null;
    }

    /** The layout to declare an argument of the handle type {@code cType} ({@code "MPI_Comm"}, {@code "MPI_File"}...). */
    public MemoryLayout handle(String cType) {
        return abi.constant("sizeof." + cType) == 4 ? handle4 : handle8;
    }

    /** Whether {@code name} is exported by the library. */
    public boolean provides(String name) {
        return lookup.find(name).isPresent();
    }

    /**
     * Binds {@code int name(args...)}: every argument declared with {@link #handle(String)} takes a Java {@code long}.
     * {@code critical}: the call returns at once and never calls back into Java, so it is made without a thread-state
     * transition, with pointer arguments ({@code ADDRESS}) taken as raw addresses ({@code long}).
     */
    public MethodHandle bind(String name, boolean critical, MemoryLayout... args) {
        return bind(name, critical ? Linker.Option.critical(false) : null, args);
    }

    /**
     * As {@link #bind(String, boolean, MemoryLayout...)}, for a call that returns at once and may read or write
     * Java heap memory (a {@code MemorySegment.ofArray}) during the call: no GC runs while it is in C.
     */
    public MethodHandle bindHeapCritical(String name, MemoryLayout... args) {
        return bind(name, Linker.Option.critical(true), args);
    }

    private MethodHandle bind(String name, Linker.Option critical, MemoryLayout... args) {
        MemorySegment fn = lookup.find(name).orElseThrow(() -> new DeviceException(
                abi.library() + " has no function " + name + " (" + abi.libraryVersion() + ")"));
        boolean raw = critical != null && !critical.equals(Linker.Option.critical(true));
        MemoryLayout[] a = args.clone();
        if (raw) for (int k = 0; k < a.length; k++) if (a[k] == ADDRESS) a[k] = JAVA_LONG;
        FunctionDescriptor d = FunctionDescriptor.of(JAVA_INT, a);
        MethodHandle mh = critical == null ? LINKER.downcallHandle(fn, d) : LINKER.downcallHandle(fn, d, critical);
        MethodType t = mh.type();
        for (int k = 0; k < a.length; k++) if (a[k] == handle4 || a[k] == handle8) t = t.changeParameterType(k, long.class);
        return MethodHandles.explicitCastArguments(mh, t);
    }

    /**
     * Opens {@code library} with {@code RTLD_NOW | RTLD_GLOBAL}, then returns a lookup of its symbols. MPICH (ch4)
     * and Open MPI (pml ucx) load UCX, whose libucs installs SIGSEGV/SIGBUS handlers that catch HotSpot's own use of
     * SIGSEGV and crash the JVM (seen with MPICH: a segfault report from ucs_handle_error in a JVM cleaner thread).
     * So, as the ucx backend does: {@code UCX_ERROR_SIGNALS} is set empty before loading unless the user set it, and
     * {@code ucs_debug_disable_signals()} is called afterwards when libucs is among the library's dependencies.
     */
    static SymbolLookup open(String library) {
        try {
            MethodHandle setenv = LINKER.downcallHandle(LINKER.defaultLookup().find("setenv").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
            try (Arena a = Arena.ofConfined()) {
                int rc = (int) setenv.invokeExact(a.allocateFrom("UCX_ERROR_SIGNALS"), a.allocateFrom(""), 0);
                if (rc != 0) throw new DeviceException("setenv(UCX_ERROR_SIGNALS) failed before loading " + library);
            }
            MethodHandle dlopen = LINKER.downcallHandle(LINKER.defaultLookup().find("dlopen").orElseThrow(),
                    FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));
            try (Arena a = Arena.ofConfined()) {
                MemorySegment handle = (MemorySegment) dlopen.invokeExact(a.allocateFrom(library), RTLD_NOW | RTLD_GLOBAL);
                if (handle.address() == 0) {
                    throw new DeviceException("cannot load the MPI library " + library + " (as recorded in the ABI table); "
                            + "is the MPI implementation installed on this host? (bin/setup-mpi.sh)");
                }
            }
            SymbolLookup lookup = SymbolLookup.libraryLookup(library, Arena.global());
            var disable = lookup.find("ucs_debug_disable_signals");
            if (disable.isPresent()) LINKER.downcallHandle(disable.get(), FunctionDescriptor.ofVoid()).invokeExact();
            return lookup;
        } catch (DeviceException e) {
            throw e;
        } catch (Throwable t) {
            throw new DeviceException("cannot load the MPI library " + library + ": " + t, t);
        }
    }
}
