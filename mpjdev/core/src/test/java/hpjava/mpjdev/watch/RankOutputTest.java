package hpjava.mpjdev.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The launcher's line-atomic printing of the ranks' output ({@link RankOutput}), fed directly. */
@Timeout(30)
class RankOutputTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();

    private RankOutput output(boolean prefix) {
        return new RankOutput(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                prefix);
    }

    private static void write(RankOutput.Sink s, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        s.write(b, 0, b.length);
    }

    @Test
    void fourRanksWritingLinesInRandomPiecesAtOnceGiveWholeLinesInOrder() throws Exception {
        RankOutput o = output(true);
        List<Thread> writers = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            int rank = r;
            RankOutput.Sink s = o.sink(rank, false);
            writers.add(Thread.ofPlatform().start(() -> {
                Random random = new Random(rank);
                for (int i = 0; i < 200; i++) {
                    byte[] line = ("line " + rank + " " + i + " " + "x".repeat(random.nextInt(3000)) + "\n").getBytes(StandardCharsets.UTF_8);
                    for (int off = 0; off < line.length; ) {
                        int n = Math.min(line.length - off, 1 + random.nextInt(200));
                        s.write(line, off, n);
                        off += n;
                    }
                }
                s.end();
            }));
        }
        for (Thread t : writers) t.join();
        o.close();
        int[] next = new int[4];
        for (String l : out.toString(StandardCharsets.UTF_8).split("\n")) {
            assertTrue(l.matches("\\[(\\d)\\] line \\1 \\d+ x*"), "not a whole line: " + l);
            int r = l.charAt(1) - '0';
            assertEquals(next[r]++, Integer.parseInt(l.split(" ")[3]), l);
        }
        for (int r = 0; r < 4; r++) assertEquals(200, next[r]);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aPartialLineWaitsForItsNewlineThenForThePauseAndAnotherRanksLineEndsIt() throws Exception {
        RankOutput o = output(false);
        RankOutput.Sink a = o.sink(0, false), b = o.sink(1, false);
        write(a, "Enter n: ");
        assertEquals("", out.toString(StandardCharsets.UTF_8), "held until the pause");
        Thread.sleep(RankOutput.PARTIAL_LINE_MS * 3);
        assertEquals("Enter n: ", out.toString(StandardCharsets.UTF_8), "a prompt appears after the pause");
        write(b, "other\n");
        write(a, "42\n");
        o.close();
        assertEquals("Enter n: \nother\n42\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void outputAndErrorStayApartAndTheLastPartialLineIsPrintedAtTheEnd() {
        RankOutput o = output(true);
        RankOutput.Sink so = o.sink(2, false), se = o.sink(2, true);
        write(so, "one\ntw");
        write(se, "oops\nlast words");
        so.end();
        se.end();
        assertEquals("[2] one\n[2] tw\n", out.toString(StandardCharsets.UTF_8));
        assertEquals("[2] oops\n[2] last words\n", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void withoutPrefixTheBytesPassUnchanged() {
        RankOutput o = output(false);
        RankOutput.Sink s = o.sink(0, false);
        write(s, "a\u00e9b\nno newline");
        s.end();
        assertEquals("a\u00e9b\nno newline", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aReportPrintedWholeEndsAnOpenLineFirst() {
        RankOutput o = output(false);
        RankOutput.Sink s = o.sink(1, true);
        write(s, "half");
        s.flush();
        o.printWhole(true, "mpjdev: rank 1 failed\n");
        assertEquals("half\nmpjdev: rank 1 failed\n", err.toString(StandardCharsets.UTF_8));
    }
}
