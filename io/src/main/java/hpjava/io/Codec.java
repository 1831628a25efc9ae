package hpjava.io;

import java.nio.ByteBuffer;

/**
 * Copies runs of a multiarray's storage ({@code dat()}, a primitive Java array) to and from a byte buffer in the
 * buffer's byte order, through the buffer's typed views (bulk copies). Booleans are stored as one byte, 0 or 1.
 */
final class Codec {
    private Codec() {}

    /** Puts {@code dat[from .. from+n-1]} into {@code out} at its position and advances the position. */
    static void encode(Object dat, int from, int n, ByteBuffer out) {
        int p = out.position();
        switch (dat) {
            case double[] d -> out.asDoubleBuffer().put(d, from, n);
            case float[] f -> out.asFloatBuffer().put(f, from, n);
            case long[] l -> out.asLongBuffer().put(l, from, n);
            case int[] i -> out.asIntBuffer().put(i, from, n);
            case short[] s -> out.asShortBuffer().put(s, from, n);
            case char[] c -> out.asCharBuffer().put(c, from, n);
            case byte[] b -> out.put(p, b, from, n);
            case boolean[] z -> { for (int k = 0; k < n; k++) out.put(p + k, z[from + k] ? (byte) 1 : 0); }
            default -> throw new IllegalArgumentException("no file format for " + dat.getClass().getSimpleName() + " storage");
        }
        out.position(p + n * bytesOf(dat));
    }

    /** Fills {@code dat[from .. from+n-1]} from {@code in} at its position and advances the position. */
    static void decode(ByteBuffer in, Object dat, int from, int n) {
        int p = in.position();
        switch (dat) {
            case double[] d -> in.asDoubleBuffer().get(d, from, n);
            case float[] f -> in.asFloatBuffer().get(f, from, n);
            case long[] l -> in.asLongBuffer().get(l, from, n);
            case int[] i -> in.asIntBuffer().get(i, from, n);
            case short[] s -> in.asShortBuffer().get(s, from, n);
            case char[] c -> in.asCharBuffer().get(c, from, n);
            case byte[] b -> in.get(p, b, from, n);
            case boolean[] z -> { for (int k = 0; k < n; k++) z[from + k] = in.get(p + k) != 0; }
            default -> throw new IllegalArgumentException("no file format for " + dat.getClass().getSimpleName() + " storage");
        }
        in.position(p + n * bytesOf(dat));
    }

    /** Bytes per element of a storage array in a file. */
    static int bytesOf(Object dat) {
        return switch (dat) {
            case double[] d -> 8;
            case long[] l -> 8;
            case float[] f -> 4;
            case int[] i -> 4;
            case short[] s -> 2;
            case char[] c -> 2;
            default -> 1;
        };
    }
}
