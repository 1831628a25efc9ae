package hpjava.mpi.spi;

/**
 * The basic (predefined, primitive) element types of messages: every datatype is a map of elements of one of these
 * (a struct of several basic types is described in {@link #BYTE} units). {@link #byteSize()} is the size of one
 * element in a packed message; {@link #arrayClass()} the Java array that holds such elements.
 */
public enum BasicType {
    BYTE(1, byte[].class),
    CHAR(2, char[].class),
    SHORT(2, short[].class),
    BOOLEAN(1, boolean[].class),
    INT(4, int[].class),
    LONG(8, long[].class),
    FLOAT(4, float[].class),
    DOUBLE(8, double[].class),
    /** Java objects, serialized; counted as one byte each in statuses. Arrays only ({@code Object[]}). */
    OBJECT(1, Object[].class),
    /** Packed bytes ({@code MPI.PACKED}), from {@code pack}; held in {@code byte[]} or a direct {@code ByteBuffer}. */
    PACKED(1, byte[].class);

    private final int byteSize;
    private final Class<?> arrayClass;

    BasicType(int byteSize, Class<?> arrayClass) {
        this.byteSize = byteSize;
        this.arrayClass = arrayClass;
    }

    /** Bytes one element occupies in a packed message (objects count 1). */
    public int byteSize() {
        return byteSize;
    }

    /** The Java array class holding elements of this type ({@code byte[]} for {@link #PACKED}). */
    public Class<?> arrayClass() {
        return arrayClass;
    }
}
