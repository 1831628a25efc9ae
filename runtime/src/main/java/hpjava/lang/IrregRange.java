package hpjava.lang;

import java.util.Arrays;

/** Irregular blocks: coordinate {@code k} owns {@code sizes[k]} consecutive indices, in coordinate order. */
public class IrregRange extends ContiguousRange {
    private final int n;
    private final Dimension d;
    private final int[] start;  // start[c] = sum of sizes[0..c-1], start[P] = n
    private final int maxSize;

    /**
     * @throws IllegalArgumentException if {@code sizes.length != d.size()} or a size is negative
     */
    public IrregRange(int[] sizes, Dimension d) {
        if (d == null) throw new IllegalArgumentException("IrregRange needs a process dimension, got null");
        if (sizes == null || sizes.length != d.size())
            throw new IllegalArgumentException("IrregRange needs one block size per coordinate of " + d + " (" + d.size()
                    + "), got " + (sizes == null ? "null" : Arrays.toString(sizes)));
        this.d = d;
        start = new int[sizes.length + 1];
        int max = 0;
        long sum = 0;
        for (int c = 0; c < sizes.length; c++) {
            if (sizes[c] < 0) throw new IllegalArgumentException("IrregRange block sizes must not be negative: " + Arrays.toString(sizes));
            start[c] = (int) sum;
            sum += sizes[c];
            if (sum > Integer.MAX_VALUE) throw new IllegalArgumentException("IrregRange extent overflows int");
            max = Math.max(max, sizes[c]);
        }
        start[sizes.length] = (int) sum;
        n = (int) sum;
        maxSize = max;
        this.site = Site.here();
    }

    @Override public int size() { return n; }
    @Override public Dimension dim() { return d; }
    @Override public int storageExtent() { return maxSize; }
    @Override int lo(int c) { return start[c]; }
    @Override public int localCount(int c) { checkCoord(c); return start[c + 1] - start[c]; }

    @Override
    int ownerOf(int g) {
        // last c with start[c] <= g and a non-empty block
        int lo = 0, hi = start.length - 2;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (start[mid] <= g) lo = mid; else hi = mid - 1;
        }
        while (start[lo + 1] <= g) lo++;
        return lo;
    }

    @Override String name() { return "IrregRange(" + n + " over " + d.name() + ")"; }
}
