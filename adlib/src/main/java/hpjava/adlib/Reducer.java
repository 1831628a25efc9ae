package hpjava.adlib;

import hpjava.mpjdev.ReduceOp;

/**
 * Element-type specific arithmetic of reductions, generated per numeric type from
 * {@code src/template/Numeric.java.tmpl} (and {@link BooleanReducer} for boolean arrays).
 *
 * <p><b>Combination order</b> (documented contract): each contributing process folds its own elements starting
 * from the operation's identity ({@code -0.0} for floating sums, so the identity never changes a value's bits), in
 * the order of its local regions (row-major within each); then the per-process partials are combined left to right
 * in APG member order, {@code ((p_0 op p_1) op p_2) ...}, by member 0 (binomial-tree gather, then broadcast) or by
 * the backend's native allreduce, which specifies the same order. Processes holding no primary copy contribute the
 * identity. Hence the same program on the same number of processes gives the same bits on every backend.
 */
interface Reducer {
    /** A new accumulator array of {@code m} elements for {@code op}. */
    Object newAcc(ReduceOp op, int m);

    /** Sets {@code acc[off .. off+m)} to the identity of {@code op}. */
    void identity(Object acc, int off, int m, ReduceOp op);

    /** {@code acc[ao] = acc[ao] op e} for every element {@code e} of region {@code r} of {@code dat} (where the mask, if any, is true). */
    void fold(Object acc, int ao, Object dat, Region r, boolean[] mask, Region mr, ReduceOp op);

    /** {@code acc[ao+i] = acc[ao+i] op src[so+i]}, {@code 0 <= i < m}. */
    void combine(Object acc, int ao, Object src, int so, int m, ReduceOp op);

    /** The device operation equal to {@code op} on accumulators. */
    default ReduceOp nativeOp(ReduceOp op) { return op; }
}
