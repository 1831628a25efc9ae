package hpjava.lang;

/**
 * HPF BLOCK distribution: with {@code B = ceil(n / P)}, coordinate {@code c} owns {@code c*B .. min(n, (c+1)*B) - 1}
 * (trailing coordinates may own nothing). Local subscript of {@code g} on its owner: {@code g - c*B}.
 */
public class BlockRange extends ContiguousRange {
    private final int n;
    private final Dimension d;
    final int blockSize;

    /**
     * {@code n} indices in blocks over grid dimension {@code d}.
     *
     * @throws IllegalArgumentException if n &lt; 0 or d is null
     */
    public BlockRange(int n, Dimension d) {
        if (n < 0) throw new IllegalArgumentException("range extent must not be negative, got " + n);
        if (d == null) throw new IllegalArgumentException("BlockRange needs a process dimension, got null");
        this.n = n;
        this.d = d;
        this.blockSize = n == 0 ? 0 : (n + d.size() - 1) / d.size();
        this.site = Site.here();
    }

    /** Indices per block, {@code ceil(size() / dim().size())}. */
    public final int blockSize() { return blockSize; }

    @Override public final int size() { return n; }
    @Override public final Dimension dim() { return d; }
    @Override public int storageExtent() { return blockSize + loExtension() + hiExtension(); }
    @Override int ownerOf(int g) { return g / blockSize; }
    @Override int lo(int c) { return c * blockSize; }
    @Override public final int localCount(int c) {
        checkCoord(c);
        return Math.max(0, Math.min(n, (c + 1) * blockSize) - c * blockSize);
    }

    @Override String name() { return "BlockRange(" + n + " over " + d.name() + ")"; }
}
