package hpjava.lang;

/**
 * The subrange {@code x[[l:u:s]]} of a range {@code x}: index {@code i} is {@code x}'s index {@code origin + i*step},
 * with the same owner and the same local subscript (so a section's storage layout is its parent's). A subrange of a
 * subrange is flattened onto the base range. Ghost extensions are kept for step 1 and dropped otherwise.
 */
final class Subrange extends Range {
    private final Range base;
    private final int origin, step, n;

    Subrange(Range parent, int l, int s, int n) {
        if (parent instanceof Subrange p) {
            this.base = p.base;
            this.origin = p.origin + l * p.step;
            this.step = p.step * s;
        } else {
            this.base = parent;
            this.origin = l;
            this.step = s;
        }
        this.n = n;
    }

    private int map(int i) { return origin + i * step; }

    @Override public int size() { return n; }
    @Override public Dimension dim() { return base.dim(); }
    @Override public int storageExtent() { return base.storageExtent(); }
    @Override public int loExtension() { return step == 1 ? base.loExtension() : 0; }
    @Override public int hiExtension() { return step == 1 ? base.hiExtension() : 0; }
    @Override int ownerOf(int i) { return base.ownerOf(map(i)); }
    @Override int sub(int c, int i) { return base.sub(c, map(i)); }

    @Override
    public boolean holdsWithGhosts(int c, int i) {
        if (step != 1) return holds(c, i);
        return i >= -loExtension() && i < n + hiExtension() && base.holdsWithGhosts(c, map(i));
    }

    @Override
    public int localCount(int c) {
        checkCoord(c);
        return n == 0 ? 0 : block(c, 0, n - 1, 1).totalCount();
    }

    @Override
    void fill(Block b, int c, int l, int u, int s) {
        int m = tripletCount(l, u, s);
        if (m == 0) base.fill(b, c, origin, origin - step * Integer.signum(s), step * s);
        else base.fill(b, c, map(l), map(l + (m - 1) * s), step * s);
        b.origin = origin;
        b.scale = step;
        b.transform();
    }

    @Override
    Range canonical() { return origin == 0 && step == 1 && n == base.size() ? base : this; }

    @Override
    boolean sameLayoutAs(Range o) {
        return o instanceof Subrange r && r.base == base && r.origin == origin && r.step == step && r.n == n;
    }

    /** {@code BlockRange(100 over dim 0 of Procs1(4))[[1:97:2]]}. */
    @Override String name() {
        return base.name() + (n == 0 ? "[[empty]]" : "[[" + origin + ":" + (origin + (n - 1) * step) + ":" + step + "]]");
    }

    /** Creation site of the range this is a subrange of, or null. */
    String baseSite() { return base.site; }

    @Override public String toString() { return name() + Site.suffix(base.site); }
}
