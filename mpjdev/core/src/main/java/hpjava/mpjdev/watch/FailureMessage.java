package hpjava.mpjdev.watch;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * The watch socket's failure message: a failing rank's report, sent by {@link RankReporter#deliverFailure} to the
 * launcher's {@link JobWatch}, which prints it and answers with one {@link #ACK} byte. Format: the header line
 * {@code !failure<TAB>rank<TAB>length} ({@code length} in UTF-16 chars), then exactly {@code length} chars of report.
 * The {@code !} keeps it apart from the activity lines, which start with the rank number.
 */
final class FailureMessage {
    static final String HEADER = "!failure\t";
    static final byte ACK = 'A';
    /** Longest report accepted (chars): a deep stack trace fits many times over; a longer one is cut by the rank. */
    static final int MAX_CHARS = 1 << 20;

    private FailureMessage() {}

    /** The message for {@code report} of rank {@code rank}, the report cut to {@link #MAX_CHARS}. */
    static String encode(int rank, String report) {
        String text = report.length() <= MAX_CHARS ? report
                : report.substring(0, MAX_CHARS - 40) + "\n... (report cut at " + MAX_CHARS + " chars)\n";
        return HEADER + rank + "\t" + text.length() + "\n" + text;
    }

    static boolean isHeader(String line) {
        return line.startsWith(HEADER);
    }

    /**
     * Reads the report announced by {@code header} from {@code in}; null when the header is malformed or the stream
     * ends first (not a reporter of this job, or a rank killed while sending).
     */
    static String readReport(String header, BufferedReader in) throws IOException {
        String[] f = header.split("\t", -1);
        int length;
        try {
            length = f.length == 3 ? Integer.parseInt(f[2]) : -1;
        } catch (NumberFormatException e) {
            return null;
        }
        if (length < 0 || length > MAX_CHARS) return null;
        char[] text = new char[length];
        for (int n = 0; n < length; ) {
            int k = in.read(text, n, length - n);
            if (k < 0) return null;
            n += k;
        }
        return new String(text);
    }
}
