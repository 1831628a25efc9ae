package hpjava.io;

import hpjava.adlib.Remap;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Distributed arrays to and from NumPy {@code .npy} files, collectively over the active process group (APG): every
 * APG member calls {@code write}/{@code read} with the same arguments, as with Adlib's collectives.
 *
 * <p>The file holds the array's global shape and its elements in C order (last index fastest), little-endian, in
 * NumPy's version 1.0 format; {@code numpy.load} reads it. Any rank (0..), any distribution (block, cyclic,
 * block-cyclic, ghost regions, irregular, sequential dimensions, subranges and sections, arrays on a subgroup or
 * replicated over grid dimensions) and any primitive element type. Ghost cells are not written, each replicated
 * element is written once, and an array can be read into any other distribution of the same shape.
 *
 * <p>How: the array is remapped (Adlib's {@code Remap}) into a staging array ({@link Slab}) blocked over the APG along dimension 0,
 * whose block on each process is one contiguous run of the file; each process writes its run with positional
 * {@link FileChannel} writes of up to {@value #CHUNK_BYTES} bytes from a buffer of that size. No process holds more
 * than its block of the array. The file must be on a file system every process sees (any file system for the
 * {@code mt} backend; a shared one on a cluster).
 *
 * <p>Errors (a file that is missing, not a .npy file, of another shape or element type, truncated; an array of
 * {@code Object} elements) throw an {@link ArrayIOException} with the same message on every APG member; a failed
 * {@code read} leaves the array unchanged.
 */
public final class ArrayIO {
    /** Largest single positional read or write, and the size of each process's transfer buffer. */
    static final int CHUNK_BYTES = 1 << 20;

    private ArrayIO() {}

    /** {@link #write(Path, Multiarray)} to the file named {@code path}. */
    public static void write(String path, Multiarray a) { write(Path.of(path), a); }

    /**
     * Writes {@code a} to the .npy file {@code path} (created or replaced), collectively over the APG.
     *
     * @throws ArrayIOException on every APG member if the array has {@code Object} elements or any member fails
     *         to write
     */
    public static void write(Path path, Multiarray a) {
        Dtype type = typeOf(a);
        Slab slab = Slab.of(a, false);
        new Remap(slab.array, a).execute();   // not cached: the slab is new at every call
        byte[] header = NpyHeader.encode(type, slab.shape);
        String error = null;
        if (isFirstMember()) error = create(path, header);
        Collective.agree(error);
        error = writeRun(path, header.length, slab, type);
        Collective.agree(error);
    }

    /** {@link #read(Path, Multiarray)} from the file named {@code path}. */
    public static void read(String path, Multiarray a) { read(Path.of(path), a); }

    /**
     * Reads the .npy file {@code path} into {@code a}, collectively over the APG. The file's shape must be the
     * array's and its element type the array's (NumPy bool, int8, uint16 for char, int16, int32, int64, float32,
     * float64, in either byte order), in C order.
     *
     * @throws ArrayIOException on every APG member, with {@code a} unchanged, if the file is missing, unreadable, not
     *         a .npy file, of another shape or element type, in Fortran order, or truncated
     */
    public static void read(Path path, Multiarray a) {
        Dtype type = typeOf(a);
        String name = path.toString();
        NpyHeader header = null;
        String error;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            header = NpyHeader.read(ch, name);
            error = mismatch(header, type, a.shape(), ch.size(), name);
        } catch (ArrayIOException e) {
            error = e.getMessage();
        } catch (NoSuchFileException e) {
            error = name + ": no such file";
        } catch (IOException | RuntimeException e) {
            error = name + ": cannot read: " + Collective.describe(e);
        }
        Collective.agree(error);
        Slab slab = Slab.of(a, false);
        error = readRun(path, header.dataOffset(), type.orderOf(header.descr()), slab, type);
        Collective.agree(error);
        new Remap(a, slab.array).execute();
    }

    /** Why the file described by {@code h} cannot be read into an array of {@code type} and {@code shape}, or null. */
    private static String mismatch(NpyHeader h, Dtype type, int[] shape, long fileSize, String name) {
        if (type.orderOf(h.descr()) == null)
            return name + ": holds elements of NumPy type '" + h.descr() + "'; the array's " + type.javaName
                    + " elements are NumPy " + type.numpyName() + " ('" + type.descr() + "')";
        long[] want = new long[shape.length];
        for (int r = 0; r < shape.length; r++) want[r] = shape[r];
        if (!java.util.Arrays.equals(h.shape(), want))
            return name + ": holds an array of shape " + NpyHeader.shapeText(h.shape()) + "; the array has shape "
                    + NpyHeader.shapeText(want);
        if (h.fortranOrder() && shape.length > 1)
            return name + ": holds an array in Fortran order; save it in C order (numpy.ascontiguousarray)";
        long expected = h.elementCount() * type.bytes, present = fileSize - h.dataOffset();
        if (present < expected) return name + ": truncated: " + expected + " data bytes expected, " + Math.max(0, present) + " present";
        if (present > expected) return name + ": " + (present - expected) + " bytes after the " + expected + " data bytes of the array";
        return null;
    }

    /** Creates (or truncates) the file and writes the header; the error message or null. */
    private static String create(Path path, byte[] header) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer b = ByteBuffer.wrap(header);
            while (b.hasRemaining()) ch.write(b, b.position());
            return null;
        } catch (IOException | RuntimeException e) {
            return path + ": cannot write: " + Collective.describe(e);
        }
    }

    /** Writes this process's run of the slab at its offset; the error message or null. */
    private static String writeRun(Path path, long dataOffset, Slab slab, Dtype type) {
        if (!slab.writes) return null;
        Object dat = slab.array.storage();
        int perChunk = CHUNK_BYTES / type.bytes;
        ByteBuffer buf = ByteBuffer.allocate((int) Math.min((long) slab.count * type.bytes, CHUNK_BYTES)).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
            long pos = dataOffset + slab.firstElement * type.bytes;
            for (int done = 0; done < slab.count; ) {
                int n = Math.min(perChunk, slab.count - done);
                buf.clear();
                Codec.encode(dat, done, n, buf);
                buf.flip();
                while (buf.hasRemaining()) pos += ch.write(buf, pos);
                done += n;
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return path + ": cannot write: " + Collective.describe(e);
        }
    }

    /** Reads this process's run of the file into the slab; the error message or null. */
    private static String readRun(Path path, long dataOffset, ByteOrder order, Slab slab, Dtype type) {
        if (slab.count == 0) return null;
        Object dat = slab.array.storage();
        int perChunk = CHUNK_BYTES / type.bytes;
        ByteBuffer buf = ByteBuffer.allocate((int) Math.min((long) slab.count * type.bytes, CHUNK_BYTES)).order(order);
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long pos = dataOffset + slab.firstElement * type.bytes;
            for (int done = 0; done < slab.count; ) {
                int n = Math.min(perChunk, slab.count - done);
                buf.clear().limit(n * type.bytes);
                NpyHeader.readFully(ch, buf, pos);
                if (buf.hasRemaining()) return path + ": truncated while reading";
                pos += (long) n * type.bytes;
                buf.flip();
                Codec.decode(buf, dat, done, n);
                done += n;
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return path + ": cannot read: " + Collective.describe(e);
        }
    }

    /**
     * Writes a 2-D or 3-D {@code double} or {@code float} field as VTK image data ({@code .vti}, for ParaView and
     * VisIt) with unit spacing at the origin, collectively over the APG; the point-data array is called {@code name}.
     * Array dimension 0 is VTK's x axis, 1 its y and 2 its z.
     */
    public static void writeVti(String path, String name, Multiarray a) { VtkImage.write(Path.of(path), name, a, null, null); }

    /** {@link #writeVti(String, String, Multiarray)} with the grid's origin and spacing (up to 3 values each). */
    public static void writeVti(String path, String name, Multiarray a, double[] origin, double[] spacing) {
        VtkImage.write(Path.of(path), name, a, origin, spacing);
    }

    static Dtype typeOf(Multiarray a) {
        if (a == null) throw new ArrayIOException("the array is null");
        Dtype t = Dtype.ofJava(a.elementType());
        if (t == null) throw new ArrayIOException(Slab.unsupported(a.elementType()));
        return t;
    }

    /** Whether the calling process is member 0 of the APG (the one that creates files). */
    static boolean isFirstMember() {
        ProcessContext c = ProcessContext.current();
        return c.apg().member(0) == c.id();
    }
}
