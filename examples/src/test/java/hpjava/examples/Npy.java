package hpjava.examples;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reads the .npy files the examples write, independently of hpjava.io (as a NumPy user would see them). */
final class Npy {
    private Npy() {}

    static double[] doubles(Path f, int... shape) throws Exception {
        ByteBuffer b = data(f, "<f8", shape);
        double[] v = new double[b.remaining() / 8];
        b.asDoubleBuffer().get(v);
        return v;
    }

    static long[] ints(Path f, int... shape) throws Exception {
        ByteBuffer b = data(f, "<i4", shape);
        long[] v = new long[b.remaining() / 4];
        for (int k = 0; k < v.length; k++) v[k] = b.getInt();
        return v;
    }

    /** The data of a version 1.0 file after checking its header's type and shape. */
    private static ByteBuffer data(Path f, String descr, int... shape) throws Exception {
        byte[] bytes = Files.readAllBytes(f);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("\u0093NUMPY", new String(bytes, 0, 6, "ISO-8859-1"), f + ": magic");
        int len = b.getShort(8) & 0xffff;
        String header = new String(bytes, 10, len, "US-ASCII");
        StringBuilder s = new StringBuilder("(");
        for (int r = 0; r < shape.length; r++) s.append(r > 0 ? ", " : "").append(shape[r]);
        s.append(shape.length == 1 ? ",)" : ")");
        assertTrue(header.contains("'descr': '" + descr + "'") && header.contains("'shape': " + s), f + ": header " + header);
        b.position(10 + len);
        return b.slice().order(ByteOrder.LITTLE_ENDIAN);
    }
}
