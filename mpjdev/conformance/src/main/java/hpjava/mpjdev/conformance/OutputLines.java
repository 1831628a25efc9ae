package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A program whose ranks print long lines at the same time, each line made of many {@code print} calls (as
 * {@code printf} and string-building loops make them) or of one {@code println} longer than the JVM's 8 KiB encoder
 * buffer, to standard output and error; and the check that every line arrived whole ({@link #check}). For the
 * launchers' output draining of the process backends.
 *
 * <p>{@code OutputLines LINES normal}: every rank prints {@code LINES} output lines and every fifth of them also an
 * error line, then {@code tail R} without a newline, and returns. {@code OutputLines LINES abort}: the same, but rank 1
 * prints {@code dying words of rank 1} instead of its tail, without a newline, once the others have printed all,
 * and throws, while the others wait for a message it never sends: the job aborts, and the partial line must not be lost.
 */
public final class OutputLines {
    /** The length of a line of many pieces, and of a line printed at once. */
    static final int PIECES = 60, PIECE_CHARS = 100, LONG_LINE_CHARS = 20_000;
    private static final Pattern TAG = Pattern.compile("^\\[(\\d+)\\] ");
    private static final Pattern LINE = Pattern.compile("(out|err) (\\d+) (\\d+) ([a-z]+) end");

    private OutputLines() {}

    public static void main(String[] args) {
        int lines = Integer.parseInt(args[0]);
        boolean abort = args.length > 1 && args[1].equals("abort");
        Comm world = Comm.world();
        int rank = world.id();
        for (int i = 0; i < lines; i++) {
            if (i % 10 == 9) System.out.println("out " + rank + " " + i + " " + payload(rank, LONG_LINE_CHARS) + " end");
            else printInPieces(System.out, "out", rank, i);
            if (i % 5 == 0) printInPieces(System.err, "err", rank, i);
        }
        if (!abort || rank != 1) {
            System.out.print("tail " + rank);
            System.out.flush();
        }
        if (!abort) return;
        Buffer b = Buffer.allocate(8);
        if (rank == 1) {
            // the others have printed all (the abort would cut them off mid-line, rightly, but then they are not whole)
            for (int r = 0; r < world.size(); r++) if (r != 1) world.recv(b, r, 98);
            System.out.print("dying words of rank 1");
            System.out.flush();
            throw new IllegalStateException("OutputLines: rank 1 fails on purpose");
        }
        world.send(b, 1, 98);
        world.recv(b, 1, 99);   // never sent: ended by the abort
    }

    private static void printInPieces(java.io.PrintStream s, String kind, int rank, int i) {
        s.print(kind + " " + rank + " " + i + " ");
        String piece = payload(rank, PIECE_CHARS);
        for (int p = 0; p < PIECES; p++) s.print(piece);
        s.println(" end");
    }

    private static String payload(int rank, int chars) {
        return String.valueOf((char) ('a' + rank % 26)).repeat(chars);
    }

    /**
     * What is wrong with {@code stdout} and {@code stderr} of an {@code OutputLines LINES normal} job of {@code np}
     * ranks (empty: every line whole, each rank's lines in order on the stream they were printed to, each rank's tail
     * present; with {@code prefixed} every line also carries its rank's {@code [R] }). {@code abort}: the job ran
     * {@code abort}; the launchers' own lines on standard error are then allowed, and rank 1's dying words must be
     * on standard output.
     */
    public static List<String> check(String stdout, String stderr, int np, int lines, boolean prefixed, boolean abort) {
        List<String> problems = new ArrayList<>();
        checkStream("out", stdout, np, lines, prefixed, false, abort ? 1 : -1, problems);
        checkStream("err", stderr, np, lines, prefixed, abort, -1, problems);
        if (abort && !stdout.lines().anyMatch(l -> l.equals((prefixed ? "[1] " : "") + "dying words of rank 1")))
            problems.add("rank 1's last partial line (dying words of rank 1) was lost");
        return problems;
    }

    /** Checks one stream; {@code lenient}: other lines may come between; {@code tailless}: the rank without a tail. */
    private static void checkStream(String kind, String text, int np, int lines, boolean prefixed, boolean lenient,
                                    int tailless, List<String> problems) {
        int[] next = new int[np];
        boolean[] tail = new boolean[np];
        int n = 0;
        for (String l : text.split("\n", -1)) {
            n++;
            if (l.isEmpty() || l.startsWith("WARNING: ")) continue;
            String bare = l, tag = null;
            Matcher tagged = TAG.matcher(l);
            if (tagged.find()) {
                bare = l.substring(tagged.end());
                tag = tagged.group(1);
            } else if (prefixed && !lenient) problems.add(kind + " line " + n + " has no [rank] prefix: " + cut(l));
            if (kind.equals("out") && bare.matches("tail \\d+")) {
                int r = Integer.parseInt(bare.substring(5));
                if (r < np) tail[r] = true;
                continue;
            }
            if (kind.equals("out") && bare.equals("dying words of rank 1")) continue;
            Matcher m = LINE.matcher(bare);
            if (!m.matches() || !m.group(1).equals(kind)) {
                if (!lenient) problems.add(kind + " line " + n + " is not a whole line of one rank: " + cut(l));
                continue;
            }
            int r = Integer.parseInt(m.group(2)), i = Integer.parseInt(m.group(3));
            String payload = m.group(4);
            int expectedChars = kind.equals("out") && i % 10 == 9 ? LONG_LINE_CHARS : PIECES * PIECE_CHARS;
            if (r >= np || payload.length() != expectedChars || !payload.equals(payload(r, expectedChars))) {
                problems.add(kind + " line " + n + " is damaged: " + cut(l));
                continue;
            }
            if (prefixed && tag != null && !tag.equals(m.group(2)))
                problems.add(kind + " line " + n + " carries another rank's prefix: " + cut(l));
            if (i != next[r]) problems.add(kind + " line " + n + ": rank " + r + "'s line " + i + " came where " + next[r]
                    + " was due");
            next[r] = kind.equals("out") ? i + 1 : i + 5;
        }
        for (int r = 0; r < np; r++) {
            int due = kind.equals("out") ? lines : (lines + 4) / 5 * 5;
            if (next[r] != due) problems.add(kind + ": rank " + r + " printed up to line " + next[r] + " of " + due);
            if (kind.equals("out") && !tail[r] && r != tailless) problems.add("out: rank " + r + "'s last partial line (tail " + r + ") was lost");
        }
    }

    private static String cut(String l) {
        return l.length() <= 160 ? l : l.substring(0, 80) + " ... " + l.substring(l.length() - 80) + " (" + l.length() + " chars)";
    }
}
