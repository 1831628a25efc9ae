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
 * {@code maxval} with agreement first (the former design) against off, for scale; and off against off (two sets of
 * schedule objects, both unchecked: the method's own floor). Each mode has {@value #COPIES} schedule objects of each
 * case, used in turn from round to round, so a bias of one object (its buffers' placement, measured at up to 20 %
 * for writeHalo with one object a mode) averages out instead of passing for the mode's cost. The static forms
 * ({@code Adlib.maxval(a)}) run these same schedules after one cache lookup that does not depend on the mode.
 * Rank 0 prints one {@link Interleaved#report} line per case.
 * {@code hpjava.mpjdev.Launcher --backend mt --np 2 hpjava.bench.adlib.CheckCost n rounds calls} ({@code calls}: of
 * the 8×8 maxval per sample; writeHalo takes a tenth, the n×n maxval 2); a fourth argument {@code halo} runs only the
 * two writeHalo cases (on against off, off against off).
 */
public final class CheckCost {
    private CheckCost() {}

    public static void main(String[] args) {
        haloOnly = args.length > 3 && args[3].equals("halo");
        RankProgram.main(args, CheckCost::run);
    }

    /** Whether only the writeHalo cases run (fourth argument {@code halo}). */
    private static boolean haloOnly;

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
        if (haloOnly) {
            compare(coll, rounds, haloCalls, 5_000, "writeHalo " + n + "x" + n + " float", "off", "on", () -> new WriteHalo(halo));
            compare(coll, rounds, haloCalls, 5_000, "writeHalo " + n + "x" + n + " float", "off", "off", () -> new WriteHalo(halo));
            return;
        }
        compare(coll, rounds, calls, 10_000, "maxval 8x8 float", "off", "on", () -> Reduction.of(Reduction.Op.MAXVAL, small, null));
        compare(coll, rounds, haloCalls, 5_000, "writeHalo " + n + "x" + n + " float", "off", "on", () -> new WriteHalo(halo));
        compare(coll, rounds, 2, 100, "maxval " + n + "x" + n + " float", "off", "on", () -> Reduction.of(Reduction.Op.MAXVAL, big, null));
        compare(coll, rounds, calls, 10_000, "maxval 8x8 float", "off", "agree-first", () -> Reduction.of(Reduction.Op.MAXVAL, small, null));
        compare(coll, rounds, calls, 10_000, "maxval 8x8 float", "off", "off", () -> Reduction.of(Reduction.Op.MAXVAL, small, null));
        compare(coll, rounds, haloCalls, 5_000, "writeHalo " + n + "x" + n + " float", "off", "off", () -> new WriteHalo(halo));
    }

    private static void fill(float[] d) {
        for (int i = 0; i < d.length; i++) d[i] = (i * 7919) % 1000;
    }

    /** Schedule objects a mode and case ({@link CheckCost}). */
    static final int COPIES = 4;

    /**
     * Plans the call {@link #COPIES} times in both modes, runs each object {@code warmup / COPIES} times (JIT,
     * pools), and compares them, round {@code r} using the objects number {@code r % COPIES}.
     */
    private static void compare(NativeCollectives coll, int rounds, int calls, int warmup, String name, String modeA,
                                String modeB, java.util.function.Supplier<Schedule> plan) {
        Schedule[] a = new Schedule[COPIES], b = new Schedule[COPIES];
        for (int k = 0; k < COPIES; k++) {
            a[k] = Checking.plan(modeA, plan);
            b[k] = Checking.plan(modeB, plan);
        }
        for (int i = 0; i < warmup; i++) {
            a[i % COPIES].execute();
            b[i % COPIES].execute();
        }
        int[] round = {0, 0};   // calls of A and of B so far: which object a call uses
        int perRound = calls + 1;   // Interleaved.sample: one untimed call, then the timed ones, on one object
        Interleaved.Samples s = Interleaved.run(coll, rounds, calls,
                () -> a[round[0]++ / perRound % COPIES].execute(), () -> b[round[1]++ / perRound % COPIES].execute());
        if (Comm.world().id() == 0)
            System.out.println(Interleaved.report(Comm.world().size() + " ranks, " + name, modeA, modeB + (modeA.equals(modeB) ? "2" : ""), s, 0.03));
    }
}
