package hpjava.bench.adlib;

import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.ReduceOp;

/**
 * The device's part of the cost of checking a reduction, without Adlib: {@code allreduce} of one float (MAX) against
 * {@code allreduceChecked} of the same float with a signature and a sequence number, interleaved in one JVM per rank
 * ({@link Interleaved}). Rank 0 prints one {@link Interleaved#report} line. Any backend with native collectives:
 * {@code hpjava.mpjdev.Launcher --backend mpi --np 2 hpjava.bench.adlib.NativeCheckProbe rounds calls}.
 */
public final class NativeCheckProbe {
    private NativeCheckProbe() {}

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]), calls = Integer.parseInt(args[1]);
        Comm world = Comm.world();
        NativeCollectives coll = RankProgram.barrierOf(world);
        float[] x = {world.id()};
        long sig = 0x1234_5678_9ABC_0608L;
        long[] seq = {0};
        Runnable plain = () -> coll.allreduce(x, 0, 1, ReduceOp.MAX);
        Runnable checked = () -> {
            if (!coll.allreduceChecked(x, 0, 1, ReduceOp.MAX, sig, ++seq[0])) throw new IllegalStateException("disagreed");
        };
        for (int i = 0; i < 20_000; i++) { plain.run(); checked.run(); }
        Interleaved.Samples s = Interleaved.run(coll, rounds, calls, plain, checked);
        if (world.id() == 0)
            System.out.println(Interleaved.report(world.size() + " ranks, allreduce(float[1]) vs allreduceChecked",
                    "plain", "checked", s, 0.03));
    }
}
