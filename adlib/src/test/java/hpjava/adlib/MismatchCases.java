package hpjava.adlib;

import hpjava.lang.*;

import java.util.ArrayList;
import java.util.List;

/**
 * Collective calls for the mismatch matrix ({@link MismatchTest}, and the backends' {@code MismatchCheck}): each
 * case is one Adlib call on fixed arrays over all np ranks (block/cyclic 1-d arrays of 12 or 13 elements, several
 * element types, a 2-d array with a collapsed dimension). Two different cases called by different ranks at the same
 * point are a mismatch: different operations, or the same operation with another root, shape or element type.
 */
public final class MismatchCases {
    /** One call. */
    public record Case(String name, Call call) {
        @Override
        public String toString() { return name; }
    }

    /** A call on the fixture arrays. */
    public interface Call {
        void run(Fix f);
    }

    /** The arrays every case uses (created identically on every rank; creating them sends no message). */
    public static final class Fix {
        final DoubleMultiarray a, b, c, sub2, res, src2;
        final IntMultiarray i, subs;
        final BooleanMultiarray m;

        public Fix(int np) {
            Procs1 p = new Procs1(np);
            a = new DoubleMultiarray(new ExtBlockRange(12, p.dim(0), 1));
            b = new DoubleMultiarray(new CyclicRange(12, p.dim(0)));
            c = new DoubleMultiarray(new ExtBlockRange(13, p.dim(0), 1));
            i = new IntMultiarray(new ExtBlockRange(12, p.dim(0), 1));
            m = new BooleanMultiarray(new BlockRange(12, p.dim(0)));
            subs = new IntMultiarray(new CyclicRange(12, p.dim(0)));
            src2 = new DoubleMultiarray(new BlockRange(12, p.dim(0)), new CollapsedRange(3));
            res = new DoubleMultiarray(new BlockRange(12, p.dim(0)));
            sub2 = new DoubleMultiarray(new CyclicRange(12, p.dim(0)));
            for (int g = 0; g < 12; g++) {
                if (a.holds(g)) a.set(g, g);
                if (b.holds(g)) b.set(-g, g);
                if (i.holds(g)) i.set(g, g);
                if (m.holds(g)) m.set(g % 2 == 0, g);
                if (subs.holds(g)) subs.set(11 - g, g);
                for (int k = 0; k < 3; k++) if (src2.holds(g, k)) src2.set(g + k, g, k);
            }
            for (int g = 0; g < 13; g++) if (c.holds(g)) c.set(g, g);
        }
    }

    private MismatchCases() {}

    /** Every case: one per operation, plus a wrong root, a wrong shape and a wrong element type of some. */
    public static List<Case> all() {
        List<Case> l = new ArrayList<>();
        l.add(new Case("remap(b, a)", f -> Adlib.remap(f.b, f.a)));
        l.add(new Case("shift(a, a, 1)", f -> Adlib.shift(f.sub2, f.b, 1)));
        l.add(new Case("cshift(b, b, 1)", f -> Adlib.cshift(f.sub2, f.b, 1)));
        l.add(new Case("writeHalo(a)", f -> Adlib.writeHalo(f.a)));
        l.add(new Case("writeHalo(c) [shape]", f -> Adlib.writeHalo(f.c)));
        l.add(new Case("writeHalo(i) [type]", f -> Adlib.writeHalo(f.i)));
        l.add(new Case("broadcast(a[[3]])", f -> Adlib.broadcast((DoubleMultiarray) Elems.section(f.a, Triplet.scalar(3)))));
        l.add(new Case("broadcast(42.0, 0)", f -> Adlib.broadcast(42.0, 0)));
        l.add(new Case("broadcast(42.0, 1) [root]", f -> Adlib.broadcast(42.0, 1)));
        l.add(new Case("broadcast(42, 0) [type]", f -> Adlib.broadcast(42, 0)));
        l.add(new Case("sum(a)", f -> Adlib.sum(f.a)));
        l.add(new Case("maxval(a)", f -> Adlib.maxval(f.a)));
        l.add(new Case("maxval(c) [shape]", f -> Adlib.maxval(f.c)));
        l.add(new Case("maxval(i) [type]", f -> Adlib.maxval(f.i)));
        l.add(new Case("maxval(a, m) [mask]", f -> Adlib.maxval(f.a, f.m)));
        l.add(new Case("count(m)", f -> Adlib.count(f.m)));
        l.add(new Case("dotProduct(a, a)", f -> Adlib.dotProduct(f.a, f.a)));
        l.add(new Case("maxloc(a)", f -> Adlib.maxloc(new int[1], f.a)));
        l.add(new Case("sumDim(res, src2, 1)", f -> Adlib.sumDim(f.res, f.src2, 1)));
        l.add(new Case("gather(sub2, b, subs)", f -> Adlib.gather(f.sub2, f.b, f.subs)));
        return l;
    }
}
