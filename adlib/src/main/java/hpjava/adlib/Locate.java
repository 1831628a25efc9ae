package hpjava.adlib;

import hpjava.lang.BooleanMultiarray;
import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;

/**
 * A reusable maxloc/minloc: the greatest (least) element of a numeric array, optionally masked, and its global
 * subscripts, on every APG member. Order: {@code Box.compare} (NaN greatest, -0.0 below 0.0, consistent with
 * maxval/minval); ties go to the first element in row-major order. When no element qualifies (empty array or all
 * false mask) the value is the identity of maxval/minval and every subscript is -1.
 */
public final class Locate extends Schedule {
    private static final ScheduleCache.Planner MAX = (a, b, c, p) -> new Locate(true, a, (BooleanMultiarray) b);
    private static final ScheduleCache.Planner MIN = (a, b, c, p) -> new Locate(false, a, (BooleanMultiarray) b);

    private final AdlibRank rk;
    private final Multiarray a;
    private final BooleanMultiarray mask;
    private final boolean max;
    private final NumericReducer red;
    private final Kernel kernel;
    private final Region[] regions, maskRegions;
    private final boolean contributes;
    private final int[] members, shape, counts;
    private final int me;
    private final Object best, bestAll;
    private final long[] idx, idxAll;
    private final Object[] alls, bests;
    private final int[] loc;
    private final CallCheck.Call call;

    /** A maxloc ({@code max}) or minloc schedule of {@code a}, masked if {@code mask} is not null. */
    public Locate(boolean max, Multiarray a, BooleanMultiarray mask) {
        String name = max ? "maxloc" : "minloc";
        ProcessContext ctx = AdlibRank.context();
        Group apg = ctx.apg();
        AdlibRank.checkInApg(apg, a, name, "source");
        this.red = Reduction.numeric(a, name);
        Reduction.checkMask(apg, mask, a, name);
        this.rk = AdlibRank.current(ctx);
        this.a = a;
        this.mask = mask;
        this.max = max;
        this.kernel = Kernel.of(a);
        this.members = MemberLists.of(apg);
        this.me = apg.indexOf(ctx.id());
        this.shape = a.shape();
        this.call = new CallCheck.Call(apg, ctx.id(), CallCheck.signature(name, a, mask == null ? 0 : 1),
                CallCheck.describe(name, a, mask == null ? null : ", mask"));
        this.contributes = Local.isPrimary(a, ctx.id());
        this.regions = Local.owned(a, ctx.id());
        this.maskRegions = mask == null ? null : Local.owned(mask, ctx.id());
        this.best = red.newAcc(hpjava.mpjdev.ReduceOp.MAX, 1);
        this.bestAll = red.newAcc(hpjava.mpjdev.ReduceOp.MAX, members.length);
        this.idx = new long[1];
        this.idxAll = new long[members.length];
        this.alls = new Object[] {bestAll, idxAll};
        this.bests = new Object[] {best, idx};
        this.counts = new int[] {1, 1};
        this.loc = new int[shape.length];
    }

    static Locate cached(boolean max, Multiarray a, BooleanMultiarray mask) {
        return (Locate) ScheduleCache.cached(max ? MAX : MIN, a, mask, null);
    }

    /** Runs the search (collective over the APG). */
    @Override
    public void execute() {
        run(a, mask);
    }

    /** The global subscripts of the last result (-1s if none); valid until the next execution. */
    public int[] location() { return loc.clone(); }

    /** The last result value, as a double. */
    public double doubleValue() { return red.getD(best, 0); }

    /** The last result value, as a long (exact for the integer element types). */
    public long longValue() { return red.getL(best, 0); }

    /** Runs on arrays of this layout; returns the one-element array holding the value, {@link #loc} filled. */
    Object run(Multiarray src, BooleanMultiarray m) {
        call.agree(rk);
        red.identity(best, 0, 1, max ? hpjava.mpjdev.ReduceOp.MAX : hpjava.mpjdev.ReduceOp.MIN);
        idx[0] = -1;
        if (contributes) {
            Object d = kernel.dat(src);
            boolean[] md = m == null ? null : m.dat();
            for (int i = 0; i < regions.length; i++)
                red.locate(best, idx, d, regions[i], md, md == null ? null : maskRegions[i], max);
        }
        System.arraycopy(best, 0, bestAll, me, 1);
        idxAll[me] = idx[0];
        Tree.gather(rk, members, me, alls, counts);
        if (me == 0) {
            for (int j = 0; j < members.length; j++) {
                long gi = idxAll[j];
                if (gi < 0) continue;
                int cmp = idx[0] < 0 ? (max ? 1 : -1) : red.compare(bestAll, j, best, 0);
                if ((max ? cmp > 0 : cmp < 0) || (cmp == 0 && gi < idx[0])) {
                    System.arraycopy(bestAll, j, best, 0, 1);
                    idx[0] = gi;
                }
            }
        }
        Tree.bcast(rk, members, me, 0, bests, counts);
        long g = idx[0];
        for (int r = shape.length - 1; r >= 0; r--) {
            if (g < 0) { loc[r] = -1; continue; }
            loc[r] = (int) (g % shape[r]);
            g /= shape[r];
        }
        return best;
    }

    /** Checks the caller's location array (before the collective, so every member fails alike). */
    void checkLoc(int[] out) {
        if (out == null || out.length != loc.length)
            throw new AdlibException((max ? "maxloc" : "minloc") + ": loc must have " + loc.length + " elements (the array's rank), not "
                    + (out == null ? "null" : out.length));
    }

    /** Copies the global subscripts of the last result into {@code out} (length = rank; no allocation). */
    public void locationInto(int[] out) {
        System.arraycopy(loc, 0, out, 0, loc.length);
    }
}
