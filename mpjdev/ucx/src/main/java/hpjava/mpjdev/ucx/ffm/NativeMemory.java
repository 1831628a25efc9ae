package hpjava.mpjdev.ucx.ffm;

import java.lang.foreign.MemorySegment;

/**
 * Access to native memory by raw address, for pointers UCX hands us (headers, data descriptors, out-parameters).
 * One segment spans the whole address space, so reading through it allocates nothing; bounds are the caller's
 * responsibility, exactly as in C.
 */
public final class NativeMemory {
    private NativeMemory() {}

    /** The whole address space. */
    public static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    /** The NUL-terminated string at {@code address}, or {@code null} for a null pointer. */
    public static String string(long address) {
        return address == 0 ? null : ALL.getString(address);
    }

    /** A view of {@code length} bytes at {@code address} (allocates a segment object: not for hot paths). */
    public static MemorySegment segment(long address, long length) {
        return ALL.asSlice(address, length);
    }
}
