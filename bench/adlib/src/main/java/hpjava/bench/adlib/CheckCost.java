package hpjava.bench.adlib;

import hpjava.adlib.Checking;
import hpjava.adlib.Reduction;
import hpjava.adlib.Schedule;
import hpjava.adlib.WriteHalo;
import hpjava.lang.BlockRange;
import hpjava.lang.ExtBlockRange;
import hpjava.lang.FloatMultiarray;
import hpjava.lang.Procs;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;

/**
 * The cost of collective checking, resolved to a few per cent: the same collective planned twice in one JVM per rank,
 * once with checking off and once with it on ({@link Checking#plan}), executed in {@link Interleaved} A/B rounds.
 * Cases: {@code maxval} of an 8×8 float array (a reduction's latency), of an n×n float array (a Jacobi convergence
 * test), and {@code writeHalo} of an n×n float array with ghost width 1 (a Jacobi sweep's exchange); plus 8×8
 * {@code maxval} with agreement first (the former design) against off, for scale. The static forms
 * ({@code Adlib.maxval(a)}) run these same schedules after one cache lookup that does not depend on the mode.
 * Rank 0 prints one {@link Interleaved#report} line per case.
 * {@code hpjava.mpjdev.Launcher --backend mt --np 2 hpjava.bench.adlib.CheckCost n rounds calls} ({@code calls}: of
 * the 8×8 maxval per sample; writeHalo takes a tenth, the n×n maxval 2).
 */
public final class CheckCost {
    private CheckCost() {}

    public static void main(String[] args) {
        RankProgram.main(args, CheckCost::run);
    }

    private static void run(int n, int rounds, int calls) {
        Comm world = Comm.world();
        NativeCollectives coll = RankProgram.barrierOf(world);
        Procs p = new Procs(Procs.nearCubicShape(world.size(), 2));
        FloatMultiarray small = new FloatMultiarray(new BlockRange(8, p.dim(0)), new BlockRange(8, p.dim(1)));
        FloatMultiarray big = new FloatMultiarray(new BlockRange(n, p.dim(0)), new BlockRange(n, p.dim(1)));
        FloatMultiarray halo = new FloatMultiarray(new ExtBlockRange(n, p.dim(0), 1), new ExtBlockRange(n, p.dim(1), 1));
        fill(small.dat());
        fill(big.dat());
        fill(halo.dat());
        int haloCalls = Math.max(1, calls / 10);
        compare(coll, rounds, calls, 10_000, "maxval 8x8 float", "off", "on", () -> Reduction.of(Reduction.Op.MAXVAL, small, null));
        compare(coll, rounds, haloCalls, 5_000, "writeHalo " + n + "x" + n + " float", "off", "on", () -> new WriteHalo(halo));
        compare(coll, rounds, 2, 100, "maxval " + n + "x" + n + " float", "off", "on", () -> Reduction.of(Reduction.Op.MAXVAL, big, null));
        compare(coll, rounds, calls, 10_000, "maxval 8x8 float", "off", "agree-first", () -> Reduction.of(Reduction.Op.MAXVAL, small, null));
    }

    private static void fill(float[] d) {
        for (int i = 0; i < d.length; i++) d[i] = (i * 7919) % 1000;
    }

    /** Plans the call in both modes, runs each {@code warmup} times (JIT, pools), and compares them. */
    private static void compare(NativeCollectives coll, int rounds, int calls, int warmup, String name, String modeA,
                                String modeB, java.util.function.Supplier<Schedule> plan) {
        Schedule a = Checking.plan(modeA, plan), b = Checking.plan(modeB, plan);
        for (int i = 0; i < warmup; i++) {
            a.execute();
            b.execute();
        }
        Interleaved.Samples s = Interleaved.run(coll, rounds, calls, a::execute, b::execute);
        if (Comm.world().id() == 0)
            System.out.println(Interleaved.report(Comm.world().size() + " ranks, " + name, modeA, modeB, s, 0.03));
    }
}
