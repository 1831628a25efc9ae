package hpjava.adlib;

import hpjava.lang.Multiarray;

/**
 * The lines of a complex multiarray along one dimension, as {@link ComplexFft} visits them: for every combination of
 * the local subscripts of the remaining dimensions except the batch dimension, a base offset; along it, the offsets of
 * the line's points ({@link #along}), of the lines of one batch ({@link #batch}: the dimension of smallest stride, so
 * that a batch reads neighbouring memory) and of the real and imaginary parts. The tables of the last few (array,
 * dimension) pairs are kept, so a program transforming the same arrays again allocates nothing.
 */
final class LineWalk {
    private static final int KEPT = 4;

    int[] along, batch;
    int re, im;
    /** Whether the points of a line lie closer in memory than the starts of neighbouring lines. */
    boolean alongFirst;
    private final Plan[] kept = new Plan[KEPT];
    private int nextSlot;
    private Plan plan;

    /** Prepares to walk {@code a} along {@code dim}; returns false when the process holds no line. */
    boolean start(Multiarray a, int dim) {
        plan = null;
        for (Plan p : kept) if (p != null && p.array == a && p.dim == dim) plan = p;
        if (plan == null) {
            plan = new Plan(a, dim);
            kept[nextSlot] = plan;
            nextSlot = (nextSlot + 1) % KEPT;
        }
        along = plan.along;
        batch = plan.batch;
        re = plan.re;
        im = plan.im;
        alongFirst = plan.alongFirst;
        java.util.Arrays.fill(plan.counter, 0);
        return !plan.empty;
    }

    /** The offset of the current combination of the remaining dimensions. */
    int base() {
        int b = plan.bas;
        int[][] rest = plan.rest;
        int[] counter = plan.counter;
        for (int k = 0; k < rest.length; k++) b += rest[k][counter[k]];
        return b;
    }

    /** Advances to the next combination; false after the last. */
    boolean next() {
        int[][] rest = plan.rest;
        int[] counter = plan.counter;
        for (int k = rest.length - 1; k >= 0; k--) {
            if (++counter[k] < rest[k].length) return true;
            counter[k] = 0;
        }
        return false;
    }

    /** The offset tables of one array along one dimension. */
    private static final class Plan {
        final Multiarray array;
        final int dim, re, im, bas;
        final int[] along, batch;
        final int[][] rest;
        final int[] counter;
        final boolean empty, alongFirst;

        Plan(Multiarray a, int dim) {
            this.array = a;
            this.dim = dim;
            int complex = a.rank() - 1, batchDim = -1;
            for (int r = 0; r < complex; r++)
                if (r != dim && (batchDim < 0 || Math.abs(a.str(r)) < Math.abs(a.str(batchDim)))) batchDim = r;
            along = a.localOffsets(dim);
            int[] parts = a.localOffsets(complex);
            re = parts[0];
            im = parts[1];
            batch = batchDim < 0 ? new int[] {0} : a.localOffsets(batchDim);
            rest = new int[Math.max(0, complex - 2)][];
            for (int r = 0, k = 0; r < complex; r++)
                if (r != dim && r != batchDim) rest[k++] = a.localOffsets(r);
            alongFirst = batchDim >= 0 && Math.abs(a.str(dim)) < Math.abs(a.str(batchDim));
            counter = new int[rest.length];
            bas = a.bas();
            boolean none = along.length == 0 || batch.length == 0;
            for (int[] t : rest) none |= t.length == 0;
            empty = none;
        }
    }
}
