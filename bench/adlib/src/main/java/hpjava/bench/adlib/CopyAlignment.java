package hpjava.bench.adlib;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Locale;

/**
 * How the three copies of an mt halo message depend on where the data sits in native memory: for each
 * offset of the data modulo 64 bytes (0, 8, ..., 56, the wire format's 8-byte section alignment), the time of one
 * copy of {@code count} floats, median of the samples, all offsets interleaved in every round:
 * <ul>
 * <li>{@code pack}: heap row to native ({@code MemorySegment.copy} of a float run, as {@code Buffer.writeStrided});</li>
 * <li>{@code unpack}: native to the heap ghost row (as {@code readStrided});</li>
 * <li>{@code mt}: native to native, the whole message from offset 0 (as mt's delivery), with the destination
 *     message at {@code dstShift} bytes from a line start.</li>
 * </ul>
 * The heap rows are those of an (n/2+2)×(n+2) float array (writeHalo's local block at np 2, ghost width 1): the first
 * owned row (element n+3) is sent, the ghost row 0 (element 1) received. Large arrays are humongous G1 objects that
 * start at a region boundary, so their line offsets are the same in every JVM: 16 bytes of header, then the data.
 * {@code java -cp ... hpjava.bench.adlib.CopyAlignment [n=2048] [rounds=2001] [reps=20]}.
 */
public final class CopyAlignment {
    private CopyAlignment() {}

    private static final ValueLayout.OfFloat FLOAT_LE = ValueLayout.JAVA_FLOAT.withOrder(ByteOrder.LITTLE_ENDIAN);

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2048;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2001;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        int cols = n + 2;
        float[] heap = new float[(n / 2 + 2) * cols];
        for (int i = 0; i < heap.length; i++) heap[i] = i % 1000;
        int sendRow = cols + 1, ghostRow = 1;
        long bytes = 4L * n;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(bytes + 256, 64), dst = arena.allocate(bytes + 256, 64);
            int offsets = 8;
            double[][][] t = new double[3][offsets][rounds];
            for (int w = 0; w < 3000; w++) sampleAll(heap, sendRow, ghostRow, n, src, dst, bytes, reps, t, 0, offsets);
            for (int r = 0; r < rounds; r++) sampleAll(heap, sendRow, ghostRow, n, src, dst, bytes, reps, t, r, offsets);
            System.out.printf(Locale.ROOT, "copy of %d floats (%d bytes), ns per copy, median of %d rounds of %d copies; "
                    + "heap: send row at array data + %d bytes, ghost row at + %d%n", n, bytes, rounds, reps, 4 * sendRow, 4 * ghostRow);
            System.out.println("| data offset mod 64 | pack (heap -> native) | unpack (native -> heap) | mt (native -> native, src at 0, dst at offset) |");
            System.out.println("|---:|---:|---:|---:|");
            for (int o = 0; o < offsets; o++)
                System.out.printf(Locale.ROOT, "| %d | %.1f | %.1f | %.1f |%n", 8 * o, HaloRank.median(t[0][o]),
                        HaloRank.median(t[1][o]), HaloRank.median(t[2][o]));
        }
    }

    private static void sampleAll(float[] heap, int sendRow, int ghostRow, int n, MemorySegment src, MemorySegment dst,
                                  long bytes, int reps, double[][][] t, int r, int offsets) {
        for (int j = 0; j < offsets; j++) {
            int o = (j + r) % offsets;
            long at = 8L * o;
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) MemorySegment.copy(heap, sendRow, dst, FLOAT_LE, at, n);
            long t1 = System.nanoTime();
            for (int i = 0; i < reps; i++) MemorySegment.copy(dst, FLOAT_LE, at, heap, ghostRow, n);
            long t2 = System.nanoTime();
            for (int i = 0; i < reps; i++) MemorySegment.copy(src, 0, dst, at, bytes + 32);
            long t3 = System.nanoTime();
            t[0][o][r] = (t1 - t0) / (double) reps;
            t[1][o][r] = (t2 - t1) / (double) reps;
            t[2][o][r] = (t3 - t2) / (double) reps;
        }
    }
}
