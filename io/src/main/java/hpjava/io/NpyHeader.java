package hpjava.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The header of a NumPy {@code .npy} file (NumPy's "format" module, versions 1.0 to 3.0): the magic string
 * {@code \x93NUMPY}, the version, the header length (2 bytes little-endian in 1.0, 4 bytes in 2.0/3.0) and a Python
 * dict literal {@code {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }} padded with spaces and ended by a
 * newline so that the data starts at a multiple of 64 bytes. The data follow: the elements in C order.
 */
record NpyHeader(String descr, boolean fortranOrder, long[] shape, long dataOffset) {
    static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final int ALIGN = 64;
    private static final int LARGEST_HEADER = 1 << 20;
    private static final Pattern DESCR = Pattern.compile("['\"]descr['\"]\\s*:\\s*['\"]([^'\"]*)['\"]");
    private static final Pattern FORTRAN = Pattern.compile("['\"]fortran_order['\"]\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("['\"]shape['\"]\\s*:\\s*\\(([^)]*)\\)");

    /** A version 1.0 header of a C-order array of {@code type} and {@code shape}, little-endian. */
    static byte[] encode(Dtype type, int[] shape) {
        StringBuilder s = new StringBuilder("(");
        for (int r = 0; r < shape.length; r++) s.append(r > 0 ? ", " : "").append(shape[r]);
        if (shape.length == 1) s.append(',');
        s.append(')');
        String dict = "{'descr': '" + type.descr() + "', 'fortran_order': False, 'shape': " + s + ", }";
        int unpadded = MAGIC.length + 2 + 2 + dict.length() + 1;
        int total = (unpadded + ALIGN - 1) / ALIGN * ALIGN;
        String text = dict + " ".repeat(total - unpadded) + "\n";
        if (text.length() > 0xffff) throw new ArrayIOException("an array of rank " + shape.length + " has too long a .npy header");
        ByteBuffer b = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).put((byte) 1).put((byte) 0).putShort((short) text.length());
        b.put(text.getBytes(StandardCharsets.US_ASCII));
        return b.array();
    }

    /**
     * Reads and parses the header at the start of {@code ch}.
     *
     * @throws ArrayIOException naming {@code path} if the file is not a .npy file or its header is malformed
     */
    static NpyHeader read(FileChannel ch, String path) throws IOException {
        ByteBuffer pre = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, pre, 0);
        pre.flip();
        byte[] magic = new byte[MAGIC.length];
        if (pre.remaining() >= MAGIC.length) pre.get(magic);
        if (!Arrays.equals(magic, MAGIC)) throw new ArrayIOException(path + ": not a NumPy .npy file (it does not start with \\x93NUMPY)");
        if (pre.remaining() < 4) throw new ArrayIOException(path + ": truncated .npy header");
        int major = pre.get() & 0xff, minor = pre.get() & 0xff;
        long length;
        int start;
        if (major == 1) {
            length = pre.getShort() & 0xffff;
            start = 10;
        } else if (major == 2 || major == 3) {
            if (pre.remaining() < 4) throw new ArrayIOException(path + ": truncated .npy header");
            length = pre.getInt() & 0xffffffffL;
            start = 12;
        } else {
            throw new ArrayIOException(path + ": .npy format version " + major + "." + minor + " is not supported (1.0 to 3.0 are)");
        }
        if (length > LARGEST_HEADER) throw new ArrayIOException(path + ": .npy header of " + length + " bytes is implausibly long");
        ByteBuffer text = ByteBuffer.allocate((int) length);
        readFully(ch, text, start);
        if (text.hasRemaining()) throw new ArrayIOException(path + ": truncated .npy header");
        String dict = new String(text.array(), major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        return parse(dict, start + length, path);
    }

    private static NpyHeader parse(String dict, long dataOffset, String path) {
        Matcher d = DESCR.matcher(dict), f = FORTRAN.matcher(dict), s = SHAPE.matcher(dict);
        if (!d.find() || !f.find() || !s.find())
            throw new ArrayIOException(path + ": malformed .npy header (needs 'descr', 'fortran_order' and 'shape'): " + dict.strip());
        String[] parts = s.group(1).split(",");
        long[] shape = new long[parts.length];
        int rank = 0;
        for (String p : parts) {
            String t = p.strip();
            if (t.isEmpty()) continue;
            try {
                shape[rank] = Long.parseLong(t.endsWith("L") ? t.substring(0, t.length() - 1) : t);
            } catch (NumberFormatException e) {
                throw new ArrayIOException(path + ": malformed shape in .npy header: (" + s.group(1) + ")");
            }
            if (shape[rank++] < 0) throw new ArrayIOException(path + ": negative extent in .npy shape (" + s.group(1) + ")");
        }
        return new NpyHeader(d.group(1), f.group(1).equals("True"), Arrays.copyOf(shape, rank), dataOffset);
    }

    /** Number of elements the shape describes. */
    long elementCount() {
        long n = 1;
        for (long e : shape) n *= e;
        return n;
    }

    /** The shape as NumPy prints it: {@code (3, 4)}, {@code (5,)}, {@code ()}. */
    static String shapeText(long[] shape) {
        StringBuilder b = new StringBuilder("(");
        for (int r = 0; r < shape.length; r++) b.append(r > 0 ? ", " : "").append(shape[r]);
        return b.append(shape.length == 1 ? ",)" : ")").toString();
    }

    /** Reads from {@code position} until {@code b} is full or the file ends. */
    static void readFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
        while (b.hasRemaining()) {
            int n = ch.read(b, position);
            if (n < 0) return;
            position += n;
        }
    }
}
