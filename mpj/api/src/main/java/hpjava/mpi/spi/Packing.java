package hpjava.mpi.spi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Shared by implementations: copies the elements a {@link Data} describes between the user's buffer (array or direct
 * NIO buffer) and a <em>packed</em> Java array holding them consecutively in type-map order: an array of the basic
 * type ({@link BasicType#arrayClass()}) for a homogeneous datatype, a {@code byte[]} in native byte order for a struct
 * of several basic types. Also converts packed arrays to and from bytes (native order), for {@code MPI_Pack} and for
 * implementations that move bytes. The {@code Data} is assumed validated (package documentation).
 */
public final class Packing {

    private Packing() {
    }

    /** Length of the packed array of {@code d}: its elements, or bytes for a struct of several basic types. */
    public static int packedLength(Data d) {
        long n = d.type().isMixed() ? d.packedBytes() : (long) d.count() * d.type().elementCount();
        if (n > Integer.MAX_VALUE - 16) throw new ArithmeticException("message of " + n + " elements is too large for one Java array");
        return (int) n;
    }

    /** A new packed array of the right class for {@code type} and {@code length} entries. */
    public static Object newPacked(TypeLayout type, int length) {
        if (type.isMixed()) return new byte[length];
        return switch (type.basic()) {
            case BYTE, PACKED -> new byte[length];
            case CHAR -> new char[length];
            case SHORT -> new short[length];
            case BOOLEAN -> new boolean[length];
            case INT -> new int[length];
            case LONG -> new long[length];
            case FLOAT -> new float[length];
            case DOUBLE -> new double[length];
            case OBJECT -> new Object[length];
        };
    }

    /** The elements of {@code d} in a new packed array. For a contiguous array buffer this is one array copy. */
    public static Object gather(Data d) {
        Object packed = newPacked(d.type(), packedLength(d));
        copy(d, packed, packedLength(d), true);
        return packed;
    }

    /**
     * Stores the first {@code length} entries of {@code packed} into {@code d}'s buffer, in type-map order (a message
     * shorter than {@code d} fills its first elements only). {@code length <= packedLength(d)}.
     */
    public static void scatter(Object packed, int length, Data d) {
        copy(d, packed, length, false);
    }

    private static void copy(Data d, Object packed, int limit, boolean out) {
        TypeLayout t = d.type();
        int p = 0;
        for (int i = 0; i < d.count() && p < limit; i++) {
            long itemStart = d.offset() + (long) i * t.extent();
            for (int b = 0; b < t.blockCount() && p < limit; b++) {
                BasicType bt = t.blockType(b);
                int unitsPerElement = t.isMixed() ? bt.byteSize() : 1;
                int len = Math.min(t.blockLength(b) * unitsPerElement, limit - p);
                copyBlock(d.buffer(), itemStart + t.blockStart(b), packed, p, len, out, t.isMixed() ? BasicType.BYTE : bt);
                p += len;
            }
        }
    }

    /** Copies {@code len} units between the user's buffer at unit {@code at} and {@code packed} at {@code p}. */
    private static void copyBlock(Object buf, long at, Object packed, int p, int len, boolean out, BasicType unit) {
        int a = Math.toIntExact(at);
        if (buf.getClass().isArray()) {
            if (out) System.arraycopy(buf, a, packed, p, len);
            else System.arraycopy(packed, p, buf, a, len);
            return;
        }
        if (buf instanceof ByteBuffer bb) {
            int size = unit.byteSize();
            ByteBuffer view = bb.slice(a * size, len * size).order(ByteOrder.nativeOrder());
            if (out) readBytes(view, packed, p, len, unit);
            else writeBytes(packed, p, len, unit, view);
            return;
        }
        switch (buf) {
            case java.nio.CharBuffer x -> { if (out) x.get(a, (char[]) packed, p, len); else x.put(a, (char[]) packed, p, len); }
            case java.nio.ShortBuffer x -> { if (out) x.get(a, (short[]) packed, p, len); else x.put(a, (short[]) packed, p, len); }
            case java.nio.IntBuffer x -> { if (out) x.get(a, (int[]) packed, p, len); else x.put(a, (int[]) packed, p, len); }
            case java.nio.LongBuffer x -> { if (out) x.get(a, (long[]) packed, p, len); else x.put(a, (long[]) packed, p, len); }
            case java.nio.FloatBuffer x -> { if (out) x.get(a, (float[]) packed, p, len); else x.put(a, (float[]) packed, p, len); }
            case java.nio.DoubleBuffer x -> { if (out) x.get(a, (double[]) packed, p, len); else x.put(a, (double[]) packed, p, len); }
            default -> throw new IllegalArgumentException("not a buffer: " + buf.getClass().getName());
        }
    }

    /** Reads {@code len} elements of {@code type} from {@code src} (native order, from its position) into {@code dst[p..]}. */
    public static void readBytes(ByteBuffer src, Object dst, int p, int len, BasicType type) {
        ByteBuffer s = src.duplicate().order(ByteOrder.nativeOrder());
        switch (type) {
            case BYTE, PACKED -> s.get((byte[]) dst, p, len);
            case CHAR -> s.asCharBuffer().get((char[]) dst, p, len);
            case SHORT -> s.asShortBuffer().get((short[]) dst, p, len);
            case INT -> s.asIntBuffer().get((int[]) dst, p, len);
            case LONG -> s.asLongBuffer().get((long[]) dst, p, len);
            case FLOAT -> s.asFloatBuffer().get((float[]) dst, p, len);
            case DOUBLE -> s.asDoubleBuffer().get((double[]) dst, p, len);
            case BOOLEAN -> {
                boolean[] z = (boolean[]) dst;
                for (int i = 0; i < len; i++) z[p + i] = s.get() != 0;
            }
            case OBJECT -> throw new IllegalArgumentException("objects have no byte form");
        }
    }

    /** Writes {@code len} elements of {@code type} from {@code src[p..]} into {@code dst} (native order, at its position). */
    public static void writeBytes(Object src, int p, int len, BasicType type, ByteBuffer dst) {
        ByteBuffer d = dst.duplicate().order(ByteOrder.nativeOrder());
        switch (type) {
            case BYTE, PACKED -> d.put((byte[]) src, p, len);
            case CHAR -> d.asCharBuffer().put((char[]) src, p, len);
            case SHORT -> d.asShortBuffer().put((short[]) src, p, len);
            case INT -> d.asIntBuffer().put((int[]) src, p, len);
            case LONG -> d.asLongBuffer().put((long[]) src, p, len);
            case FLOAT -> d.asFloatBuffer().put((float[]) src, p, len);
            case DOUBLE -> d.asDoubleBuffer().put((double[]) src, p, len);
            case BOOLEAN -> {
                boolean[] z = (boolean[]) src;
                for (int i = 0; i < len; i++) d.put(z[p + i] ? (byte) 1 : (byte) 0);
            }
            case OBJECT -> throw new IllegalArgumentException("objects have no byte form");
        }
    }
}
