package hpjava.bench.adlib;

import hpjava.lang.ExtBlockRange;
import hpjava.lang.FloatMultiarray;
import hpjava.lang.Procs;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.Request;

import java.util.Arrays;
import java.util.Locale;

/**
 * Where the checked writeHalo's extra time on mt comes from: the hand-written halo exchange of
 * {@link HandExchange}, in variants that differ only in where a 16-byte check section sits in each message, timed in
 * one JVM per rank in rounds that sample every variant once, the order rotated every round. The figure per variant is
 * the median of the per-round ratios to {@code plain} with a 95 % bootstrap interval ({@link Interleaved}).
 * <ul>
 * <li>{@code plain}: the data section only (unchecked writeHalo's message);</li>
 * <li>{@code front}: the check section (signature, sequence) first, read and compared first (the checked writeHalo's
 *     layout): the data 32 bytes further into the message;</li>
 * <li>{@code pad}: the same 32 bytes first, read but not compared (alignment and bookkeeping, no check);</li>
 * <li>{@code front64}: a 64-byte first section (6 longs), compared: the same bookkeeping as {@code front}, the data
 *     64 bytes further in, so at plain's offset modulo a cache line;</li>
 * <li>{@code trailer}: the check section last, read in place at the message's end before unpacking.</li>
 * </ul>
 * Each variant has {@value #COPIES} exchange objects (their own buffers), used in turn from round to round; rank 0
 * also prints each object's native buffer addresses modulo 64 (the data's line offset in each copy).
 * {@code Launcher --backend mt --np 2 hpjava.bench.adlib.PlacementProbe n rounds calls}.
 */
public final class PlacementProbe {
    private PlacementProbe() {}

    static final String[] VARIANTS = {"plain", "front", "pad", "front64", "trailer"};
    static final int COPIES = 4;

    public static void main(String[] args) {
        RankProgram.main(args, PlacementProbe::run);
    }

    private static void run(int n, int rounds, int calls) {
        Comm world = Comm.world();
        NativeCollectives coll = RankProgram.barrierOf(world);
        Procs p = new Procs(Procs.nearCubicShape(world.size(), 2));
        FloatMultiarray a = new FloatMultiarray(new ExtBlockRange(n, p.dim(0), 1), new ExtBlockRange(n, p.dim(1), 1));
        float[] d = a.dat();
        for (int i = 0; i < d.length; i++) d[i] = i % 1000;
        int nv = VARIANTS.length;
        Exchange[][] ex = new Exchange[nv][COPIES];
        for (int v = 0; v < nv; v++)
            for (int k = 0; k < COPIES; k++) ex[v][k] = new Exchange(world.create(HaloRank.allRanks(world.size())), p, a, v);
        for (int i = 0; i < 4000; i++) for (int v = 0; v < nv; v++) ex[v][i % COPIES].exchange();
        double[][] t = new double[nv][rounds];
        double[][][] perObject = new double[nv][COPIES][(rounds + COPIES - 1) / COPIES];
        for (int r = 0; r < rounds; r++) {
            for (int j = 0; j < nv; j++) {
                int v = (r + j) % nv;
                Exchange e = ex[v][r % COPIES];
                t[v][r] = HaloRank.sample(coll, calls, e::exchange);
                perObject[v][r % COPIES][r / COPIES] = t[v][r];
            }
        }
        if (world.id() != 0) return;
        for (int v = 0; v < nv; v++) {
            double[] q = new double[rounds];
            for (int r = 0; r < rounds; r++) q[r] = t[v][r] / t[0][r];
            double[] ci = Interleaved.bootstrapMedian(q, 4000);
            System.out.printf(Locale.ROOT, "placement %-8s %.3f us, /plain %.4f [%.4f, %.4f]%n", VARIANTS[v],
                    Interleaved.median(t[v]), Interleaved.median(q), ci[0], ci[1]);
        }
        for (int v = 0; v < nv; v++)
            for (int k = 0; k < COPIES; k++)
                System.out.printf(Locale.ROOT, "object %-8s #%d: %.3f us, data at send+%d recv+%d, send addr%%64 %d recv addr%%64 %d%n",
                        VARIANTS[v], k, Interleaved.median(perObject[v][k]), ex[v][k].dataOffset(), ex[v][k].dataOffset(),
                        ex[v][k].sendAddressMod64(), ex[v][k].recvAddressMod64());
    }

