package hpjava.bench.adlib;

import hpjava.adlib.Adlib;
import hpjava.adlib.WriteHalo;
import hpjava.lang.ExtBlockRange;
import hpjava.lang.FloatMultiarray;
import hpjava.lang.ProcessContext;
import hpjava.lang.Procs;
import hpjava.lang.Range;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.RankContext;
import hpjava.mpjdev.Request;

import java.util.Arrays;

/**
 * One rank of {@link HaloBench}. A: {@code Adlib.writeHalo(a)} (the static form, schedule from the cache). B: the
 * same exchange written by hand over mpjdev: per dimension, the owned edge rows (then columns, including the ghost
 * rows just filled, for the corners) packed with one strided copy into preallocated buffers, non-blocking sends and
 * receives on a private communicator, unpacked into the ghost cells. Both fill the same cells. Each sample is
 * {@code calls} back-to-back updates after a barrier; samples of A, B and C ({@code new WriteHalo(a).execute()}, the
 * schedule object) alternate, in an order rotated every round; rank 0 reports medians.
 */
public final class HaloRank {
    private HaloRank() {}

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]), rounds = Integer.parseInt(args[1]), calls = Integer.parseInt(args[2]);
        RankContext rc = RankContext.current();
        ProcessContext.create(rc.rank(), rc.world().size()).run(() -> run(n, rounds, calls));
    }

    private static void run(int n, int rounds, int calls) {
        Comm world = Comm.world();
        int np = world.size();
        NativeCollectives coll = world.collectives().orElseThrow(() -> new IllegalStateException("needs a backend with a barrier"));
        Procs p = new Procs(Procs.nearCubicShape(np, 2));
        FloatMultiarray a = new FloatMultiarray(new ExtBlockRange(n, p.dim(0), 1), new ExtBlockRange(n, p.dim(1), 1));
        HandExchange hand = new HandExchange(world.create(allRanks(np)), p, a);
        float[] d = a.dat();
        for (int i = 0; i < d.length; i++) d[i] = i;
        // warm up both (JIT, pools, schedule cache)
        for (int i = 0; i < 300; i++) { Adlib.writeHalo(a); hand.exchange(); }
        check(a, hand);
        double[] ta = new double[rounds], tb = new double[rounds], tc = new double[rounds];
        WriteHalo sched = new WriteHalo(a);
        for (int r = 0; r < rounds; r++) {
            // rotate the order every round so no variant always follows the same one
            for (int k = 0; k < 3; k++) {
                switch ((r + k) % 3) {
                    case 0 -> ta[r] = sample(coll, calls, () -> Adlib.writeHalo(a));
                    case 1 -> tb[r] = sample(coll, calls, hand::exchange);
                    default -> tc[r] = sample(coll, calls, sched::execute);
                }
            }
        }
        if (world.id() == 0) {
            double ma = median(ta), mb = median(tb), mc = median(tc);
            System.out.printf(java.util.Locale.ROOT, "| %d | %dx%d float, ghost 1, grid %s | %.1f | %.1f | %.1f | %.2f | %.2f |%n", np, n, n,
                    Arrays.toString(p.shape()), ma, mc, mb, ma / mb, mc / mb);
        }
    }

    private static int[] allRanks(int np) {
        int[] r = new int[np];
        for (int k = 0; k < np; k++) r[k] = k;
        return r;
    }

    /** Microseconds per update over {@code calls} updates, after a barrier. */
    private static double sample(NativeCollectives coll, int calls, Runnable update) {
        coll.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) update.run();
        long t1 = System.nanoTime();
        coll.barrier();
        return (t1 - t0) / 1e3 / calls;
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /** Both exchanges must leave the same ghost cells. */
    private static void check(FloatMultiarray a, HandExchange hand) {
        float[] d = a.dat();
        for (int i = 0; i < d.length; i++) d[i] = i;
        Adlib.writeHalo(a);
        float[] viaAdlib = d.clone();
        for (int i = 0; i < d.length; i++) d[i] = i;
        hand.exchange();
        if (!Arrays.equals(viaAdlib, d)) throw new IllegalStateException("the hand-written exchange and writeHalo disagree");
    }

    /** The baseline: a plain two-phase halo exchange over mpjdev, everything planned and allocated up front. */
    static final class HandExchange {
        final Comm comm;
        final float[] dat;
        // per phase (dim 0, dim 1), per side (lo, hi): neighbour (-1 none), send/recv bases, counts, strides
        final int[][] peer = new int[2][2];
        final int[][] sendBase = new int[2][2], recvBase = new int[2][2];
        final int[][] counts = new int[2][], strides = new int[2][];
        final Buffer[][] sbuf = new Buffer[2][2], rbuf = new Buffer[2][2];
        final Request[] reqs = new Request[4];

        HandExchange(Comm comm, Procs p, FloatMultiarray a) {
            this.comm = comm;
            this.dat = a.dat();
            int me = comm.id();
            int[] c = p.coords(me);
            Range x0 = a.rng(0), x1 = a.rng(1);
            int n0 = x0.localCount(c[0]), n1 = x1.localCount(c[1]);
            int s0 = a.str(0), s1 = a.str(1);
            // phase 0: rows, interior columns; phase 1: columns, rows including the ghost rows filled in phase 0
            int lo0 = c[0] > 0 ? 1 : 0, hi0 = c[0] < p.extent(0) - 1 ? 1 : 0;
            counts[0] = new int[] {1, n1};
            strides[0] = new int[] {s0, s1};
            counts[1] = new int[] {n0 + lo0 + hi0, 1};
            strides[1] = new int[] {s0, s1};
            int rowFirst = s0 * 1 + s1 * 1, rowLast = s0 * n0 + s1 * 1;       // first/last owned row, first owned column
            int colTop = s0 * (1 - lo0);
            int[][] coords = {c.clone(), c.clone()};
            for (int dim = 0; dim < 2; dim++) {
                for (int side = 0; side < 2; side++) {
                    int[] q = c.clone();
                    q[dim] += side == 0 ? -1 : 1;
                    peer[dim][side] = q[dim] < 0 || q[dim] >= p.extent(dim) ? -1 : p.rankAt(q);
                }
            }
            sendBase[0][0] = rowFirst;                        // my first row goes up
            recvBase[0][0] = s1;                              // ghost row 0
            sendBase[0][1] = rowLast;                         // my last row goes down
            recvBase[0][1] = s0 * (n0 + 1) + s1;              // ghost row n0+1
            sendBase[1][0] = colTop + s1 * 1;                 // my first column goes left
            recvBase[1][0] = colTop;                          // ghost column 0
            sendBase[1][1] = colTop + s1 * n1;                // my last column goes right
            recvBase[1][1] = colTop + s1 * (n1 + 1);          // ghost column n1+1
            for (int dim = 0; dim < 2; dim++)
                for (int side = 0; side < 2; side++) {
                    long bytes = Buffer.HEADER_BYTES + Buffer.SECTION_HEADER_BYTES + 4L * counts[dim][0] * counts[dim][1] + 8;
                    sbuf[dim][side] = Buffer.allocate(bytes);
                    rbuf[dim][side] = Buffer.allocate(bytes);
                }
        }

        void exchange() {
            for (int dim = 0; dim < 2; dim++) {
                int k = 0;
                for (int side = 0; side < 2; side++) {
                    if (peer[dim][side] < 0) continue;
                    reqs[k++] = comm.irecv(rbuf[dim][side], peer[dim][side], 7 + dim);
                }
                for (int side = 0; side < 2; side++) {
                    if (peer[dim][side] < 0) continue;
                    Buffer b = sbuf[dim][side].clear();
                    b.writeStrided(dat, sendBase[dim][side], counts[dim], strides[dim]);
                    reqs[k++] = comm.isend(b, peer[dim][side], 7 + dim);
                }
                for (int i = 0; i < k; i++) reqs[i].iwait();
                for (int side = 0; side < 2; side++) {
                    if (peer[dim][side] < 0) continue;
                    rbuf[dim][side].readStrided(dat, recvBase[dim][side], counts[dim], strides[dim]);
                }
                Arrays.fill(reqs, null);
            }
        }
    }
}
