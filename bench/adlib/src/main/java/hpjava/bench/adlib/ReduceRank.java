package hpjava.bench.adlib;

import hpjava.adlib.Adlib;
import hpjava.lang.BlockRange;
import hpjava.lang.FloatMultiarray;
import hpjava.lang.Procs;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;

/**
 * Reductions as a Jacobi loop calls them: {@code Adlib.maxval(a)} of an n×n float array (the convergence test) and
 * of a 64-element array (the reduction's latency), samples alternating in an order rotated every round; rank 0
 * prints the medians in µs per call. Run on any backend through the launcher:
 * {@code hpjava.mpjdev.Launcher --backend mt --np 2 hpjava.bench.adlib.ReduceRank n rounds calls}.
 */
public final class ReduceRank {
    private ReduceRank() {}

    public static void main(String[] args) {
        RankProgram.main(args, ReduceRank::run);
    }

    private static void run(int n, int rounds, int calls) {
        Comm world = Comm.world();
        NativeCollectives coll = RankProgram.barrierOf(world);
        Procs p = new Procs(Procs.nearCubicShape(world.size(), 2));
        FloatMultiarray big = new FloatMultiarray(new BlockRange(n, p.dim(0)), new BlockRange(n, p.dim(1)));
        FloatMultiarray small = new FloatMultiarray(new BlockRange(8, p.dim(0)), new BlockRange(8, p.dim(1)));
        float[] d = big.dat();
        for (int i = 0; i < d.length; i++) d[i] = (i * 7919) % 1000;
        float[] s = small.dat();
        for (int i = 0; i < s.length; i++) s[i] = i;
        float[] sink = new float[1];
        for (int i = 0; i < 2000; i++) { sink[0] += Adlib.maxval(small); if (i % 20 == 0) sink[0] += Adlib.maxval(big); }
        double[] tb = new double[rounds], ts = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            if (r % 2 == 0) {
                tb[r] = HaloRank.sample(coll, calls, () -> sink[0] += Adlib.maxval(big));
                ts[r] = HaloRank.sample(coll, calls * 20, () -> sink[0] += Adlib.maxval(small));
            } else {
                ts[r] = HaloRank.sample(coll, calls * 20, () -> sink[0] += Adlib.maxval(small));
                tb[r] = HaloRank.sample(coll, calls, () -> sink[0] += Adlib.maxval(big));
            }
        }
        if (world.id() == 0)
            System.out.printf(java.util.Locale.ROOT, "| %d | maxval %dx%d float: %.1f us | maxval 8x8 float: %.2f us | (%s)%n",
                    world.size(), n, n, HaloRank.median(tb), HaloRank.median(ts), sink[0] > 0 ? "ok" : "?");
    }
}
