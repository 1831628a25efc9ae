package hpjava.compiler.lower;

/**
 * Builds the generated Java text: copies source text verbatim, skips source text keeping its line breaks, and
 * appends generated text (which never contains a line break), recording positions in a {@link PositionMap}.
 */
final class Emitter {
    private final String src;
    private final StringBuilder out = new StringBuilder();
    private final PositionMap map = new PositionMap();
    private int pos;

    Emitter(String src) {
        this.src = src;
    }

    /** Copies the source up to {@code end} (exclusive). */
    void copyTo(int end) {
        if (end <= pos) return;
        map.mark(out.length(), pos, true);
        out.append(src, pos, end);
        pos = end;
    }

    /** Skips the source up to {@code end}, emitting only its line breaks (so lines stay aligned). */
    void skipTo(int end) {
        if (end <= pos) return;
        for (int i = pos; i < end; i++) if (src.charAt(i) == '\n') out.append('\n');
        pos = end;
        map.mark(out.length(), pos, false);
    }

    /** Appends generated text standing for the construct at source offset {@code anchor}. */
    void gen(String s, int anchor) {
        map.mark(out.length(), anchor, false);
        out.append(s);
        map.mark(out.length(), pos, false);
    }

    int length() { return out.length(); }

    int pos() { return pos; }

    /** Turns generated regions [a,b) [b,c) into [b,c) sep [a,b). */
    void swap(int a, int b, int c, String sep) {
        String first = out.substring(a, b), second = out.substring(b, c);
        out.replace(a, c, second + sep + first);
        map.swap(a, b, c, sep.length());
    }

    /** Appends text after the last source line (e.g. support classes); mapped to the end of the source. */
    void appendTrailer(String s) {
        map.mark(out.length(), Math.max(0, src.length() - 1), false);
        out.append(s);
    }

    String text() { return out.toString(); }

    PositionMap map() { return map; }
}