    /** One variant's exchange (two phases as {@link HandExchange}), with its own buffers. */
    static final class Exchange {
        private final Comm comm;
        private final float[] dat;
        private final HaloEdges e;
        private final int variant;
        private final Buffer[][] sbuf = new Buffer[2][2], rbuf = new Buffer[2][2];
        private final Request[] reqs = new Request[4];
        private final long[] out, in;

        Exchange(Comm comm, Procs p, FloatMultiarray a, int variant) {
            this.comm = comm;
            this.dat = a.dat();
            this.e = new HaloEdges(p, a, comm.id());
            this.variant = variant;
            int words = variant == 3 ? 6 : 2;
            out = new long[words];
            in = new long[words];
            out[0] = 0x1234_5678_9ABC_DEF0L;
            out[1] = 1;
            for (int dim = 0; dim < 2; dim++)
                for (int side = 0; side < 2; side++) {
                    long bytes = Buffer.HEADER_BYTES + 2L * Buffer.SECTION_HEADER_BYTES + 8L * words + 4L * e.elements(dim) + 8;
                    sbuf[dim][side] = Buffer.allocate(bytes);
                    rbuf[dim][side] = Buffer.allocate(bytes);
                }
        }

        /** Offset of the data section's first element in the message. */
        long dataOffset() {
            return Buffer.HEADER_BYTES + Buffer.SECTION_HEADER_BYTES
                    + (variant == 0 || variant == 4 ? 0 : Buffer.SECTION_HEADER_BYTES + 8L * out.length);
        }

        long sendAddressMod64() {
            return sbuf[0][sbuf[0][0] != null && e.peer(0, 0) >= 0 ? 0 : 1].segment().address() % 64;
        }

        long recvAddressMod64() {
            return rbuf[0][e.peer(0, 0) >= 0 ? 0 : 1].segment().address() % 64;
        }

        void exchange() {
            for (int dim = 0; dim < 2; dim++) {
                int k = 0;
                for (int side = 0; side < 2; side++) {
                    if (e.peer(dim, side) < 0) continue;
                    reqs[k++] = comm.irecv(rbuf[dim][side], e.peer(dim, side), 7 + dim);
                }
                for (int side = 0; side < 2; side++) {
                    if (e.peer(dim, side) < 0) continue;
                    Buffer b = sbuf[dim][side].clear();
                    if (variant >= 1 && variant <= 3) b.write(out, 0, out.length);
                    b.writeStrided(dat, e.sendBase(dim, side), e.counts(dim), e.strides(dim));
                    if (variant == 4) b.write(out, 0, 2);
                    reqs[k++] = comm.isend(b, e.peer(dim, side), 7 + dim);
                }
                for (int i = 0; i < k; i++) reqs[i].iwait();
                for (int side = 0; side < 2; side++) {
                    if (e.peer(dim, side) < 0) continue;
                    Buffer b = rbuf[dim][side];
                    if (variant >= 1 && variant <= 3) {
                        int got = b.read(in, 0);
                        if (variant != 2 && (got != in.length || in[0] != out[0] || in[1] != out[1]))
                            throw new IllegalStateException("check words differ");
                    } else if (variant == 4) {
                        long end = b.length();
                        if (b.segment().get(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, end - 16) != out[0]
                                || b.segment().get(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, end - 8) != out[1])
                            throw new IllegalStateException("check words differ");
                    }
                    b.readStrided(dat, e.recvBase(dim, side), e.counts(dim), e.strides(dim));
                }
                Arrays.fill(reqs, null);
            }
        }
    }
}
