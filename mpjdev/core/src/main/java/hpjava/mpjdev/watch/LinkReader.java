package hpjava.mpjdev.watch;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The launcher's reader of one watch link after the hello: header and activity lines (UTF-8, LF-terminated, at most
 * {@link #MAX_LINE_BYTES}), and the byte bodies that {@link FailureMessage} and {@link OutputMessage} headers
 * announce. Not thread-safe: one reader per link.
 */
final class LinkReader {
    /** Longest line accepted: an activity line names an operation and a source position. */
    static final int MAX_LINE_BYTES = 16 * 1024;

    private final InputStream in;
    private byte[] line = new byte[256];

    LinkReader(InputStream in) {
        this.in = new BufferedInputStream(in, 16 * 1024);
    }

    /** The next line without its LF; null at the end of the stream or for a line that is too long (not a rank). */
    String readLine() throws IOException {
        int n = 0;
        while (true) {
            int c = in.read();
            if (c < 0) return null;
            if (c == '\n') return new String(line, 0, n, StandardCharsets.UTF_8);
            if (n == MAX_LINE_BYTES) return null;
            if (n == line.length) line = Arrays.copyOf(line, 2 * n);
            line[n++] = (byte) c;
        }
    }

    /** Reads exactly {@code length} bytes into {@code into}; false if the stream ends first. */
    boolean readFully(byte[] into, int length) throws IOException {
        return in.readNBytes(into, 0, length) == length;
    }
}
