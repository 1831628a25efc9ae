package hpjava.mpjdev;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;

import static hpjava.mpjdev.WireFormat.INT;
import static hpjava.mpjdev.WireFormat.LONG;
import static hpjava.mpjdev.WireFormat.SHORT;

/**
 * The copying concern of {@link Buffer}: moving elements between Java arrays and a message's little-endian sections,
 * contiguous runs and multi-dimensional strided sections, packing ({@code pack}) or unpacking. One generic path for
 * all primitive types (bulk {@link MemorySegment#copy} for runs, bit patterns of the element size for strided runs),
 * so there is no per-type code to keep in step. Not thread-safe, like its buffer; allocates nothing in the steady
 * state (the heap view of the last array is cached).
 */
final class SectionCopier {
    /** Runs of at most this many longs are copied element by element (see {@link #copyRun}). */
    private static final int SHORT_LONG_RUN = 4;
    private Object cachedArray;
    private MemorySegment cachedHeap;

    /** Drops the cached heap view (the buffer is released: do not keep the user's array reachable). */
    void forget() {
        cachedArray = null;
        cachedHeap = null;
    }

    void copyRun(MemorySegment segment, SectionType t, Object array, int index, long at, int count, boolean pack) {
        if (t == SectionType.BOOLEAN) {
            boolean[] a = (boolean[]) array;
            MemorySegment seg = segment;
            for (int i = 0; i < count; i++) {
                if (pack) seg.set(ValueLayout.JAVA_BYTE, at + i, (byte) (a[index + i] ? 1 : 0));
                else a[index + i] = seg.get(ValueLayout.JAVA_BYTE, at + i) != 0;
            }
        } else if (t == SectionType.LONG && count <= SHORT_LONG_RUN) {
            // a few longs (a pair of words): element accesses cost ~1 ns where the bulk copy's fixed cost is ~10 ns
            // each way
            long[] a = (long[]) array;
            for (int i = 0; i < count; i++) {
                if (pack) segment.set(LONG, at + 8L * i, a[index + i]);
                else a[index + i] = segment.get(LONG, at + 8L * i);
            }
        } else if (pack) {
            MemorySegment.copy(array, index, segment, t.layout(), at, count);
        } else {
            MemorySegment.copy(segment, t.layout(), at, array, index, count);
        }
    }

    /** Copies dimension {@code dim} and below; returns the segment offset after the last element. */
    long gatherScatter(MemorySegment segment, SectionType t, Object array, int base, int[] counts, int[] strides, int dim, long at, boolean pack) {
        int n = counts[dim];
        int stride = strides[dim];
        long esz = t.elementBytes();
        if (dim == counts.length - 1) {
            if (stride == 1 || n <= 1) {
                copyRun(segment, t, array, base, at, n, pack);
                return at + n * esz;
            }
            if (t == SectionType.BOOLEAN) {
                for (int i = 0; i < n; i++) {
                    copyRun(segment, t, array, base + i * stride, at, 1, pack);
                    at += esz;
                }
                return at;
            }
            stridedRun(segment, heapSegment(array), (long) base * esz, (long) stride * esz, at, n, (int) esz, pack);
            return at + n * esz;
        }
        for (int i = 0; i < n; i++) at = gatherScatter(segment, t, array, base + i * stride, counts, strides, dim + 1, at, pack);
        return at;
    }

    /**
     * Copies {@code n} elements of {@code esz} bytes between a heap array (native order, every {@code strideBytes})
     * and the wire (little-endian, contiguous from {@code at}). Elements move as bit patterns of their size, so one
     * loop serves every type: reading a double's 8 bytes as a native long and writing that long little-endian is
     * exactly the little-endian encoding of the double.
     */
    private static void stridedRun(MemorySegment wire, MemorySegment heap, long heapOff, long strideBytes, long at, int n, int esz, boolean pack) {
        for (int i = 0; i < n; i++, at += esz, heapOff += strideBytes) {
            if (pack) putBitsLE(wire, at, esz, getBits(heap, heapOff, esz));
            else putBits(heap, heapOff, esz, getBitsLE(wire, at, esz));
        }
    }

    private static long getBits(MemorySegment s, long off, int esz) {
        return switch (esz) {
            case 8 -> s.get(ValueLayout.JAVA_LONG, off);
            case 4 -> s.get(ValueLayout.JAVA_INT, off);
            case 2 -> s.get(ValueLayout.JAVA_SHORT, off);
            default -> s.get(ValueLayout.JAVA_BYTE, off);
        };
    }

    private static void putBits(MemorySegment s, long off, int esz, long v) {
        switch (esz) {
            case 8 -> s.set(ValueLayout.JAVA_LONG, off, v);
            case 4 -> s.set(ValueLayout.JAVA_INT, off, (int) v);
            case 2 -> s.set(ValueLayout.JAVA_SHORT, off, (short) v);
            default -> s.set(ValueLayout.JAVA_BYTE, off, (byte) v);
        }
    }

    private static long getBitsLE(MemorySegment s, long off, int esz) {
        return switch (esz) {
            case 8 -> s.get(LONG, off);
            case 4 -> s.get(INT, off);
            case 2 -> s.get(SHORT, off);
            default -> s.get(ValueLayout.JAVA_BYTE, off);
        };
    }

    private static void putBitsLE(MemorySegment s, long off, int esz, long v) {
        switch (esz) {
            case 8 -> s.set(LONG, off, v);
            case 4 -> s.set(INT, off, (int) v);
            case 2 -> s.set(SHORT, off, (short) v);
            default -> s.set(ValueLayout.JAVA_BYTE, off, (byte) v);
        }
    }

    /**
     * A heap segment over {@code array}, cached for the last array used (strided packing of one array is repeated
     * every iteration, so the steady state allocates nothing); the cache is dropped on release.
     */
    private MemorySegment heapSegment(Object array) {
        if (array == cachedArray) return cachedHeap;
        MemorySegment h = switch (array) {
            case byte[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            default -> throw new IllegalArgumentException("not a heap array of a numeric type: " + array.getClass().getTypeName());
        };
        cachedArray = array;
        cachedHeap = h;
        return h;
    }

    static long checkStrided(Object array, int base, int[] counts, int[] strides) {
        if (counts.length != strides.length)
            throw new IllegalArgumentException("counts has " + counts.length + " dimensions but strides has " + strides.length);
        if (counts.length == 0) throw new IllegalArgumentException("a strided section needs at least one dimension");
        long total = 1, lo = base, hi = base;
        for (int d = 0; d < counts.length; d++) {
            if (counts[d] < 0) throw new IllegalArgumentException("count " + counts[d] + " in dimension " + d + " is negative");
            total *= counts[d];
            if (counts[d] > 0) {
                long span = (long) (counts[d] - 1) * strides[d];
                if (span < 0) lo += span; else hi += span;
            }
        }
        int n = Array.getLength(array);
        if (total > 0 && (lo < 0 || hi >= n))
            throw new IllegalArgumentException("strided section (base " + base + ", counts " + java.util.Arrays.toString(counts)
                    + ", strides " + java.util.Arrays.toString(strides) + ") reaches index " + (lo < 0 ? lo : hi)
                    + ", outside the array of length " + n);
        if (total > Integer.MAX_VALUE) throw new IllegalArgumentException("strided section has more than 2^31-1 elements");
        return total;
    }
}
