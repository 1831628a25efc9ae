package hpjava.compiler.diag;

/** Prints a diagnostic the usual compiler way: header, the source line, a caret under the column. */
public final class DiagnosticFormatter {
    private DiagnosticFormatter() {
    }

    public static String format(Diagnostic d, CharSequence text) {
        StringBuilder sb = new StringBuilder(d.header()).append('\n');
        String line = line(text, d.line());
        if (line != null) {
            sb.append(line).append('\n');
            int col = Math.max(1, Math.min(d.column(), line.length() + 1));
            for (int i = 0; i < col - 1; i++) sb.append(line.charAt(i) == '\t' ? '\t' : ' ');
            sb.append('^').append('\n');
        }
        return sb.toString();
    }

    /** Line {@code n} (1-based) of {@code text}, without its terminator, or null. */
    static String line(CharSequence text, int n) {
        if (text == null || n < 1) return null;
        int start = 0, cur = 1;
        while (cur < n) {
            int nl = indexOf(text, '\n', start);
            if (nl < 0) return null;
            start = nl + 1;
            cur++;
        }
        int end = indexOf(text, '\n', start);
        if (end < 0) end = text.length();
        if (end > start && text.charAt(end - 1) == '\r') end--;
        return text.subSequence(start, end).toString();
    }

    private static int indexOf(CharSequence s, char c, int from) {
        for (int i = from; i < s.length(); i++) if (s.charAt(i) == c) return i;
        return -1;
    }
}
