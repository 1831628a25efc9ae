package hpjava.mpjdev.watch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The watch link's failure message: a failing rank's report, sent by {@link RankReporter#deliverFailure} to the
 * launcher's {@link JobWatch}, which prints it and answers with one {@link #ACK} byte. Format: the header line
 * {@code !failure<TAB>rank<TAB>length} ({@code length} in bytes), then exactly {@code length} bytes of UTF-8 report.
 * The {@code !} keeps it apart from the activity lines, which start with the rank number. Before printing it the
 * launcher has the other ranks' output drained ({@link #DRAIN}, {@link #DRAINED}).
 */
final class FailureMessage {
    static final String HEADER = "!failure\t";
    static final byte ACK = 'A';
    /**
     * The launcher's request to every other rank when a failure report arrives, before it prints and acknowledges the
     * report: send what you have printed so far, then answer {@link #DRAINED} (the abort that follows the
     * acknowledgement kills the ranks, MPICH's with SIGKILL, and would take output still in a rank's pump with it).
     */
    static final byte DRAIN = 'D';
    /** A rank's answer to {@link #DRAIN}, a line of its own after the output it sent. */
    static final String DRAINED = "!drained";
    /** How long the launcher waits for the other ranks' {@link #DRAINED} (normally a millisecond). */
    static final long DRAIN_WAIT_MS = 5_000;
    /** Longest report accepted (chars): a deep stack trace fits many times over; a longer one is cut by the rank. */
    static final int MAX_CHARS = 1 << 20;
    /** Longest report accepted, in bytes (each char at most 3 UTF-8 bytes; surrogate pairs take 4 for 2). */
    static final int MAX_BYTES = 3 * MAX_CHARS;

    private FailureMessage() {}

    /** The message for {@code report} of rank {@code rank}, the report cut to {@link #MAX_CHARS}. */
    static byte[] encode(int rank, String report) {
        String text = report.length() <= MAX_CHARS ? report
                : report.substring(0, MAX_CHARS - 40) + "\n... (report cut at " + MAX_CHARS + " chars)\n";
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        byte[] header = (HEADER + rank + "\t" + body.length + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] m = new byte[header.length + body.length];
        System.arraycopy(header, 0, m, 0, header.length);
        System.arraycopy(body, 0, m, header.length, body.length);
        return m;
    }

    static boolean isHeader(String line) {
        return line.startsWith(HEADER);
    }

    /** A failure report as read: the rank its header names (-1 if that field is not a number) and its text. */
    record Report(int rank, String text) {}

    /**
     * Reads the report announced by {@code header} from {@code in}; null when the header is malformed or the stream
     * ends first (not a reporter of this job, or a rank killed while sending).
     */
    static Report readReport(String header, LinkReader in) throws IOException {
        String[] f = header.split("\t", -1);
        int length;
        try {
            length = f.length == 3 ? Integer.parseInt(f[2]) : -1;
        } catch (NumberFormatException e) {
            return null;
        }
        if (length < 0 || length > MAX_BYTES) return null;
        byte[] text = new byte[length];
        return in.readFully(text, length) ? new Report(number(f[1]), new String(text, StandardCharsets.UTF_8)) : null;
    }

    /** {@code field} as a number, or -1. */
    private static int number(String field) {
        try {
            return Integer.parseInt(field);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
