package hpjava.bench.adlib;

import hpjava.adlib.Adlib;
import hpjava.adlib.WriteHalo;
import hpjava.lang.ExtBlockRange;
import hpjava.lang.FloatMultiarray;
import hpjava.lang.Procs;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;

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
        RankProgram.main(args, HaloRank::run);
    }

    private static void run(int n, int rounds, int calls) {
        Comm world = Comm.world();
        int np = world.size();
        NativeCollectives coll = RankProgram.barrierOf(world);
        Procs p = new Procs(Procs.nearCubicShape(np, 2));
        FloatMultiarray a = new FloatMultiarray(new ExtBlockRange(n, p.dim(0), 1), new ExtBlockRange(n, p.dim(1), 1));
        HandExchange hand = new HandExchange(world.create(allRanks(np)), p, a);
        float[] d = a.dat();
        for (int i = 0; i < d.length; i++) d[i] = i;
        // warm up both (JIT, pools, schedule cache)
        for (int i = 0; i < 300; i++) { Adlib.writeHalo(a); hand.exchange(); }
        check(a, hand::exchange);
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

    public static int[] allRanks(int np) {
        int[] r = new int[np];
        for (int k = 0; k < np; k++) r[k] = k;
        return r;
    }

    /** Microseconds per update over {@code calls} updates, after a barrier. */
    public static double sample(NativeCollectives coll, int calls, Runnable update) {
        coll.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) update.run();
        long t1 = System.nanoTime();
        coll.barrier();
        return (t1 - t0) / 1e3 / calls;
    }

    public static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /** A hand-written exchange must leave the same ghost cells as writeHalo (checked on every rank). */
    public static void check(FloatMultiarray a, Runnable exchange) {
        float[] d = a.dat();
        for (int i = 0; i < d.length; i++) d[i] = i;
        Adlib.writeHalo(a);
        float[] viaAdlib = d.clone();
        for (int i = 0; i < d.length; i++) d[i] = i;
        exchange.run();
        if (!Arrays.equals(viaAdlib, d)) throw new IllegalStateException("the hand-written exchange and writeHalo disagree");
    }
}
