package hpjava.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.lsp4j.Position;
import org.junit.jupiter.api.Test;

class TextPositionsTest {
    @Test
    void offsetsAndPositionsRoundTripAndClamp() {
        TextPositions t = new TextPositions("ab\n\tc\r\nd");
        assertEquals(new Position(0, 0), t.position(0));
        assertEquals(new Position(1, 1), t.position(4));      // 'c' after a tab: one unit, as hpjavac's columns
        assertEquals(new Position(2, 0), t.position(7));
        assertEquals(4, t.offset(new Position(1, 1)));
        assertEquals(4, t.offset(2, 2));                         // 1-based line 2, column 2
        assertEquals(2, t.offset(new Position(0, 99)));        // clamped to the end of its line
        assertEquals(7, t.offset(new Position(99, 0)));        // clamped to the last line
        assertEquals(new Position(2, 1), t.position(1000));
    }
}
