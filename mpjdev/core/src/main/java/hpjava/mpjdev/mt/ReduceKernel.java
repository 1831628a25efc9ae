package hpjava.mpjdev.mt;

import hpjava.mpjdev.ReduceOp;
import hpjava.mpjdev.SectionType;

/**
 * Element-wise combination for every primitive type through two kernels: integral types and boolean combine as
 * {@code long} (truncating back gives Java's wrapping arithmetic exactly), floating types as {@code double} (a float
 * sum or product computed in double and rounded once to float equals the float operation, since double carries more
 * than twice float's precision). Only the element accessors know the array types.
 */
final class ReduceKernel {
    private ReduceKernel() {
    }

    /** {@code acc[i] = acc[i] op src[srcOff + i]} for {@code 0 <= i < n}. */
    static void combine(SectionType t, Object acc, Object src, int srcOff, int n, ReduceOp op) {
        if (t == SectionType.FLOAT || t == SectionType.DOUBLE) {
            for (int i = 0; i < n; i++) setD(acc, i, op.apply(getD(acc, i), getD(src, srcOff + i)));
        } else {
            for (int i = 0; i < n; i++) setL(acc, i, op.apply(getL(acc, i), getL(src, srcOff + i)));
        }
    }

    private static long getL(Object a, int i) {
        return switch (a) {
            case int[] x -> x[i];
            case long[] x -> x[i];
            case byte[] x -> x[i];
            case short[] x -> x[i];
            case char[] x -> x[i];
            case boolean[] x -> x[i] ? 1 : 0;
            default -> throw new IllegalArgumentException(a.getClass().getTypeName());
        };
    }

    private static void setL(Object a, int i, long v) {
        switch (a) {
            case int[] x -> x[i] = (int) v;
            case long[] x -> x[i] = v;
            case byte[] x -> x[i] = (byte) v;
            case short[] x -> x[i] = (short) v;
            case char[] x -> x[i] = (char) v;
            case boolean[] x -> x[i] = (v & 1) != 0;
            default -> throw new IllegalArgumentException(a.getClass().getTypeName());
        }
    }

    private static double getD(Object a, int i) {
        return a instanceof double[] x ? x[i] : ((float[]) a)[i];
    }

    private static void setD(Object a, int i, double v) {
        if (a instanceof double[] x) x[i] = v; else ((float[]) a)[i] = (float) v;
    }
}
