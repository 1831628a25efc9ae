package hpjava.mpjdev.conformance;

import java.lang.reflect.Array;
import java.util.Optional;

import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.ReduceOp;
import hpjava.mpjdev.SectionType;

/**
 * Device-native collectives, when the backend offers them ({@link Comm#collectives()}; a backend without them passes
 * this case trivially). Barrier; broadcast of every primitive type from the last rank into a sub-range; allreduce
 * SUM/MAX of ints and longs, BOR of booleans, and a double SUM whose result must equal the fixed combination order
 * {@code ((v0 + v1) + v2) ...} bit for bit on every rank.
 */
final class NativeCollectivesCase implements ConformanceCase {

    @Override
    public void run(Comm world) {
        Optional<NativeCollectives> oc = world.collectives();
        if (oc.isEmpty()) return;
        NativeCollectives c = oc.get();
        int n = world.size(), me = world.id(), root = n - 1;
        c.barrier();
        for (SectionType t : Patterns.primitiveTypes()) {
            Object a = me == root ? Patterns.filled(t, 10, 77) : Array.newInstance(t.arrayClass().getComponentType(), 10);
            c.broadcast(a, 2, 6, root);
            for (int i = 0; i < 10; i++) {
                Object want = (i >= 2 && i < 8) || me == root ? Patterns.value(t, 77, i) : Patterns.zero(t);
                Patterns.expect(a, i, want, t + " broadcast");
            }
        }
        int[] ints = {me, 1, -me};
        c.allreduce(ints, 0, 3, ReduceOp.SUM);
        Expect.equal((long) n * (n - 1) / 2, ints[0], "int SUM");
        Expect.equal(n, ints[1], "int SUM of ones");
        long[] longs = {me, -me};
        c.allreduce(longs, 0, 2, ReduceOp.MAX);
        Expect.equal(n - 1, longs[0], "long MAX");
        Expect.equal(0, longs[1], "long MAX of negatives");
        boolean[] bools = {me == root, false};
        c.allreduce(bools, 0, 2, ReduceOp.BOR);
        Expect.that(bools[0] && !bools[1], "boolean BOR");
        double[] ds = {contribution(me)};
        c.allreduce(ds, 0, 1, ReduceOp.SUM);
        double want = contribution(0);
        for (int r = 1; r < n; r++) want += contribution(r);
        Expect.equal(Double.doubleToLongBits(want), Double.doubleToLongBits(ds[0]), "double SUM in fixed order (" + want + " vs " + ds[0] + ")");
        c.barrier();
    }

    /** Rank r's summand: values whose sum depends on the order of additions. */
    private static double contribution(int r) {
        return 0.1 * (r + 1) + 1e-17 * r;
    }
}
