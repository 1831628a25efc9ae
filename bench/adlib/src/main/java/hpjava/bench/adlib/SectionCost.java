package hpjava.bench.adlib;

import hpjava.mpjdev.Buffer;

import java.lang.foreign.MemorySegment;
import java.util.Locale;

/**
 * The Buffer-level cost of carrying Adlib's check words in a halo message, in one thread (no device): per message,
 * pack a 2048-float row with {@code writeStrided}, copy the message into a receive buffer as mt delivers it
 * ({@code prepareReceive}, one {@code MemorySegment.copy}, {@code completeReceive}: validation), check the words and
 * unpack into the ghost row. Variants, interleaved in every round (order rotated): {@code plain} (no words),
 * {@code front} (a 2-long first section written with {@code write(long[])}, read with {@code read(long[])} and
 * compared: main's layout), {@code trailer} (the same section last, its words read in place at the message's end:
 * the layout tried and measured slower in branch checkcost4), and {@code plain2} (plain again with its own buffers: the method's floor). Every variant's send and
 * receive buffers start at the same offset modulo 64 bytes ({@code line}: 0, 16, 32 or 48), so the variants differ
 * only in the words and in where the data sits: at {@code line + 32} (plain, trailer) or {@code line + 64} (front)
 * modulo 64. Prints ns per message (median of the rounds) and each variant's median per-round difference to plain.
 * {@code java -cp ... hpjava.bench.adlib.SectionCost [n=2048] [rounds=2001] [reps=50] [line=0]}.
 */
public final class SectionCost {
    private SectionCost() {}

    private static final java.lang.foreign.ValueLayout.OfLong WORD = java.lang.foreign.ValueLayout.JAVA_LONG.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final String[] VARIANTS = {"plain", "front", "trailer", "plain2"};

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2048;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2001;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 50;
        int line = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        int cols = n + 2;
        float[] dat = new float[(n / 2 + 2) * cols];
        for (int i = 0; i < dat.length; i++) dat[i] = i % 1000;
        int[] counts = {1, n}, strides = {cols, 1};
        long bytes = Buffer.HEADER_BYTES + 2L * Buffer.SECTION_HEADER_BYTES + 16 + 4L * n + 8;
        int nv = VARIANTS.length;
        Buffer[] send = new Buffer[nv], recv = new Buffer[nv];
        java.util.List<Buffer> spare = new java.util.ArrayList<>();
        for (int v = 0; v < nv; v++) {
            send[v] = atLineOffset(bytes, line, spare);
            recv[v] = atLineOffset(bytes, line, spare);
        }
        for (Buffer b : spare) b.release();
        long[] out = {0x1234_5678_9ABC_DEF0L, 7}, in = new long[2];
        double[][] t = new double[nv][rounds];
        for (int w = 0; w < 4000; w++)
            for (int v = 0; v < nv; v++) message(v, send[v], recv[v], dat, cols + 1, 1, counts, strides, out, in);
        for (int r = 0; r < rounds; r++) {
            for (int j = 0; j < nv; j++) {
                int v = (r + j) % nv;
                long t0 = System.nanoTime();
                for (int i = 0; i < reps; i++) message(v, send[v], recv[v], dat, cols + 1, 1, counts, strides, out, in);
                t[v][r] = (System.nanoTime() - t0) / (double) reps;
            }
        }
        for (int v = 0; v < nv; v++) {
            double[] d = new double[rounds];
            for (int r = 0; r < rounds; r++) d[r] = t[v][r] - t[0][r];
            System.out.printf(Locale.ROOT, "section-cost line %d: %-7s data at %d mod 64: %.1f ns per message, %+.1f ns against plain (median of %d rounds of %d)%n",
                    line, VARIANTS[v], (line + (v == 1 ? 64 : 32)) % 64, HaloRank.median(t[v]), HaloRank.median(d), rounds, reps);
        }
    }

    /** A buffer whose memory starts at {@code line} modulo 64; the misses go to {@code spare} (released after). */
    private static Buffer atLineOffset(long bytes, int line, java.util.List<Buffer> spare) {
        for (int k = 0; k < 10_000; k++) {
            Buffer b = Buffer.allocate(bytes);
            if (b.segment().address() % 64 == line) return b;
            spare.add(b);
        }
        throw new IllegalStateException("no buffer at " + line + " modulo 64 in 10000 allocations");
    }

    private static void message(int variant, Buffer s, Buffer r, float[] dat, int sendBase, int recvBase, int[] counts,
                                int[] strides, long[] out, long[] in) {
        s.clear();
        if (variant == 1) s.write(out, 0, 2);
        s.writeStrided(dat, sendBase, counts, strides);
        if (variant == 2) s.write(out, 0, 2);
        long len = s.length();
        r.prepareReceive(len);
        MemorySegment.copy(s.segment(), 0, r.segment(), 0, len);
        r.completeReceive(0, 0);
        if (variant == 1 && (r.read(in, 0) != 2 || in[0] != out[0] || in[1] != out[1])) throw new IllegalStateException("words");
        if (variant == 2 && (r.segment().get(WORD, len - 16) != out[0] || r.segment().get(WORD, len - 8) != out[1]))
            throw new IllegalStateException("words");
        r.readStrided(dat, recvBase, counts, strides);
    }
}
