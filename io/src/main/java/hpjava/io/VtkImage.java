package hpjava.io;

import hpjava.adlib.Remap;
import hpjava.lang.DoubleMultiarray;
import hpjava.lang.FloatMultiarray;
import hpjava.lang.Multiarray;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A 2-D or 3-D double/float field as VTK XML image data ({@code .vti}, read by ParaView and VisIt): one point-data
 * array, raw binary appended data (a UInt64 byte count, then the values with VTK's x fastest). Array dimension 0 is
 * VTK's x, dimension 1 y, dimension 2 z (a 2-D field has one z plane). Written collectively like {@link ArrayIO}:
 * the field is remapped into a slab blocked along its last dimension, whose block on each process is one contiguous
 * run of the file in VTK's order; member 0 writes the XML around the data.
 */
final class VtkImage {
    private VtkImage() {}

    static void write(Path path, String name, Multiarray a, double[] origin, double[] spacing) {
        if (a == null || (a.rank() != 2 && a.rank() != 3) || !(a instanceof DoubleMultiarray || a instanceof FloatMultiarray))
            throw new ArrayIOException(".vti: needs a 2-D or 3-D double or float array, got " + (a == null ? "null" : a.describe()));
        if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_ .-]*"))
            throw new ArrayIOException(".vti: the field name must be letters, digits, '_', ' ', '.', '-', got '" + name + "'");
        Dtype type = Dtype.ofJava(a.elementType());
        int[] n = a.shape();
        int[] ext = {n[0], n[1], n.length == 3 ? n[2] : 1};
        String whole = "0 " + (ext[0] - 1) + " 0 " + (ext[1] - 1) + " 0 " + (ext[2] - 1);
        String head = "<?xml version=\"1.0\"?>\n"
                + "<VTKFile type=\"ImageData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n"
                + "  <ImageData WholeExtent=\"" + whole + "\" Origin=\"" + triple(origin, 0) + "\" Spacing=\"" + triple(spacing, 1) + "\">\n"
                + "    <Piece Extent=\"" + whole + "\">\n"
                + "      <PointData Scalars=\"" + name + "\">\n"
                + "        <DataArray type=\"" + (type == Dtype.DOUBLE ? "Float64" : "Float32") + "\" Name=\"" + name
                + "\" format=\"appended\" offset=\"0\"/>\n"
                + "      </PointData>\n    </Piece>\n  </ImageData>\n  <AppendedData encoding=\"raw\">\n   _";
        String tail = "\n  </AppendedData>\n</VTKFile>\n";
        long count = (long) ext[0] * ext[1] * ext[2];
        byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
        long dataOffset = headBytes.length + 8;
        Slab slab = Slab.of(a, true);
        new Remap(slab.array, a).execute();
        String error = null;
        if (ArrayIO.isFirstMember()) error = frame(path, headBytes, count * type.bytes, dataOffset, tail);
        Collective.agree(error);
        error = writeRun(path, dataOffset, slab, type);
        Collective.agree(error);
    }

    private static String triple(double[] v, double dflt) {
        double[] t = {dflt, dflt, dflt};
        if (v != null) for (int k = 0; k < Math.min(3, v.length); k++) t[k] = v[k];
        return t[0] + " " + t[1] + " " + t[2];
    }

    /** Creates the file with the XML before and after the data and the data's byte count. */
    private static String frame(Path path, byte[] head, long dataBytes, long dataOffset, String tail) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer b = ByteBuffer.allocate(head.length + 8).order(ByteOrder.LITTLE_ENDIAN).put(head).putLong(dataBytes).flip();
            while (b.hasRemaining()) ch.write(b, b.position());
            ByteBuffer t = ByteBuffer.wrap(tail.getBytes(StandardCharsets.US_ASCII));
            long at = dataOffset + dataBytes;
            while (t.hasRemaining()) at += ch.write(t, at);
            return null;
        } catch (IOException | RuntimeException e) {
            return path + ": cannot write: " + Collective.describe(e);
        }
    }

    /**
     * Writes this process's block of the last dimension in VTK order (first index fastest): the slab stores it
     * row-major with the last dimension's local storage extent innermost, so the values are transposed through the
     * chunk buffer.
     */
    private static String writeRun(Path path, long dataOffset, Slab slab, Dtype type) {
        if (!slab.writes) return null;
        int[] n = slab.shape;
        int inner = slab.count / slab.localRows;      // elements per index of the last dimension
        int perChunk = Math.max(1, ArrayIO.CHUNK_BYTES / type.bytes);
        ByteBuffer buf = ByteBuffer.allocate(Math.min(slab.count, perChunk) * type.bytes).order(ByteOrder.LITTLE_ENDIAN);
        double[] d = slab.array instanceof DoubleMultiarray dm ? dm.dat() : null;
        float[] f = slab.array instanceof FloatMultiarray fm ? fm.dat() : null;
        int n0 = n[0], n1 = n.length == 3 ? n[1] : 1, rows = slab.rowStorage;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
            long pos = dataOffset + slab.firstElement * type.bytes;
            for (int e = 0; e < slab.count; e++) {
                int k = e / inner, rest = e % inner, i = rest % n0, j = rest / n0;   // VTK order: i fastest, then j, then k
                int o = ((i * n1) + j) * rows + k;
                if (d != null) buf.putDouble(d[o]); else buf.putFloat(f[o]);
                if (!buf.hasRemaining() || e == slab.count - 1) {
                    buf.flip();
                    while (buf.hasRemaining()) pos += ch.write(buf, pos);
                    buf.clear();
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return path + ": cannot write: " + Collective.describe(e);
        }
    }
}
