package hpjava.mpjdev.ucx.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

/**
 * The C library's {@code memcpy} as a {@code ucp_am_recv_callback_t}: an active-message handler that runs no Java,
 * so that receiving a message costs no upcall (an upcall is about 40 ns of an 8-byte half round trip here).
 *
 * <p>UCX calls {@code cb(arg, header, header_length, data, length, param)}. In the LP64 C calling conventions UCX
 * runs on (x86-64 System V, AArch64) the first three arguments are passed exactly as memcpy's
 * {@code (dest, src, n)}; memcpy ignores the other three; its result, {@code dest}, is read by UCX as the handler's
 * {@code ucs_status_t}, an int8, that is, its low byte: 0, {@code UCS_OK}, when {@code dest} is {@link #ALIGNMENT}
 * aligned (UCX 1.13 anyway treats every status but {@code UCS_INPROGRESS} as "done with the data"). So a message
 * sent with its bytes as the header and no data is copied to the {@code arg} registered with the handler, and UCX
 * releases its own copy. {@link #available()} checks this on the running platform once, by calling memcpy through
 * the callback's descriptor as UCX does.
 */
public final class CopyHandler {
    private CopyHandler() {}

    /** Alignment of a destination, so that memcpy's result reads as {@code UCS_OK}. */
    public static final long ALIGNMENT = 256;

    private static final MemorySegment MEMCPY = Linker.nativeLinker().defaultLookup().find("memcpy").orElse(null);
    private static final boolean AVAILABLE = check();

    /** Whether {@link #address()} can serve as an active-message handler on this platform. */
    public static boolean available() {
        return AVAILABLE;
    }

    /** The handler's address; only when {@link #available()}. */
    public static MemorySegment address() {
        if (!AVAILABLE) throw new IllegalStateException("memcpy cannot serve as an active-message handler here");
        return MEMCPY;
    }

    private static boolean check() {
        String arch = System.getProperty("os.arch", "");
        if (MEMCPY == null || !(arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))) return false;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dest = arena.allocate(64, ALIGNMENT);
            MemorySegment src = arena.allocate(32, 8);
            for (int i = 0; i < 32; i++) src.set(JAVA_BYTE, i, (byte) (i + 1));
            MethodHandle asHandler = Linker.nativeLinker().downcallHandle(MEMCPY, UcpStructs.AM_RECV_CALLBACK);
            byte status = (byte) asHandler.invokeExact(dest.address(), src.address(), 28L, 0L, 0L, 0L);
            return status == 0 && dest.asSlice(0, 28).mismatch(src.asSlice(0, 28)) == -1
                    && dest.get(JAVA_BYTE, 28) == 0;
        } catch (Throwable t) {
            return false;
        }
    }
}
