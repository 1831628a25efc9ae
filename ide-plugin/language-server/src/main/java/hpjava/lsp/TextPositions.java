package hpjava.lsp;

import java.util.Arrays;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * Converts between character offsets of a document's text and LSP positions (0-based line, UTF-16 code unit in the
 * line). Java strings and ANTLR's char streams index UTF-16 units too, so offsets and LSP characters agree; a tab is
 * one unit, as in hpjavac's columns.
 */
final class TextPositions {
    private final String text;
    private final int[] lineStarts;

    TextPositions(String text) {
        this.text = text;
        int[] starts = new int[16];
        int n = 0;
        starts[n++] = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                if (n == starts.length) starts = Arrays.copyOf(starts, n * 2);
                starts[n++] = i + 1;
            }
        }
        this.lineStarts = Arrays.copyOf(starts, n);
    }

    String text() {
        return text;
    }

    /** The position of an offset (clamped to the text). */
    Position position(int offset) {
        offset = Math.max(0, Math.min(offset, text.length()));
        int line = Arrays.binarySearch(lineStarts, offset);
        if (line < 0) line = -line - 2;
        return new Position(line, offset - lineStarts[line]);
    }

    /** The offset of a position (clamped to its line and to the text). */
    int offset(Position p) {
        int line = Math.max(0, Math.min(p.getLine(), lineStarts.length - 1));
        int lineEnd = line + 1 < lineStarts.length ? lineStarts[line + 1] - 1 : text.length();
        return Math.max(lineStarts[line], Math.min(lineStarts[line] + Math.max(0, p.getCharacter()), lineEnd));
    }

    /** The offset of a 1-based line and column (hpjavac's diagnostics), clamped. */
    int offset(int line1, int column1) {
        return offset(new Position(line1 - 1, column1 - 1));
    }

    Range range(int startOffset, int endOffset) {
        return new Range(position(startOffset), position(Math.max(startOffset, endOffset)));
    }
}
