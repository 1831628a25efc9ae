package hpjava.lang;

/**
 * What generated code calls to split an {@code overall} nest around a split-phase ghost exchange (translator/README.md,
 * "Communication overlap"): the nest runs in parts, part 0 over the <em>interior</em> (the iterations whose reads of
 * the exchanged array stay inside this process's own block) while the exchange is in flight, then parts 1, 2, ...
 * over the boundary strips after it completed. Per restricted dimension q (numbered 0..K-1) part 0 takes the
 * interior [lo_q, hi_q]; part 1 + 2t (2 + 2t) takes, in dimension t, the indices below lo_t (above hi_t), in the
 * dimensions before t the interior and in those after t the whole triplet. These 2K + 1 parts partition the
 * triplets' iterations, each in its original order within a part. Bounds are global indices.
 */
public final class OverlapParts {
    private OverlapParts() {}

    /** The number of parts of a nest restricted in {@code k} dimensions. */
    public static int count(int k) {
        return 2 * k + 1;
    }

    /**
     * The lowest interior global index of range {@code r} on this process: the first one owned here whose read
     * shifted by {@code minShift} (at most 0) is owned here too. {@code loop} is the range the nest's index runs over:
     * unless it is {@code r} itself (then the index's global indices are the array's), a range without contiguous
     * blocks, or a process holding none of it, the interior is empty (every iteration is in a strip).
     */
    public static int interiorLow(Range r, Range loop, ProcessContext ctx, int minShift) {
        int c = r.crd(ctx);
        if (loop != r || !(r instanceof ContiguousRange cr) || c < 0 || c >= r.procCount() || r.localCount(c) == 0) return 0;
        return cr.lo(c) - Math.min(0, minShift);
    }

    /**
     * The highest interior global index: the last one owned here whose read shifted by {@code maxShift} (at least 0)
     * is owned here; never below {@code interiorLow - 1}, so an empty interior leaves the strips disjoint.
     */
    public static int interiorHigh(Range r, Range loop, ProcessContext ctx, int minShift, int maxShift) {
        int c = r.crd(ctx), lo = interiorLow(r, loop, ctx, minShift);
        if (loop != r || !(r instanceof ContiguousRange cr) || c < 0 || c >= r.procCount() || r.localCount(c) == 0) return lo - 1;
        return Math.max(lo - 1, cr.lo(c) + r.localCount(c) - 1 - Math.max(0, maxShift));
    }

    /**
     * The lower bound of a triplet {@code l : u : s} ({@code s > 0}) restricted to part {@code part} in its
     * dimension {@code q} of interior {@code [lo, hi]}: the first term of the progression {@code l, l + s, ...} in
     * the part (beyond {@code u} when none is).
     */
    public static int lower(int part, int q, int l, int s, int lo, int hi) {
        int t = (part - 1) >> 1;   // part >= 1: the strip of dimension t, below (even part - 1) or above its interior
        long from = part == 0 || t > q ? lo : t < q || ((part - 1) & 1) == 0 ? l : (long) hi + 1;
        if (from <= l) return l;
        long first = l + (from - l + s - 1) / s * s;
        return (int) Math.min(first, Integer.MAX_VALUE);
    }

    /** The upper bound of triplet {@code l : u : s} restricted to part {@code part} in its dimension {@code q}. */
    public static int upper(int part, int q, int u, int lo, int hi) {
        int t = (part - 1) >> 1;
        long to = part == 0 || t > q ? hi : t < q || ((part - 1) & 1) == 1 ? u : (long) lo - 1;
        return (int) Math.max(Math.min(to, u), Integer.MIN_VALUE);
    }
}
