package hpjava.lang;

/**
 * A range where each coordinate {@code c} owns one contiguous interval {@code lo(c) .. lo(c)+localCount(c)-1}, stored
 * at local subscripts {@code loExtension() ..}: {@code sub(c, g) = g - lo(c) + loExtension()} for every {@code g} of
 * the interval and of its ghost regions. Block, extended block, irregular, collapsed ranges and dimensions.
 */
abstract class ContiguousRange extends Range {
    /** First global index owned by coordinate c (for an empty share: where it would start). */
    abstract int lo(int c);

    @Override
    final int sub(int c, int g) { return g - lo(c) + loExtension(); }

    @Override
    public boolean holdsWithGhosts(int c, int g) {
        if (c < 0 || c >= procCount()) return false;
        int lo = lo(c);
        return g >= lo - loExtension() && g < lo + localCount(c) + hiExtension();
    }

    @Override
    final void fill(Block b, int c, int l, int u, int s) {
        int n = tripletCount(l, u, s);
        b.reset();
        if (c < 0 || n == 0) { checkCoordOrNone(c); b.set(0, 0, s, 0, s); return; }
        checkCoord(c);
        int lo = lo(c);
        intersect(b, l, s, n, lo, lo + localCount(c) - 1, loExtension());
    }

    /**
     * Sets b to the locations of the n-term progression l, l+s, ... inside [lo, hi], where lo is stored at local
     * subscript subLo and subscripts grow by one with the global index.
     */
    static void intersect(Block b, int l, int s, int n, int lo, int hi, int subLo) {
        long t0, t1;
        if (s > 0) {
            t0 = Math.max(0, ceilDiv((long) lo - l, s));
            t1 = Math.min(n - 1, Math.floorDiv((long) hi - l, (long) s));
        } else {
            t0 = Math.max(0, ceilDiv((long) l - hi, -(long) s));
            t1 = Math.min(n - 1, Math.floorDiv((long) l - lo, -(long) s));
        }
        int count = (int) Math.max(0, t1 - t0 + 1);
        int g0 = (int) (l + t0 * s);
        b.set(count, g0, s, g0 - lo + subLo, s);
    }

    final void checkCoordOrNone(int c) { if (c != -1) checkCoord(c); }

    static long ceilDiv(long a, long b) { return -Math.floorDiv(-a, b); }

    @Override
    boolean sameLayoutAs(Range o) {
        if (!(o instanceof ContiguousRange r) || r.size() != size() || r.dim() != dim() || r.loExtension() != loExtension())
            return false;
        for (int c = 0, p = procCount(); c < p; c++) if (r.lo(c) != lo(c) || r.localCount(c) != localCount(c)) return false;
        return true;
    }
}
