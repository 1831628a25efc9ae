package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;

/** Rank 1 throws while every other rank blocks in a receive that will never be matched: the job must end, not hang. */
public final class FailingProgram {
    private FailingProgram() {}

    public static void main(String[] args) {
        Comm world = Comm.world();
        if (world.id() == 1) {
            throw new IllegalStateException("deliberate failure in rank 1");
        }
        try (Buffer b = BufferPool.shared().acquire(64)) {
            world.recv(b, Comm.ANY_SOURCE, 77);
        }
        throw new AssertionError("rank " + world.id() + " received a message nobody sent");
    }
}
