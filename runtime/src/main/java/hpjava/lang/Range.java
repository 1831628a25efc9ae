package hpjava.lang;

/**
 * An integer interval {@code 0..size()-1} of global indices distributed over one {@link Dimension} of a process grid
 * (docs/LANGUAGE.md#ranges), or not distributed at all ({@link CollapsedRange}, {@code dim() == null}).
 *
 * <p><b>Coordinates.</b> Every query exists for an explicit process coordinate {@code c} in {@code dim()} (0 for a
 * collapsed range) and, for convenience, for the calling process ({@link #crd()}). A process outside the grid has
 * coordinate -1 and holds nothing.
 *
 * <p><b>Local subscripts.</b> The element with global index {@code g} is stored on its owner at local subscript
 * {@code localSubscript(g)}, an index into that process's local storage of length {@link #storageExtent()} (the same
 * on every coordinate). For ranges with ghost regions ({@link ExtBlockRange}) the subscripts are arranged so that the
 * element {@code g+d}, for {@code -loExtension() <= d <= hiExtension()}, is at subscript {@code localSubscript(g)+d}
 * on the process holding {@code g} (a ghost copy when {@code g+d} belongs to a neighbour).
 *
 * <p><b>Local blocks.</b> {@link #block(int, int, int, int)} describes which locations of a triplet {@code l:u:s}
 * (locations {@code l, l+s, ...} not past {@code u}; any sign of {@code s != 0}) a coordinate holds, in triplet order,
 * as {@link Block#segments()} affine segments; the k-th location of a segment has global index
 * {@code glbBase + k*glbStep} and local subscript {@code subBase + k*subStep}. Every range except
 * {@link BlockCyclicRange} (and its subranges) gives exactly one segment.
 *
 * <p>Ranges are immutable and their queries allocate nothing, except the methods returning a new {@link Block} or
 * {@link Range}.
 */
public abstract class Range {
    /** Where the program created this range ({@code File.hpj:line}), or null; set by the distributed kinds. */
    String site;

    Range() {}

    /** This range's kind, extent and dimension without its creation site: {@code BlockRange(100 over dim 0 of Procs2(2x3))}. */
    String name() { return getClass().getSimpleName() + "(" + size() + ")"; }

    /** {@link #name()}, then where the program created it when known: {@code ... from Laplace.hpj:8}. */
    @Override
    public String toString() { return name() + Site.suffix(site); }

    /** Number of global indices (the extent). */
    public abstract int size();

    /** The grid dimension this range is distributed over, or null for a collapsed (sequential) range. */
    public abstract Dimension dim();

    /** Whether this range is distributed over a grid dimension (false for collapsed ranges). */
    public final boolean isDistributed() { return dim() != null; }

    /** Number of process coordinates, {@code dim().size()}, or 1 for a collapsed range. */
    public final int procCount() { Dimension d = dim(); return d == null ? 1 : d.size(); }

    /** Ghost width below each local segment (0 unless {@link ExtBlockRange}). */
    public int loExtension() { return 0; }

    /** Ghost width above each local segment (0 unless {@link ExtBlockRange}). */
    public int hiExtension() { return 0; }

    /**
     * Local storage extent along this range, including ghost regions: the same on every coordinate, so that every
     * process of a distributed array has the same local shape and strides.
     */
    public abstract int storageExtent();

    /** Coordinate (in {@link #dim()}) of the process owning global index {@code g}; 0 for a collapsed range. */
    public final int owner(int g) { checkIndex(g); return ownerOf(g); }

    /** Local subscript of global index {@code g} on its owner. */
    public final int localSubscript(int g) { checkIndex(g); return sub(ownerOf(g), g); }

    /**
     * Local subscript of global index {@code g} on coordinate {@code c}, which must own {@code g} or hold it as a ghost
     * (the position {@code g} would have in {@code c}'s ghost region, even if {@code g} is outside {@code 0..size()-1},
     * where the ghost cells beyond the ends of the range lie).
     *
     * @throws IndexOutOfBoundsException if {@code c} neither owns {@code g} nor has a ghost cell for it
     */
    public final int localSubscript(int c, int g) {
        checkCoord(c);
        if (!holdsWithGhosts(c, g))
            throw new IndexOutOfBoundsException("global index " + g + " is neither held nor a ghost cell on coordinate " + c + " of " + this);
        return sub(c, g);
    }

    /** Whether coordinate {@code c} owns global index {@code g} (false for g out of range or c == -1). */
    public final boolean holds(int c, int g) { return g >= 0 && g < size() && c >= 0 && ownerOf(g) == c; }

    /** Whether coordinate {@code c} owns {@code g} or has a ghost cell for it. */
    public boolean holdsWithGhosts(int c, int g) { return holds(c, g); }

    /** Whether the calling process owns global index {@code g}. */
    public final boolean holds(int g) { return holds(crd(), g); }

    /** Whether the process of {@code ctx} owns global index {@code g} ({@code at}: no thread-local lookup). */
    public final boolean holds(ProcessContext ctx, int g) { return holds(crd(ctx), g); }

    /** Number of global indices coordinate {@code c} owns. */
    public abstract int localCount(int c);

    /** The calling process's coordinate in {@link #dim()}: 0 for a collapsed range, -1 if outside the grid. */
    public int crd() { Dimension d = dim(); return d == null ? 0 : d.crd(); }

