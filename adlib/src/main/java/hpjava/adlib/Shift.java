package hpjava.adlib;

import hpjava.lang.Multiarray;

/**
 * A reusable shift along one dimension between identically aligned arrays: {@code dst[.. k ..] = src[.. k+amount ..]}.
 * Edge-off ({@code circular == false}): destination elements whose source is outside the array are unchanged.
 * Circular ({@code cshift}): the source index wraps around.
 */
public final class Shift extends TransferSchedule {
    private static final ScheduleCache.Planner SHIFT = (a, b, c, p) -> new Shift(a, b, p[0], p[1], false);
    private static final ScheduleCache.Planner CSHIFT = (a, b, c, p) -> new Shift(a, b, p[0], p[1], true);

    /** Plans {@code shift(dst, src, amount, dim)} ({@code circular}: {@code cshift}). */
    public Shift(Multiarray dst, Multiarray src, int amount, int dim, boolean circular) {
        super(circular ? "cshift" : "shift", dst, src, plan(dst, src, amount, dim, circular), amount, dim);
    }

    private static int[][] plan(Multiarray dst, Multiarray src, int amount, int dim, boolean circular) {
        String op = circular ? "cshift" : "shift";
        Remap.check(op, AdlibRank.context().apg(), dst, src);
        if (dim < 0 || dim >= src.rank())
            throw new AdlibException(op + ": dimension " + dim + " does not exist in the rank-" + src.rank() + " array " + src.describe());
        if (!dst.sameDistribution(src))
            throw new AdlibException(op + ": the arrays are not identically aligned: destination " + dst.describe() + ", source " + src.describe());
        int[][] pieces = Plans.identity(dst);
        int n = src.rng(dim).size();
        if (n == 0) pieces[dim] = new int[0];
        else if (circular) {
            int s = Math.floorMod(amount, n);
            pieces[dim] = s == 0 ? new int[] {0, n - 1, 0} : new int[] {0, n - 1 - s, s, n - s, n - 1, s - n};
        } else {
            long lo = Math.max(0, -(long) amount), hi = Math.min(n - 1L, n - 1L - amount);
            pieces[dim] = lo > hi ? new int[0] : new int[] {(int) lo, (int) hi, amount};
        }
        return pieces;
    }

    static Shift cached(Multiarray dst, Multiarray src, int amount, int dim, boolean circular) {
        return (Shift) ScheduleCache.cached(circular ? CSHIFT : SHIFT, amount, dim, dst, src);
    }
}
