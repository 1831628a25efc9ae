package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;

/**
 * Rank 1 calls {@code MPI_Abort} itself (status 3), as a program calling the C library directly would, without any
 * report of its own; every other rank waits in a receive that is never matched. The MPI library's notice of the abort
 * is then the only word about it and must show.
 */
public final class DirectAbortProgram {
    private DirectAbortProgram() {}

    public static void main(String[] args) {
        Comm world = Comm.world();
        if (world.id() == 1) MpiDevice.abortJob(3);
        try (Buffer b = BufferPool.shared().acquire(64)) {
            world.recv(b, Comm.ANY_SOURCE, 77);
        }
        throw new AssertionError("rank " + world.id() + " received a message nobody sent");
    }
}