    /** The coordinate of the process of {@code ctx} in {@link #dim()} (as {@link #crd()}). */
    public int crd(ProcessContext ctx) { Dimension d = dim(); return d == null ? 0 : d.crd(ctx); }

    /**
     * The locations of triplet {@code l:u:s} held by coordinate {@code c} (-1: none), as a new {@link Block}.
     *
     * @throws IllegalArgumentException if {@code s == 0}
     * @throws IndexOutOfBoundsException if the triplet is not empty and leaves {@code 0..size()-1}
     */
    public final Block block(int c, int l, int u, int s) {
        Block b = new Block();
        fill(b, c, l, u, s);
        return b;
    }

    /** As {@link #block(int, int, int, int)}, refilling {@code into} instead of allocating; returns it. */
    public final Block block(int c, int l, int u, int s, Block into) {
        fill(into, c, l, u, s);
        return into;
    }

    /** The calling process's locations of {@code l:u:s} ({@code overall (i = x for l : u : s)}). */
    public final Block localBlock(int l, int u, int s) { return block(crd(), l, u, s); }

    /** The locations of {@code l:u:s} held by the process of {@code ctx} (no thread-local lookup). */
    public final Block localBlock(ProcessContext ctx, int l, int u, int s) { return block(crd(ctx), l, u, s); }

    /**
     * As {@link #localBlock(ProcessContext, int, int, int)}, refilling {@code into} (allocated once outside the
     * enclosing loop) instead of allocating; returns it.
     */
    public final Block localBlock(ProcessContext ctx, int l, int u, int s, Block into) {
        fill(into, crd(ctx), l, u, s);
        return into;
    }

    /** The calling process's locations of the whole range ({@code overall (i = x for :)}). */
    public final Block localBlock() { return block(crd(), 0, size() - 1, 1); }

    /** The subrange {@code x[[l:u:s]]}: its index {@code i} is this range's index {@code l + i*s}. */
    public Range subrange(int l, int u, int s) {
        int n = tripletCount(l, u, s);
        return new Subrange(this, l, s, n);
    }

    /** The subrange {@code x[[l:u]]}. */
    public final Range subrange(int l, int u) { return subrange(l, u, 1); }

    /**
     * Whether {@code o} can stand for this range in subscripts ("aligned with", docs/LANGUAGE.md#multiarrays): same size, same grid
     * dimension, and every index has the same owner and the same local subscript. An index of one may subscript an
     * array whose range is the other, with the same local block; ghost widths may differ.
     */
    public final boolean alignedWith(Range o) {
        if (o == this) return true;
        if (o == null || o.size() != size() || o.dim() != dim()) return false;
        if (canonical() == o.canonical() || canonical().sameLayoutAs(o.canonical())) return true;
        for (int g = 0, n = size(); g < n; g++) {
            int c = ownerOf(g);
            if (o.ownerOf(g) != c || o.sub(c, g) != sub(c, g)) return false;
        }
        return true;
    }

    /**
     * Whether {@code o} distributes its indices exactly like this range: same size, same grid dimension and the same
     * owner for every index (local subscripts may differ, e.g. by ghost widths). Adlib's "identically aligned".
     */
    public final boolean sameDistribution(Range o) {
        if (o == this) return true;
        if (o == null || o.size() != size() || o.dim() != dim()) return false;
        if (canonical() == o.canonical() || canonical().sameLayoutAs(o.canonical())) return true;
        for (int g = 0, n = size(); g < n; g++) if (o.ownerOf(g) != ownerOf(g)) return false;
        return true;
    }

    /** Number of locations of triplet {@code l:u:s}, after checking that it stays inside {@code 0..size()-1}. */
    public final int tripletCount(int l, int u, int s) {
        if (s == 0) throw new IllegalArgumentException("triplet " + l + ":" + u + ":0 has step 0");
        long n = s > 0 ? (u >= l ? ((long) u - l) / s + 1 : 0) : (l >= u ? ((long) l - u) / -(long) s + 1 : 0);
        if (n > 0) {
            long last = l + (n - 1) * s;
            if (l < 0 || l >= size() || last < 0 || last >= size())
                throw new IndexOutOfBoundsException("triplet " + l + ":" + u + ":" + s + " leaves range 0.." + (size() - 1) + " of " + this);
        }
        return (int) n;
    }

    final void checkIndex(int g) {
        if (g < 0 || g >= size())
            throw new IndexOutOfBoundsException("global index " + g + " outside range 0.." + (size() - 1) + " of " + this);
    }

    final void checkCoord(int c) {
        if (c < 0 || c >= procCount())
            throw new IllegalArgumentException("process coordinate " + c + " outside 0.." + (procCount() - 1) + " of " + this);
    }

    // ---- per-kind implementation, no checks ----

    /** Owner of an in-range index. */
    abstract int ownerOf(int g);

    /** Local subscript of g on coordinate c (owner, or ghost holder). */
    abstract int sub(int c, int g);

    /** Fills b with the locations of l:u:s held by coordinate c (-1: none). Validates the triplet. */
    abstract void fill(Block b, int c, int l, int u, int s);

    /** For block-cyclic ranges: loads segment j of b (source == this) into b's raw fields. */
    void segment(Block b, int j) {
        throw new IllegalStateException(this + " has a single segment");
    }

    /** The range this one is an identity view of (a whole-range subrange: its base), else this. */
    Range canonical() { return this; }

    /** Cheap structural test for identical owners and subscripts; false when unknown. */
    boolean sameLayoutAs(Range o) { return false; }
}
