package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;

/**
 * Rank 0 prints {@value #LINE} (on standard output) and only then tells rank 1, by a message, to throw; rank 1's
 * failure aborts the job, which kills rank 0 while it waits in a receive that is never matched. Rank 0's line was
 * printed before the failure (the message orders it so), so it must be in the job's output every time. Ranks other
 * than 0 and 1 (np above 2) wait in the same receive. Argument: how many lines of {@value #FILLER_BYTES} bytes rank 0
 * prints before its line (default none), so that a test reading the job's output slowly finds the line still in rank
 * 0's output pump when rank 1 fails.
 */
public final class LineBeforeAbortProgram {
    /** The line rank 0 prints before it tells rank 1 to fail. */
    static final String LINE = "rank 0 printed this before rank 1 failed";
    static final String FAILURE = "rank 1 fails as rank 0 told it";
    static final int FILLER_BYTES = 100;
    private static final int GO = 11, NEVER = 77;

    private LineBeforeAbortProgram() {}

    public static void main(String[] args) {
        Comm world = Comm.world();
        try (Buffer b = BufferPool.shared().acquire(64)) {
            if (world.id() == 0) {
                int filler = args.length > 0 ? Integer.parseInt(args[0]) : 0;
                String pad = "x".repeat(FILLER_BYTES - 12);
                for (int i = 0; i < filler; i++) System.out.printf("filler %4d %s%n", i % 10_000, pad);
                System.out.println(LINE);
                world.send(b.clear().write(new int[] {1}), 1, GO);
            } else if (world.id() == 1) {
                world.recv(b, 0, GO);
                throw new IllegalStateException(FAILURE);
            }
            world.recv(b, Comm.ANY_SOURCE, NEVER);
        }
        throw new AssertionError("rank " + world.id() + " received a message nobody sent");
    }
}
