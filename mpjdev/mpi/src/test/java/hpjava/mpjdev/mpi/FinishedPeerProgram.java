package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;

/**
 * Rank 0 finishes at once; every other rank then waits for a message from rank 0 that never comes: with
 * {@code any} as argument by a wildcard receive, else by a receive from rank 0. The job must end, not hang.
 */
public final class FinishedPeerProgram {
    private FinishedPeerProgram() {}

    public static void main(String[] args) {
        Comm world = Comm.world();
        if (world.id() == 0) return;
        boolean any = args.length > 0 && args[0].equals("any");
        try (Buffer b = BufferPool.shared().acquire(64)) {
            world.recv(b, any ? Comm.ANY_SOURCE : 0, 1);
        }
        throw new AssertionError("rank " + world.id() + " received a message nobody sent");
    }
}
