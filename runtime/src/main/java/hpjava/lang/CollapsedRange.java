package hpjava.lang;

/** A sequential (not distributed) range: every process holds all {@code n} indices, at local subscript = index. */
public class CollapsedRange extends ContiguousRange {
    private final int n;

    /** @throws IllegalArgumentException if n &lt; 0 */
    public CollapsedRange(int n) {
        if (n < 0) throw new IllegalArgumentException("range extent must not be negative, got " + n);
        this.n = n;
    }

    @Override public int size() { return n; }
    @Override public Dimension dim() { return null; }
    @Override public int storageExtent() { return n; }
    @Override int ownerOf(int g) { return 0; }
    @Override int lo(int c) { return 0; }
    @Override public int localCount(int c) { checkCoord(c); return n; }

    @Override String name() { return "CollapsedRange(" + n + ")"; }
}
