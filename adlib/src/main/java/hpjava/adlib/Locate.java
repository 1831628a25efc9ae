package hpjava.adlib;

import hpjava.lang.BooleanMultiarray;
import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;

/**
 * A reusable maxloc/minloc: the greatest (least) element of a numeric array, optionally masked, and its global
 * subscripts, on every APG member; or the k greatest (least), best first (top-k: one pass over the array, each
 * process sending its own k candidates). Order: {@code Box.compare} (NaN greatest, -0.0 below 0.0, consistent with
 * maxval/minval); ties go to the first element in row-major order. When no element qualifies (empty array or all
 * false mask) the value is the identity of maxval/minval and every subscript is -1; with fewer than k qualifying
 * elements, the remaining places are -1s.
 */
public final class Locate extends Schedule {
    private static final ScheduleCache.Planner MAX = (a, b, c, p) -> new Locate(true, a, (BooleanMultiarray) b);
    private static final ScheduleCache.Planner MIN = (a, b, c, p) -> new Locate(false, a, (BooleanMultiarray) b);
    private static final ScheduleCache.Planner MAX_K = (a, b, c, p) -> new Locate(true, a, (BooleanMultiarray) b, p[0]);
    private static final ScheduleCache.Planner MIN_K = (a, b, c, p) -> new Locate(false, a, (BooleanMultiarray) b, p[0]);

    private final AdlibRank rk;
    private final Multiarray a;
    private final BooleanMultiarray mask;
    private final boolean max;
    private final NumericReducer red;
    private final Kernel kernel;
    private final Region[] regions, maskRegions;
    private final boolean contributes;
    private final int[] members, shape, counts;
    private final int me, k;
    private final Object best, bestAll;
    private final long[] idx, idxAll;
    private final Object[] alls, bests;
    private final int[][] loc;
    private final CallCheck.Call call;

    /** A maxloc ({@code max}) or minloc schedule of {@code a}, masked if {@code mask} is not null. */
    public Locate(boolean max, Multiarray a, BooleanMultiarray mask) {
        this(max, a, mask, 1);
    }

    /** The k greatest ({@code max}) or least elements of {@code a}, masked if {@code mask} is not null; k >= 1. */
    public Locate(boolean max, Multiarray a, BooleanMultiarray mask, int k) {
        String name = max ? "maxloc" : "minloc";
        if (k < 1) throw new AdlibException(name + ": the number of places to find must be at least 1, not " + k);
        this.k = k;
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
        this.best = red.newAcc(hpjava.mpjdev.ReduceOp.MAX, k);
        this.bestAll = red.newAcc(hpjava.mpjdev.ReduceOp.MAX, k * members.length);
        this.idx = new long[k];
        this.idxAll = new long[k * members.length];
        this.alls = new Object[] {bestAll, idxAll};
        this.bests = new Object[] {best, idx};
        this.counts = new int[] {k, k};
        this.loc = new int[k][shape.length];
    }

    static Locate cached(boolean max, Multiarray a, BooleanMultiarray mask) {
        return (Locate) ScheduleCache.cached(max ? MAX : MIN, a, mask, null);
    }

    /** The cached top-k schedule; {@code k} is checked by the schedule (every member fails alike). */
    static Locate cached(boolean max, int k, Multiarray a, BooleanMultiarray mask) {
        return (Locate) ScheduleCache.cached(max ? MAX_K : MIN_K, k, 0, a, mask);
    }

    /** Runs the search (collective over the APG). */
    @Override
    public void execute() {
        run(a, mask);
    }

    /** The global subscripts of the last result (the best of the k; -1s if none). */
    public int[] location() { return loc[0].clone(); }

    /** The last result value, as a double. */
    public double doubleValue() { return red.getD(best, 0); }

    /** The last result value, as a long (exact for the integer element types). */
    public long longValue() { return red.getL(best, 0); }

    /** Runs on arrays of this layout; returns the k-element array holding the values, {@link #loc} filled. */
    Object run(Multiarray src, BooleanMultiarray m) {
        call.agree(rk);
        red.identity(best, 0, k, max ? hpjava.mpjdev.ReduceOp.MAX : hpjava.mpjdev.ReduceOp.MIN);
        java.util.Arrays.fill(idx, -1);
        if (contributes) {
            Object d = kernel.dat(src);
            boolean[] md = m == null ? null : m.dat();
            for (int i = 0; i < regions.length; i++)
                red.locate(best, idx, d, regions[i], md, md == null ? null : maskRegions[i], max);
        }
        System.arraycopy(best, 0, bestAll, me * k, k);
        System.arraycopy(idx, 0, idxAll, me * k, k);
        Tree.gather(rk, members, me, alls, counts);
        if (me == 0) {
            java.util.Arrays.fill(idx, -1);
            for (int c = 0; c < k * members.length; c++) if (idxAll[c] >= 0) keep(c);
        }
        Tree.bcast(rk, members, me, 0, bests, counts);
        for (int q = 0; q < k; q++) {
            long g = idx[q];
            for (int r = shape.length - 1; r >= 0; r--) {
                if (g < 0) { loc[q][r] = -1; continue; }
                loc[q][r] = (int) (g % shape[r]);
                g /= shape[r];
            }
        }
        return best;
    }

    /** Inserts candidate {@code c} of the gathered lists into the kept list (best first) if it beats the last. */
    private void keep(int c) {
        long gi = idxAll[c];
        int q = k;
        while (q > 0 && beats(c, gi, q - 1)) q--;
        if (q == k) return;
        System.arraycopy(best, q, best, q + 1, k - q - 1);
        System.arraycopy(idx, q, idx, q + 1, k - q - 1);
        System.arraycopy(bestAll, c, best, q, 1);
        idx[q] = gi;
    }

    private boolean beats(int c, long gi, int q) {
        if (idx[q] < 0) return true;
        int cmp = red.compare(bestAll, c, best, q);
        return (max ? cmp > 0 : cmp < 0) || (cmp == 0 && gi < idx[q]);
    }

    /** Checks the caller's location array (before the collective, so every member fails alike). */
    void checkLoc(int[] out) {
        if (out == null || out.length != shape.length)
            throw new AdlibException((max ? "maxloc" : "minloc") + ": loc must have " + shape.length + " elements (the array's rank), not "
                    + (out == null ? "null" : out.length));
    }

    /** Checks the caller's k location arrays, each of the array's rank. */
    void checkLocs(int[][] out) {
        if (out.length != k)
            throw new AdlibException((max ? "maxloc" : "minloc") + ": loc must have " + k + " rows, not " + out.length);
        for (int[] row : out) checkLoc(row);
    }

    /** Copies the global subscripts of the last result into {@code out} (length = rank; no allocation). */
    public void locationInto(int[] out) {
        System.arraycopy(loc[0], 0, out, 0, shape.length);
    }

    /** Copies the subscripts of the last k results, best first, into the rows of {@code out} (k rows of length rank). */
    public void locationsInto(int[][] out) {
        for (int q = 0; q < k; q++) System.arraycopy(loc[q], 0, out[q], 0, shape.length);
    }
}
