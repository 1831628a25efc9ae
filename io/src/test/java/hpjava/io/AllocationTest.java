package hpjava.io;

import hpjava.adlib.Spmd;

import hpjava.lang.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The writer never gathers the array: on 4 mt ranks, the bytes each rank's thread allocates while writing a
 * 1024 x 1024 double array (8 MiB) stay well below the array's size (a gather would allocate all of it on one rank).
 * Platform threads: the JVM counts allocation per platform thread only.
 */
class AllocationTest {
    @TempDir Path dir;

    @Test
    void noRankAllocatesTheWholeArray() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long total = 1024L * 1024 * 8;
        long[] used = new long[4];
        Spmd.run(4, Duration.ofMinutes(2), java.util.Map.of("threads", "platform"), (rank, np) -> {
            Procs2 p = new Procs2();
            DoubleMultiarray a = new DoubleMultiarray(p, new ExtBlockRange(1024, p.dim(0), 1), new BlockRange(1024, p.dim(1)));
            ArrayIO.write(dir.resolve("warm.npy"), new DoubleMultiarray(p, new BlockRange(8, p.dim(0)), new BlockRange(8, p.dim(1))));
            long id = Thread.currentThread().threadId();
            long before = mx.getThreadAllocatedBytes(id);
            ArrayIO.write(dir.resolve("big.npy"), a);
            used[rank] = mx.getThreadAllocatedBytes(id) - before;
        });
        System.out.println("AllocationTest: bytes allocated per rank writing an 8 MiB array: " + java.util.Arrays.toString(used));
        for (int r = 0; r < 4; r++) {
            assertTrue(used[r] > 0, "no allocation measured on rank " + r + " (thread allocation accounting unavailable?)");
            assertTrue(used[r] < total / 2, "rank " + r + " allocated " + used[r] + " bytes writing a " + total + "-byte array");
        }
    }
}
