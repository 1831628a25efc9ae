package hpjava.mpjdev.mpi;

import hpjava.mpjdev.ReduceOp;
import hpjava.mpjdev.SectionType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Element-wise {@code acc = acc op src} over little-endian wire data, with Java's semantics ({@link ReduceOp}, whose
 * scalar {@code apply} both this and mt's kernel use): one kernel for every element type. Integral types and {@code boolean} (0/1) are combined as {@code long} and narrowed
 * back, which is exactly Java's wrapping arithmetic; {@code float} and {@code double} are combined as {@code double}
 * and a {@code float} result rounded back, which is exact for +, * , min and max (a double holds the exact sum or
 * product of two floats to within one rounding that the float rounding absorbs). Elements may sit at any byte
 * offset ({@link CheckBlock}'s data is 2 bytes into a 10-byte block): the layouts are unaligned, which costs nothing
 * on the machines Java runs on.
 */
final class Reduction {
    private Reduction() {}

    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfChar CHAR = ValueLayout.JAVA_CHAR_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(LE);
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    /** The unaligned little-endian wire layout of one element of {@code t} (not {@code OBJECT} or {@code BOOLEAN}). */
    static ValueLayout wire(SectionType t) {
        return switch (t) {
            case BYTE -> BYTE;
            case SHORT -> SHORT;
            case CHAR -> CHAR;
            case INT -> INT;
            case LONG -> LONG;
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            default -> throw new IllegalArgumentException("no wire layout for " + t);
        };
    }

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
            case BYTE -> s.get(BYTE, off);
            case BOOLEAN -> s.get(BYTE, off) != 0 ? 1 : 0;
            case SHORT -> s.get(SHORT, off);
            case CHAR -> s.get(CHAR, off);
            case INT -> s.get(INT, off);
            case LONG -> s.get(LONG, off);
            default -> throw new IllegalArgumentException("not an integral type: " + t);
        };
    }

    private static void putLong(SectionType t, MemorySegment s, long off, long v) {
        switch (t) {
            case BYTE, BOOLEAN -> s.set(BYTE, off, (byte) v);
            case SHORT -> s.set(SHORT, off, (short) v);
            case CHAR -> s.set(CHAR, off, (char) v);
            case INT -> s.set(INT, off, (int) v);
            case LONG -> s.set(LONG, off, v);
            default -> throw new IllegalArgumentException("not an integral type: " + t);
        }
    }

    private static double getDouble(SectionType t, MemorySegment s, long off) {
        return t == SectionType.FLOAT ? s.get(FLOAT, off) : s.get(DOUBLE, off);
    }

    private static void putDouble(SectionType t, MemorySegment s, long off, double v) {
        if (t == SectionType.FLOAT) s.set(FLOAT, off, (float) v);
        else s.set(DOUBLE, off, v);
    }
}
