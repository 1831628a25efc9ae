package hpjava.mpi.ffm;

import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.TypeLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.Buffer;

/**
 * Where MPI reads or writes the data of one buffer argument. A direct NIO buffer is used in place (its address plus
 * the item offset). A Java array may move during garbage collection, so its span (the units the type map touches
 * for the items, from the lowest to the highest) is copied into native memory owned by this object, which MPI then
 * uses until the operation completes, and copied back into the array after a receive ({@link #copyOut()}). The
 * native block grows as needed and is reused by the next operation of its owner (a request slot).
 */
final class Staging {
    private MemorySegment block = MemorySegment.NULL;
    /** The array staged, the first staged unit and the number of units, for {@link #copyOut()}. */
    private Object array;
    private long lo, units;
    private int unitBytes;

    /** Bytes of one unit of {@code t}'s offsets and displacements (a byte for a struct of several basic types). */
    static int unitBytes(TypeLayout t) {
        return t.isMixed() ? 1 : t.basic().byteSize();
    }

    /**
     * The address MPI uses for item 0 of {@code d} spanning {@code items} items (more than {@code d.count()} for the
     * root of a gather and the like); {@code copyIn}: the array's current values are needed (a send, or a receive
     * through a type with gaps, whose gaps must keep their values on {@link #copyOut()}). 0 for no data.
     */
    long prepare(Data d, long items, boolean copyIn) {
        array = null;
        if (d == null || d.buffer() == null) return 0;
        TypeLayout t = d.type();
        int ub = unitBytes(t);
        if (!d.isArray()) return directAddress((Buffer) d.buffer()) + (long) d.offset() * ub;
        long first = d.offset(), last = d.offset() + (items - 1) * t.extent();
        long spanLo = items == 0 || t.trueExtent() == 0 ? first : Math.min(first, last) + t.trueLb();
        long spanHi = items == 0 || t.trueExtent() == 0 ? first : Math.max(first, last) + t.trueLb() + t.trueExtent();
        long bytes = (spanHi - spanLo) * ub;
        if (block.byteSize() < bytes) block = Arena.ofAuto().allocate(Math.max(bytes, 2 * block.byteSize()), 16);
        array = d.buffer();
        lo = spanLo;
        units = spanHi - spanLo;
        unitBytes = ub;
        if (copyIn && units > 0) ArrayCopy.toNative(array, lo, block, units, ub);
        return block.address() + (first - spanLo) * ub;
    }

    /** After a receive: copies the staged span back into the array (nothing for a direct buffer). */
    void copyOut() {
        if (array != null && units > 0) ArrayCopy.fromNative(block, array, lo, units, unitBytes);
        array = null;
    }

    /** Forgets the staged array (after a send, or when the operation failed). */
    void clear() {
        array = null;
    }

    /** The address of element 0 of a direct buffer, whatever its position. */
    static long directAddress(Buffer b) {
        MemorySegment s = MemorySegment.ofBuffer(b);
        return s.address() - (long) b.position() * elementBytes(b);
    }

    private static int elementBytes(Buffer b) {
        return switch (b) {
            case java.nio.ByteBuffer x -> 1;
            case java.nio.CharBuffer x -> 2;
            case java.nio.ShortBuffer x -> 2;
            case java.nio.IntBuffer x -> 4;
            case java.nio.FloatBuffer x -> 4;
            case java.nio.LongBuffer x -> 8;
            case java.nio.DoubleBuffer x -> 8;
            default -> throw new IllegalArgumentException("buffer " + b.getClass().getName());
        };
    }

    /** Copies between Java arrays of every primitive type and native memory. */
    static final class ArrayCopy {
        private ArrayCopy() {}

        static void toNative(Object array, long lo, MemorySegment dst, long units, int unitBytes) {
            if (array instanceof boolean[] z) {
                for (long i = 0; i < units; i++) dst.set(ValueLayout.JAVA_BYTE, i, z[(int) (lo + i)] ? (byte) 1 : 0);
                return;
            }
            MemorySegment.copy(heap(array), lo * unitBytes, dst, 0, units * unitBytes);
        }

        static void fromNative(MemorySegment src, Object array, long lo, long units, int unitBytes) {
            if (array instanceof boolean[] z) {
                for (long i = 0; i < units; i++) z[(int) (lo + i)] = src.get(ValueLayout.JAVA_BYTE, i) != 0;
                return;
            }
            MemorySegment.copy(src, 0, heap(array), lo * unitBytes, units * unitBytes);
        }

        private static MemorySegment heap(Object a) {
            return switch (a) {
                case byte[] x -> MemorySegment.ofArray(x);
                case char[] x -> MemorySegment.ofArray(x);
                case short[] x -> MemorySegment.ofArray(x);
                case int[] x -> MemorySegment.ofArray(x);
                case long[] x -> MemorySegment.ofArray(x);
                case float[] x -> MemorySegment.ofArray(x);
                case double[] x -> MemorySegment.ofArray(x);
                default -> throw new IllegalArgumentException("array " + a.getClass().getName());
            };
        }
    }
}
