package hpjava.compiler.lower;

/**
 * Builds the generated Java text: copies source text verbatim, skips source text keeping its line breaks, and
 * appends generated text (which never contains a line break), recording positions in a {@link PositionMap}.
 */
final class Emitter {
    private final String src;
    private final StringBuilder out = new StringBuilder();
    private final PositionMap map = new PositionMap();
    private final boolean[] comment;
    private int pos;
    private boolean flat;

    /** {@code comment[i]}: source character i belongs to a comment. */
    Emitter(String src, boolean[] comment) {
        this.src = src;
        this.comment = comment;
    }

    /**
     * In flat mode, copied source goes on the current line: line breaks become spaces and comments blanks (the
     * caller guarantees no text block is copied). Used for a second, one-line copy of a loop body.
     */
    void flat(boolean on) {
        flat = on;
    }

    /** Moves the source position back to {@code p}, to emit a region a second time. */
    void rewind(int p) {
        pos = p;
    }

    /** Copies the source up to {@code end} (exclusive). */
    void copyTo(int end) {
        if (end <= pos) return;
        map.mark(out.length(), pos, true);
        if (!flat) {
            out.append(src, pos, end);
        } else {
            for (int i = pos; i < end; i++) {
                char c = src.charAt(i);
                out.append(comment[i] || c == '\n' || c == '\r' ? ' ' : c);
            }
        }
        pos = end;
    }

    /** Skips the source up to {@code end}, emitting only its line breaks (so lines stay aligned). */
    void skipTo(int end) {
        if (end <= pos) return;
        if (!flat) for (int i = pos; i < end; i++) if (src.charAt(i) == '\n') out.append('\n');
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
