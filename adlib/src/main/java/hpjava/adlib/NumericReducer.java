package hpjava.adlib;

/** A {@link Reducer} of a numeric element type, with the extras of maxloc/minloc and dotProduct. */
interface NumericReducer extends Reducer {
    /** {@code Box.compare(x[i], y[j])}: the total order used by maxloc/minloc. */
    int compare(Object x, int i, Object y, int j);

    /**
     * Scans region {@code r} (where the mask is true) for the k = {@code idx.length} greatest ({@code max}) or least
     * elements, continuing from those kept so far: {@code best[q]} at global linear index {@code idx[q]}, best first,
     * -1 for an empty slot; ties go to the smaller linear index (first in row-major order). Updates both.
     */
    void locate(Object best, long[] idx, Object dat, Region r, boolean[] mask, Region mr, boolean max);

    /** {@code acc[ao] = acc[ao] op dat[base + i*stride]} for {@code 0 <= i < count}, in order. */
    void foldLine(Object acc, int ao, Object dat, int base, int count, int stride, hpjava.mpjdev.ReduceOp op);

    /**
     * Adds every element of region {@code r} of {@code dat} (where the mask, if any, is true) to {@code acc}
     * exactly; floating element types only (a long beyond 2^53 would be rounded on the way).
     */
    void foldExact(ExactSum acc, Object dat, Region r, boolean[] mask, Region mr);

    double getD(Object dat, int off);

    long getL(Object dat, int off);

    /** Whether the element type is floating-point. */
    boolean floating();
}
