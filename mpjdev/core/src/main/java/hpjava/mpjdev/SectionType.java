package hpjava.mpjdev;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/** Element type of a {@link Buffer} section; {@link #code()} is the wire code. */
public enum SectionType {
    BYTE(1, ValueLayout.JAVA_BYTE, byte[].class),
    SHORT(2, ValueLayout.JAVA_SHORT, short[].class),
    CHAR(3, ValueLayout.JAVA_CHAR, char[].class),
    INT(4, ValueLayout.JAVA_INT, int[].class),
    LONG(5, ValueLayout.JAVA_LONG, long[].class),
    FLOAT(6, ValueLayout.JAVA_FLOAT, float[].class),
    DOUBLE(7, ValueLayout.JAVA_DOUBLE, double[].class),
    /** One byte per element on the wire, 0 or 1. */
    BOOLEAN(8, ValueLayout.JAVA_BOOLEAN, boolean[].class),
    /** A Java serialization stream; element count = number of objects. */
    OBJECT(9, null, Object[].class);

    private static final SectionType[] BY_CODE = new SectionType[10];

    static {
        for (SectionType t : values()) BY_CODE[t.code] = t;
    }

    private final int code;
    private final ValueLayout layout;
    private final Class<?> arrayClass;
    /** Cached: {@code layout.byteSize()} is a call through an interface with many implementations. */
    private final int elementBytes;

    SectionType(int code, ValueLayout layout, Class<?> arrayClass) {
        this.code = code;
        this.layout = layout == null ? null : layout.withOrder(ByteOrder.LITTLE_ENDIAN);
        this.arrayClass = arrayClass;
        this.elementBytes = layout == null ? -1 : (int) layout.byteSize();
    }

    /** The wire code of this type. */
    public int code() {
        return code;
    }

    /** Bytes per element on the wire; {@code -1} for {@link #OBJECT}. */
    public int elementBytes() {
        return elementBytes;
    }

    /** The little-endian wire layout of one element; {@code null} for {@link #OBJECT}. */
    public ValueLayout layout() {
        return layout;
    }

    /** The Java array class of this type ({@code Object[].class} for {@link #OBJECT}). */
    public Class<?> arrayClass() {
        return arrayClass;
    }

    /** The type with wire code {@code code}, or {@code null}. */
    public static SectionType ofCode(int code) {
        return code > 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /**
     * The section type for a primitive array.
     *
     * @throws IllegalArgumentException if {@code array} is not an array of a primitive type
     */
    public static SectionType ofArray(Object array) {
        return switch (array) {
            case byte[] a -> BYTE;
            case short[] a -> SHORT;
            case char[] a -> CHAR;
            case int[] a -> INT;
            case long[] a -> LONG;
            case float[] a -> FLOAT;
            case double[] a -> DOUBLE;
            case boolean[] a -> BOOLEAN;
            case null -> throw new IllegalArgumentException("array is null");
            default -> throw new IllegalArgumentException("not an array of a primitive type: " + array.getClass().getTypeName()
                    + " (use writeObjects for objects)");
        };
    }
}
