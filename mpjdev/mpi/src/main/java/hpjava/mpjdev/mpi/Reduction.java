package hpjava.mpjdev.mpi;

import hpjava.mpjdev.ReduceOp;
import hpjava.mpjdev.SectionType;
import java.lang.foreign.MemorySegment;

/**
 * Element-wise {@code acc = acc op src} over little-endian wire data, with Java's semantics ({@link ReduceOp}, whose
 * scalar {@code apply} both this and mt's kernel use): one kernel for every element type. Integral types and {@code boolean} (0/1) are combined as {@code long} and narrowed
 * back, which is exactly Java's wrapping arithmetic; {@code float} and {@code double} are combined as {@code double}
 * and a {@code float} result rounded back, which is exact for +, * , min and max (a double holds the exact sum or
 * product of two floats to within one rounding that the float rounding absorbs).
 */
final class Reduction {
    private Reduction() {}

    static void fold(SectionType type, ReduceOp op, MemorySegment acc, long accOff, MemorySegment src, long srcOff, int count) {
        int eb = type.elementBytes();
        boolean floating = type == SectionType.FLOAT || type == SectionType.DOUBLE;
        for (int i = 0; i < count; i++) {
            long a = accOff + (long) i * eb;
            long b = srcOff + (long) i * eb;
            if (floating) {
                putDouble(type, acc, a, op.apply(getDouble(type, acc, a), getDouble(type, src, b)));
            } else {
                putLong(type, acc, a, op.apply(getLong(type, acc, a), getLong(type, src, b)));
            }
        }
    }

    private static long getLong(SectionType t, MemorySegment s, long off) {
        return switch (t) {
            case BYTE -> s.get(java.lang.foreign.ValueLayout.JAVA_BYTE, off);
            case BOOLEAN -> s.get(java.lang.foreign.ValueLayout.JAVA_BYTE, off) != 0 ? 1 : 0;
            case SHORT -> s.get((java.lang.foreign.ValueLayout.OfShort) t.layout(), off);
            case CHAR -> s.get((java.lang.foreign.ValueLayout.OfChar) t.layout(), off);
            case INT -> s.get((java.lang.foreign.ValueLayout.OfInt) t.layout(), off);
            case LONG -> s.get((java.lang.foreign.ValueLayout.OfLong) t.layout(), off);
            default -> throw new IllegalArgumentException("not an integral type: " + t);
        };
    }

    private static void putLong(SectionType t, MemorySegment s, long off, long v) {
        switch (t) {
            case BYTE, BOOLEAN -> s.set(java.lang.foreign.ValueLayout.JAVA_BYTE, off, (byte) v);
            case SHORT -> s.set((java.lang.foreign.ValueLayout.OfShort) t.layout(), off, (short) v);
            case CHAR -> s.set((java.lang.foreign.ValueLayout.OfChar) t.layout(), off, (char) v);
            case INT -> s.set((java.lang.foreign.ValueLayout.OfInt) t.layout(), off, (int) v);
            case LONG -> s.set((java.lang.foreign.ValueLayout.OfLong) t.layout(), off, v);
            default -> throw new IllegalArgumentException("not an integral type: " + t);
        }
    }

    private static double getDouble(SectionType t, MemorySegment s, long off) {
        return t == SectionType.FLOAT ? s.get((java.lang.foreign.ValueLayout.OfFloat) t.layout(), off)
                                      : s.get((java.lang.foreign.ValueLayout.OfDouble) t.layout(), off);
    }

    private static void putDouble(SectionType t, MemorySegment s, long off, double v) {
        if (t == SectionType.FLOAT) s.set((java.lang.foreign.ValueLayout.OfFloat) t.layout(), off, (float) v);
        else s.set((java.lang.foreign.ValueLayout.OfDouble) t.layout(), off, v);
    }
}
