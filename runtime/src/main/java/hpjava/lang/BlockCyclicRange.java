package hpjava.lang;

/**
 * HPF CYCLIC(b) distribution: blocks of {@code b} consecutive indices dealt round-robin, block {@code B} to coordinate
 * {@code B mod P}. Local subscript of {@code g}: {@code (g / (b*P)) * b + g mod b} (a coordinate's blocks stored one
 * after another). The locations of a triplet held by one coordinate are one affine segment per cyclic block, so
 * {@link Block}s of this range have several segments.
 */
public class BlockCyclicRange extends Range {
    private final int n;
    private final Dimension d;
    private final int b;
    private final int p;
    private final int nblocks;

    /** @throws IllegalArgumentException if n &lt; 0, d is null or b &lt; 1 */
    public BlockCyclicRange(int n, Dimension d, int b) {
        if (n < 0) throw new IllegalArgumentException("range extent must not be negative, got " + n);
        if (d == null) throw new IllegalArgumentException("BlockCyclicRange needs a process dimension, got null");
        if (b < 1) throw new IllegalArgumentException("BlockCyclicRange block size must be at least 1, got " + b);
        this.n = n;
        this.d = d;
        this.b = b;
        this.p = d.size();
        this.nblocks = (int) (((long) n + b - 1) / b);
        this.site = Site.here();
    }

    /** Indices per block. */
    public int blockSize() { return b; }

    @Override public int size() { return n; }
    @Override public Dimension dim() { return d; }
    @Override public int storageExtent() { return (nblocks + p - 1) / p * b; }
    @Override int ownerOf(int g) { return (g / b) % p; }
    @Override int sub(int c, int g) { return g / (b * p) * b + g % b; }

    @Override
    public int localCount(int c) {
        checkCoord(c);
        if (c >= nblocks) return 0;
        int mine = (nblocks - 1 - c) / p + 1;
        int count = mine * b;
        if ((nblocks - 1) % p == c) count -= nblocks * b - n;  // the last block is short
        return count;
    }

    @Override
    void fill(Block blk, int c, int l, int u, int s) {
        int cnt = tripletCount(l, u, s);
        blk.reset();
        if (c != -1) checkCoord(c);
        if (c < 0 || cnt == 0) { blk.set(0, 0, s, 0, s); return; }
        int last = l + (cnt - 1) * s;
        int blkLo = Math.min(l, last) / b, blkHi = Math.max(l, last) / b;
        int jLo = (int) Math.max(0, ContiguousRange.ceilDiv(blkLo - c, p));
        int jHi = Math.floorDiv(blkHi - c, p);
        blk.source = this;
        blk.coord = c; blk.l = l; blk.s = s; blk.n = cnt; blk.segLo = jLo; blk.segHi = jHi;
        blk.segments = Math.max(0, jHi - jLo + 1);
        if (blk.segments > 0) segment(blk, 0); else blk.set(0, 0, s, 0, s);
    }

    @Override
    void segment(Block blk, int j) {
        int c = blk.coord;
        long block = (long) c + (long) (blk.s > 0 ? blk.segLo + j : blk.segHi - j) * p;
        int lo = (int) (block * b), hi = (int) Math.min(n - 1, block * b + b - 1);
        ContiguousRange.intersect(blk, blk.l, blk.s, blk.n, lo, hi, sub(c, lo));
    }

    @Override
    boolean sameLayoutAs(Range o) { return o instanceof BlockCyclicRange r && r.n == n && r.d == d && r.b == b; }

    @Override String name() { return "BlockCyclicRange(" + n + " over " + d.name() + ", blocks of " + b + ")"; }
}
