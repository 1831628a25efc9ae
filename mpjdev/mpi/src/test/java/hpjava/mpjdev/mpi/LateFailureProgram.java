package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Rank 1 fails when told: it creates {@code DIR/ready}, waits (at most a minute) until {@code DIR/go} exists, then
 * throws; every other rank blocks in a receive that is never matched. Lets a test hold the MPI launcher's output
 * forwarding still while the rank reports and aborts.
 */
public final class LateFailureProgram {
    private LateFailureProgram() {}

    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        if (world.id() == 1) {
            Path dir = Path.of(args[0]);
            Files.writeString(dir.resolve("ready"), "");
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!Files.exists(dir.resolve("go")) && System.nanoTime() < deadline) Thread.sleep(10);
            throw new IllegalStateException("deliberate late failure in rank 1");
        }
        try (Buffer b = BufferPool.shared().acquire(64)) {
            world.recv(b, Comm.ANY_SOURCE, 77);
        }
        throw new AssertionError("rank " + world.id() + " received a message nobody sent");
    }
}
