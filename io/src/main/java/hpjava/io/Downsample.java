package hpjava.io;

import hpjava.adlib.DimReduction;
import hpjava.adlib.Reduction;
import hpjava.lang.*;

/**
 * A 2-D field reduced to at most {@code cells x cells} image cells, collectively and without gathering the field:
 * each process sums the elements it holds into the cells they fall in (its primary copies only, so a replicated
 * field counts once), then one sum over the processes of the small cell array (Adlib's dimensional reduction over
 * a one-per-process dimension) gives every APG member the cell means. Cell {@code p} along a dimension of extent
 * {@code n} reduced to {@code w} cells covers the indices {@code i} with {@code floor(i*w/n) == p}.
 */
final class Downsample {
    /** Cells along each dimension. */
    final int w0, w1;
    /** First index of each cell along each dimension, and the extent: {@code edges0[w0] == n0}. */
    final int[] edges0, edges1;
    /** Mean of each cell, row-major ({@code [p*w1 + q]}); NaN for a cell whose elements include a NaN. */
    final double[] mean;
    /** Smallest and largest element of the field (ghosts and NaN excluded). */
    final double min, max;

    private Downsample(int w0, int w1, double[] mean, int n0, int n1, double min, double max) {
        this.w0 = w0;
        this.w1 = w1;
        this.mean = mean;
        this.edges0 = edges(n0, w0);
        this.edges1 = edges(n1, w1);
        this.min = min;
        this.max = max;
    }

    /** Reduces {@code a}, a rank-2 double or float array, to at most {@code cells} cells per dimension. */
    static Downsample of(Multiarray a, int cells) {
        check(a);
        int n0 = a.rng(0).size(), n1 = a.rng(1).size();
        int w0 = Math.min(n0, cells), w1 = Math.min(n1, cells);
        Procs1 p = new Procs1();
        int me = p.indexOf(ProcessContext.current().id());
        DoubleMultiarray partial = new DoubleMultiarray(p, new BlockRange(p.size(), p.dim(0)), new CollapsedRange(w0 * w1));
        if (isPrimary(a)) accumulate(a, partial.dat(), partial.offset(me, 0), w0, w1);
        DoubleMultiarray sum = new DoubleMultiarray(p, new CollapsedRange(w0 * w1));
        new DimReduction(Reduction.Op.SUM, sum, partial, 0).execute();
        double[] mean = new double[w0 * w1];
        int[] e0 = edges(n0, w0), e1 = edges(n1, w1);
        for (int i = 0; i < w0; i++)
            for (int j = 0; j < w1; j++)
                mean[i * w1 + j] = sum.get(i * w1 + j) / ((double) (e0[i + 1] - e0[i]) * (e1[j + 1] - e1[j]));
        return new Downsample(w0, w1, mean, n0, n1, extreme(a, Reduction.Op.MINVAL), extreme(a, Reduction.Op.MAXVAL));
    }

    /** Throws (alike on every process) unless {@code a} is a non-empty rank-2 double or float array. */
    static void check(Multiarray a) {
        if (a == null || a.rank() != 2 || !(a instanceof DoubleMultiarray || a instanceof FloatMultiarray))
            throw new ArrayIOException("a heat map needs a rank-2 double or float array, got " + (a == null ? "null" : a.describe()));
        if (a.rng(0).size() == 0 || a.rng(1).size() == 0)
            throw new ArrayIOException("a heat map needs a non-empty array, got shape " + a.rng(0).size() + " x " + a.rng(1).size());
    }

    private static double extreme(Multiarray a, Reduction.Op op) {
        Reduction r = Reduction.of(op, a, null);
        r.execute();
        return r.doubleValue();
    }

    /** Adds each element this process holds to its cell's sum in {@code sums[at + cell]}. */
    private static void accumulate(Multiarray a, double[] sums, int at, int w0, int w1) {
        Range x = a.rng(0), y = a.rng(1);
        int n0 = x.size(), n1 = y.size();
        Block bx = x.block(x.crd(), 0, n0 - 1, 1), by = y.block(y.crd(), 0, n1 - 1, 1);
        double[] d = a instanceof DoubleMultiarray dm ? dm.dat() : null;
        float[] f = a instanceof FloatMultiarray fm ? fm.dat() : null;
        int bas = a.bas(), s0 = a.str(0), s1 = a.str(1);
        for (int sx = 0; sx < bx.segments(); sx++) {
            bx.select(sx);
            for (int k = 0; k < bx.count(); k++) {
                int row = at + (int) ((long) bx.glb(k) * w0 / n0) * w1, off = bas + s0 * bx.sub(k);
                for (int sy = 0; sy < by.segments(); sy++) {
                    by.select(sy);
                    for (int l = 0; l < by.count(); l++) {
                        int o = off + s1 * by.sub(l);
                        sums[row + (int) ((long) by.glb(l) * w1 / n1)] += d != null ? d[o] : f[o];
                    }
                }
            }
        }
    }

    /**
     * Whether this process holds the primary copy of its elements: it is a member and has coordinate 0 on every grid
     * axis the array is replicated over (used by none of its ranges, not fixed by its group).
     */
    static boolean isPrimary(Multiarray a) {
        if (!a.isMember()) return false;
        Group g = a.grp();
        Procs grid = g.procs();
        for (int axis = 0; axis < grid.rank(); axis++) {
            if (g.fixedCoord(axis) >= 0) continue;
            boolean used = false;
            for (int r = 0; r < a.rank(); r++) used |= a.rng(r).dim() != null && a.rng(r).dim().axis() == axis;
            if (!used && grid.dim(axis).crd() != 0) return false;
        }
        return true;
    }

    /** {@code edges[p] = ceil(p*n/w)}, p = 0..w: the first index of each cell and, last, n. */
    static int[] edges(int n, int w) {
        int[] e = new int[w + 1];
        for (int p = 0; p <= w; p++) e[p] = (int) (((long) p * n + w - 1) / w);
        return e;
    }
}
