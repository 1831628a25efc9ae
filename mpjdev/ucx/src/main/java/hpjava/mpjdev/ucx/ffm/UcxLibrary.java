package hpjava.mpjdev.ucx.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * Loads {@code libucp.so.0} (and its {@code libucs.so.0}) once per JVM, safely for HotSpot:
 * <ol>
 * <li>libucs installs SIGSEGV/SIGBUS handlers when it is loaded, and HotSpot relies on SIGSEGV itself (implicit null
 *     checks, safepoint polls): with UCX's handlers in place the JVM crashes. So before loading, the process
 *     environment gets {@code UCX_ERROR_SIGNALS=} (empty: no handlers) unless the user set it, and right after
 *     loading {@code ucs_debug_disable_signals()} removes any handler that was installed anyway.</li>
 * <li>{@code ucp_get_version} must report the release the struct layouts in {@link UcpStructs} were built and
 *     checked for ({@link UcpConstants#UCP_API_MAJOR}.{@link UcpConstants#UCP_API_MINOR}); UCX changes layouts
 *     between releases.</li>
 * </ol>
 * Call {@link #require()} before touching {@link Ucp}: its handles are resolved against the lookup made here.
 */
public final class UcxLibrary {
    private UcxLibrary() {}

    public static final String LIBRARY = "libucp.so.0";
    private static final String UCS_LIBRARY = "libucs.so.0";

    private static Object state; // SymbolLookup once loaded, UcxUnavailableException once failed; guarded by class

    /** Loads UCX if not yet done; returns the lookup of libucp/libucs symbols, or throws with the reason. */
    public static synchronized SymbolLookup require() {
        if (state == null) {
            try {
                state = load();
            } catch (UcxUnavailableException e) {
                state = e;
            }
        }
        if (state instanceof UcxUnavailableException e) throw e;
        return (SymbolLookup) state;
    }

    /** Whether UCX is loaded and usable in this JVM (loads it on first call). */
    public static boolean isAvailable() {
        try {
            require();
            return true;
        } catch (UcxUnavailableException e) {
            return false;
        }
    }

    private static SymbolLookup load() {
        Linker linker = Linker.nativeLinker();
        disableUcxSignalHandlersInEnvironment(linker);
        SymbolLookup ucp;
        SymbolLookup ucs;
        try {
            ucp = SymbolLookup.libraryLookup(LIBRARY, Arena.global());
            ucs = SymbolLookup.libraryLookup(UCS_LIBRARY, Arena.global());
        } catch (IllegalArgumentException e) {
            throw new UcxUnavailableException("UCX is not installed: cannot load " + LIBRARY
                    + " (Debian: bin/setup-ucx.sh, or apt-get install libucx0)", e);
        }
        SymbolLookup both = ucp.or(ucs);
        try {
            MethodHandle disable = linker.downcallHandle(find(both, "ucs_debug_disable_signals"),
                    FunctionDescriptor.ofVoid());
            disable.invokeExact();
            checkVersion(linker, both);
        } catch (UcxUnavailableException e) {
            throw e;
        } catch (Throwable t) {
            throw new UcxUnavailableException("UCX could not be initialised: " + t, t);
        }
        return both;
    }

    static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new UcxUnavailableException(
                LIBRARY + " has no symbol " + name + "; UCX " + UcpConstants.UCP_API_MAJOR + "."
                        + UcpConstants.UCP_API_MINOR + " is required", null));
    }

    private static void checkVersion(Linker linker, SymbolLookup lookup) throws Throwable {
        MethodHandle getVersion = linker.downcallHandle(find(lookup, "ucp_get_version"),
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_INT, 3);
            getVersion.invokeExact(v, v.asSlice(4), v.asSlice(8));
            int major = v.getAtIndex(JAVA_INT, 0);
            int minor = v.getAtIndex(JAVA_INT, 1);
            int release = v.getAtIndex(JAVA_INT, 2);
            if (major != UcpConstants.UCP_API_MAJOR || minor != UcpConstants.UCP_API_MINOR) {
                throw new UcxUnavailableException(LIBRARY + " is UCX " + major + "." + minor + "." + release
                        + ", but the mpjdev ucx bindings' struct layouts were built and checked for UCX "
                        + UcpConstants.UCP_API_MAJOR + "." + UcpConstants.UCP_API_MINOR
                        + " (Debian bookworm's libucx0); install that release or rebuild the layouts", null);
            }
        }
    }

    /** {@code setenv("UCX_ERROR_SIGNALS", "", 0)}: libucs reads it when it loads and then installs no handlers. */
    private static void disableUcxSignalHandlersInEnvironment(Linker linker) {
        try {
            MethodHandle setenv = linker.downcallHandle(
                    linker.defaultLookup().find("setenv").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
            try (Arena arena = Arena.ofConfined()) {
                int rc = (int) setenv.invokeExact(arena.allocateFrom("UCX_ERROR_SIGNALS"), arena.allocateFrom(""),
                        0);
                if (rc != 0) throw new IllegalStateException("setenv returned " + rc);
            }
        } catch (Throwable t) {
            throw new UcxUnavailableException("cannot set UCX_ERROR_SIGNALS before loading UCX: " + t, t);
        }
    }
}
