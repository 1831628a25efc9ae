package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import java.util.ArrayList;
import java.util.List;

/**
 * A burst of output from every rank ({@link LauncherOutputTest}): rank 0 prints {@code FIRST} lines without pause
 * while every other rank waits for it in a receive (blocked in the device: a rank 0 whose state reports were held up
 * behind its output would look blocked too, a false deadlock); then rank 0 sends each of them a message and they
 * print {@code OTHERS} lines each, all at once. A line is {@code burst R S} and padding to 79 characters; {@link #check}
 * says what is missing, whole or in order, per rank.
 */
public final class OutputBurstProgram {
    private OutputBurstProgram() {}

    public static void main(String[] args) {
        int first = Integer.parseInt(args[0]), others = Integer.parseInt(args[1]);
        Comm world = Comm.world();
        int rank = world.id();
        Buffer b = Buffer.allocate(64);
        if (rank == 0) {
            print(0, first);
            for (int r = 1; r < world.size(); r++) world.send(b.clear(), r, 5);
        } else {
            world.recv(b, 0, 5);
            print(rank, others);
        }
        b.release();
    }

    private static void print(int rank, int lines) {
        String pad = "x".repeat(80);
        for (int s = 0; s < lines; s++) {
            String head = "burst " + rank + " " + s + " ";
            System.out.println(head + pad.substring(0, 79 - head.length()));
        }
    }

    /** The problems of {@code stdout} as the output of {@code np} ranks printing {@code first} and {@code others} lines. */
    static List<String> check(String stdout, int np, int first, int others) {
        List<String> problems = new ArrayList<>();
        int[] next = new int[np];
        int lineNo = 0;
        for (String line : stdout.split("\n", -1)) {
            lineNo++;
            if (line.isEmpty()) continue;
            String[] f = line.split(" ");
            if (line.length() != 79 || f.length != 4 || !f[0].equals("burst")) {
                problems.add("line " + lineNo + " is not a whole burst line: " + line.substring(0, Math.min(100, line.length())));
                continue;
            }
            int r = Integer.parseInt(f[1]), s = Integer.parseInt(f[2]);
            if (r < 0 || r >= np) problems.add("line " + lineNo + " names rank " + r);
            else if (s != next[r]) problems.add("rank " + r + ": line " + s + " where " + next[r] + " was due (output line " + lineNo + ")");
            if (r >= 0 && r < np) next[r] = s + 1;
        }
        for (int r = 0; r < np; r++) {
            int want = r == 0 ? first : others;
            if (next[r] != want) problems.add("rank " + r + ": last line " + (next[r] - 1) + ", expected " + (want - 1));
        }
        return problems;
    }
}
