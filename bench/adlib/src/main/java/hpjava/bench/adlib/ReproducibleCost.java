package hpjava.bench.adlib;

import hpjava.adlib.DotProduct;
import hpjava.adlib.Reduction;
import hpjava.adlib.Reproducible;
import hpjava.adlib.Schedule;
import hpjava.lang.BlockRange;
import hpjava.lang.DoubleMultiarray;
import hpjava.lang.Procs;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;

import java.util.function.Supplier;

/**
 * The cost of reproducible sums ({@code hpjava run --reproducible}): the same reduction planned in one JVM per rank
 * as the ordinary fixed-order sum (A) and as the exact, reproducible one (B), executed in {@link Interleaved} A/B
 * rounds. Cases: {@code sum} of an 8×8 double array (a reduction's latency), of an n×n double array (bandwidth of
 * the fold) and {@code dotProduct} of two n×n double arrays. Rank 0 prints one {@link Interleaved#report} line per
 * case. {@code hpjava.mpjdev.Launcher --backend mt --np 2 hpjava.bench.adlib.ReproducibleCost n rounds calls}.
 */
public final class ReproducibleCost {
    private ReproducibleCost() {}

    public static void main(String[] args) {
        RankProgram.main(args, ReproducibleCost::run);
    }

    private static void run(int n, int rounds, int calls) {
        NativeCollectives coll = RankProgram.barrierOf(Comm.world());
        Procs p = new Procs(Procs.nearCubicShape(Comm.world().size(), 2));
        DoubleMultiarray small = new DoubleMultiarray(new BlockRange(8, p.dim(0)), new BlockRange(8, p.dim(1)));
        DoubleMultiarray a = new DoubleMultiarray(new BlockRange(n, p.dim(0)), new BlockRange(n, p.dim(1)));
        DoubleMultiarray b = new DoubleMultiarray(new BlockRange(n, p.dim(0)), new BlockRange(n, p.dim(1)));
        fill(small.dat());
        fill(a.dat());
        fill(b.dat());
        compare(coll, rounds, calls, 10_000, "sum 8x8 double", () -> Reduction.of(Reduction.Op.SUM, small, null));
        compare(coll, rounds, 2, 100, "sum " + n + "x" + n + " double", () -> Reduction.of(Reduction.Op.SUM, a, null));
        compare(coll, rounds, 2, 100, "dotProduct " + n + "x" + n + " double", () -> new DotProduct(a, b));
    }

    private static void fill(double[] d) {
        for (int i = 0; i < d.length; i++) d[i] = Math.scalb(Math.sin(i), i % 61 - 30);
    }

    private static void compare(NativeCollectives coll, int rounds, int calls, int warmup, String name, Supplier<Schedule> plan) {
        Schedule ordinary = Reproducible.plan(false, plan), exact = Reproducible.plan(true, plan);
        for (int i = 0; i < warmup; i++) {
            ordinary.execute();
            exact.execute();
        }
        Interleaved.Samples s = Interleaved.run(coll, rounds, calls, ordinary::execute, exact::execute);
        if (Comm.world().id() == 0)
            System.out.println(Interleaved.report(Comm.world().size() + " ranks, " + name, "ordinary", "reproducible", s, 1.0));
    }
}
