package hpjava.adlib;

import hpjava.lang.Multiarray;

/**
 * Element-type specific data movement on local storage, generated per element type from
 * {@code src/template/Kernel.java.tmpl}: strided copies between {@link Region}s and to/from contiguous runs.
 */
interface Kernel {
    /** Whether elements are objects (moved by serialization). */
    boolean isObject();

    /** Bytes per element on the wire (primitive types). */
    int elementBytes();

    /** A new storage array of this type. */
    Object newArray(int n);

    /** Copies region {@code s} of {@code src} to region {@code d} of {@code dst} (same counts), row-major. */
    void copy(Object src, Region s, Object dst, Region d);

    /** Copies region {@code r} of {@code dat} to {@code out[off ..]}, row-major. */
    void gather(Object dat, Region r, Object out, int off);

    /** Copies {@code in[off ..]} to region {@code r} of {@code dat}, row-major. */
    void scatter(Object in, int off, Object dat, Region r);

    /** A new array of this element type ({@code new T [[ranges]] on g}). */
    Multiarray create(hpjava.lang.Group g, hpjava.lang.Range[] ranges);

    /** {@code out[i] = dat[offs[from+i]]}, {@code 0 <= i < n}. */
    void gatherAt(Object dat, int[] offs, int from, int n, Object out);

    /** {@code dat[offs[from+i]] = in[i]}, {@code 0 <= i < n}. */
    void scatterAt(Object in, Object dat, int[] offs, int from, int n);

    /** {@code dst[doffs[i]] = src[soffs[i]]}, {@code from <= i < from+n}. */
    void copyAt(Object src, int[] soffs, Object dst, int[] doffs, int from, int n);

    /** The element at {@code dat[off]} as text (aprintf). */
    String text(Object dat, int off);

    /** The storage of {@code a} (its {@code dat()}). */
    Object dat(Multiarray a);

    /** The kernel of {@code a}'s element type. */
    static Kernel of(Multiarray a) {
        return switch (a.elementType()) {
            case "boolean" -> BooleanKernel.INSTANCE;
            case "byte" -> ByteKernel.INSTANCE;
            case "char" -> CharKernel.INSTANCE;
            case "short" -> ShortKernel.INSTANCE;
            case "int" -> IntKernel.INSTANCE;
            case "long" -> LongKernel.INSTANCE;
            case "float" -> FloatKernel.INSTANCE;
            case "double" -> DoubleKernel.INSTANCE;
            case "Object" -> ObjectKernel.INSTANCE;
            default -> throw new AdlibException("Adlib: unsupported element type " + a.elementType());
        };
    }
}
