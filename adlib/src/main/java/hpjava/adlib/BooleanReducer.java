package hpjava.adlib;

import hpjava.mpjdev.ReduceOp;

/**
 * Reductions of boolean arrays: {@code BOR} = any, {@code BAND} = all (boolean accumulators), {@code SUM} = count
 * (a {@code long} accumulator).
 */
final class BooleanReducer implements Reducer {
    static final BooleanReducer INSTANCE = new BooleanReducer();

    private BooleanReducer() {}

    @Override
    public Object newAcc(ReduceOp op, int m) { return op == ReduceOp.SUM ? new long[m] : new boolean[m]; }

    @Override
    public void identity(Object acc, int off, int m, ReduceOp op) {
        if (op == ReduceOp.SUM) java.util.Arrays.fill((long[]) acc, off, off + m, 0L);
        else java.util.Arrays.fill((boolean[]) acc, off, off + m, op == ReduceOp.BAND);
    }

    @Override
    public void fold(Object acc, int ao, Object dat, Region r, boolean[] mask, Region mr, ReduceOp op) {
        long n = walk((boolean[]) dat, r.base, r.strides, mask, mr == null ? 0 : mr.base, mr == null ? null : mr.strides, r.counts, 0);
        long size = mask == null ? r.size : walk(mask, mr.base, mr.strides, null, 0, null, r.counts, 0);
        switch (op) {
            case SUM -> ((long[]) acc)[ao] += n;
            case BOR -> ((boolean[]) acc)[ao] |= n > 0;
            case BAND -> ((boolean[]) acc)[ao] &= n == size;
            default -> throw new AdlibException("internal: " + op + " on boolean");
        }
    }

    /** Number of true elements of the region (where the mask is true). */
    private static long walk(boolean[] d, int b, int[] s, boolean[] m, int mb, int[] ms, int[] c, int dim) {
        final int n = c[dim], st = s[dim];
        long t = 0;
        if (dim == c.length - 1) {
            if (m == null) { for (int i = 0; i < n; i++) if (d[b + i * st]) t++; }
            else { final int mst = ms[dim]; for (int i = 0; i < n; i++) if (m[mb + i * mst] && d[b + i * st]) t++; }
            return t;
        }
        for (int i = 0; i < n; i++) t += walk(d, b + i * st, s, m, mb + (m == null ? 0 : i * ms[dim]), ms, c, dim + 1);
        return t;
    }

    @Override
    public void combine(Object acc, int ao, Object src, int so, int m, ReduceOp op) {
        if (op == ReduceOp.SUM) {
            long[] a = (long[]) acc, s = (long[]) src;
            for (int i = 0; i < m; i++) a[ao + i] += s[so + i];
        } else {
            boolean[] a = (boolean[]) acc, s = (boolean[]) src;
            for (int i = 0; i < m; i++) a[ao + i] = op == ReduceOp.BAND ? a[ao + i] & s[so + i] : a[ao + i] | s[so + i];
        }
    }
}
