package hpjava.mpjdev.conformance;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The driver's parseable output format. One line per event, printed with a single {@code println} so that lines
 * of different ranks never mix:
 *
 * <pre>
 * &#64;&#64;conformance rank=R np=N case=NAME status=START
 * &#64;&#64;conformance rank=R np=N case=NAME status=PASS micros=T
 * &#64;&#64;conformance rank=R np=N case=NAME status=FAIL micros=T msg=ExceptionClass: message
 * </pre>
 *
 * The line may carry a prefix (a launcher's rank prefix such as {@code [3] }); the parser looks for the marker
 * anywhere in the line. In {@code msg} a backslash is written {@code \\}, a line break {@code \n}, so that the
 * message stays on one line; a FAIL line is followed by the stack trace, each line starting with
 * {@code @@conformance-trace rank=R }.
 */
public final class ResultLine {
    /** Marker that starts every result line. */
    public static final String MARKER = "@@conformance ";
    /** Marker that starts every stack-trace line following a FAIL line. */
    public static final String TRACE_MARKER = "@@conformance-trace ";

    private static final Pattern LINE = Pattern.compile(
            "@@conformance rank=(\\d+) np=(\\d+) case=(\\S+) status=(START|PASS|FAIL)(?: micros=(\\d+))?(?: msg=(.*))?$");

    private ResultLine() {}

    /** Formats a result as one line (without line terminator). */
    public static String format(CaseResult r) {
        StringBuilder sb = new StringBuilder(96).append(MARKER)
                .append("rank=").append(r.rank()).append(" np=").append(r.np())
                .append(" case=").append(r.caseName()).append(" status=").append(r.status());
        if (r.status() != CaseResult.Status.START) sb.append(" micros=").append(r.micros());
        if (r.status() == CaseResult.Status.FAIL) sb.append(" msg=").append(escape(r.message()));
        return sb.toString();
    }

    /** Parses a line of output; empty when the line is not a result line. */
    public static Optional<CaseResult> parse(String line) {
        int at = line.indexOf(MARKER);
        if (at < 0) return Optional.empty();
        Matcher m = LINE.matcher(line.substring(at));
        if (!m.matches()) return Optional.empty();
        return Optional.of(new CaseResult(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3),
                CaseResult.Status.valueOf(m.group(4)), m.group(5) == null ? 0 : Long.parseLong(m.group(5)),
                m.group(6) == null ? "" : unescape(m.group(6))));
    }

    static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n");
    }

    static String unescape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                sb.append(n == 'n' ? '\n' : n);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
