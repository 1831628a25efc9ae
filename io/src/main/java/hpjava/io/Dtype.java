package hpjava.io;

import java.nio.ByteOrder;

/**
 * The element types a file can hold: one per primitive Java element type, with NumPy's type string ({@code descr})
 * and the size of one element. Files are written little-endian; reading accepts either byte order.
 */
enum Dtype {
    BOOLEAN("boolean", 'b', 1), BYTE("byte", 'i', 1), CHAR("char", 'u', 2), SHORT("short", 'i', 2),
    INT("int", 'i', 4), LONG("long", 'i', 8), FLOAT("float", 'f', 4), DOUBLE("double", 'f', 8);

    /** Java element type, as {@code Multiarray.elementType()} names it. */
    final String javaName;
    /** NumPy kind character: b (bool), i (signed), u (unsigned), f (floating). */
    final char kind;
    final int bytes;

    Dtype(String javaName, char kind, int bytes) {
        this.javaName = javaName;
        this.kind = kind;
        this.bytes = bytes;
    }

    /** NumPy's type string of this type written little-endian: {@code <f8}, or {@code |b1} for one byte. */
    String descr() { return (bytes == 1 ? "|" : "<") + kind + bytes; }

    /** The type of a Java element type name, or null (Object arrays have no file format). */
    static Dtype ofJava(String elementType) {
        for (Dtype t : values()) if (t.javaName.equals(elementType)) return t;
        return null;
    }

    /** NumPy's name of the type ("float64"), for messages. */
    String numpyName() {
        return switch (this) {
            case BOOLEAN -> "bool";
            case CHAR -> "uint16";
            case FLOAT, DOUBLE -> "float" + bytes * 8;
            default -> "int" + bytes * 8;
        };
    }

    /**
     * The byte order a {@code descr} of this type is stored in, or null if {@code descr} does not describe this type
     * ({@code <f8}, {@code >f8}, {@code =f8} and {@code |f8} are float64 in the given, native or any order).
     */
    ByteOrder orderOf(String descr) {
        if (descr.length() < 3 || !descr.substring(1).equals("" + kind + bytes)) return null;
        return switch (descr.charAt(0)) {
            case '<' -> ByteOrder.LITTLE_ENDIAN;
            case '>' -> bytes == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
            case '|' -> bytes == 1 ? ByteOrder.LITTLE_ENDIAN : null;
            case '=' -> ByteOrder.nativeOrder();
            default -> null;
        };
    }
}
