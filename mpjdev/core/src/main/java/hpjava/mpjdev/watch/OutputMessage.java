package hpjava.mpjdev.watch;

import java.nio.charset.StandardCharsets;

/**
 * The watch link's output message: bytes a rank wrote to its standard output or error, sent as they are written
 * ({@link RankReporter#output}) for the launcher to print a whole line at a time ({@link RankOutput}). Format: the
 * header line {@code !out<TAB>rank<TAB>STREAM<TAB>length} (STREAM {@code 1} output, {@code 2} error; {@code length} in
 * bytes, at most {@link #MAX_BYTES}), then exactly {@code length} bytes.
 */
final class OutputMessage {
    static final String HEADER = "!out\t";
    /** Most bytes in one message; a longer write is sent in several. */
    static final int MAX_BYTES = 64 * 1024;

    private OutputMessage() {}

    /** One parsed header. */
    record Header(int rank, boolean error, int length) {}

    static byte[] header(int rank, boolean error, int length) {
        return (HEADER + rank + "\t" + (error ? 2 : 1) + "\t" + length + "\n").getBytes(StandardCharsets.US_ASCII);
    }

    static boolean isHeader(String line) {
        return line.startsWith(HEADER);
    }

    /** The header in {@code line}, or null when it is malformed or names a rank outside {@code 0 <= rank < np}. */
    static Header parse(String line, int np) {
        String[] f = line.split("\t", -1);
        if (f.length != 4 || !(f[2].equals("1") || f[2].equals("2"))) return null;
        try {
            int rank = Integer.parseInt(f[1]), length = Integer.parseInt(f[3]);
            if (rank < 0 || rank >= np || length < 0 || length > MAX_BYTES) return null;
            return new Header(rank, f[2].equals("2"), length);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
