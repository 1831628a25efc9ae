package hpjava.lang;

import java.util.Arrays;

/**
 * A process group: a grid ({@link Procs}) with some of its dimensions fixed to one coordinate each (docs/LANGUAGE.md#groups).
 * A {@code Procs} is the group with no dimension fixed; {@code p / i} fixes the dimension of {@code i}'s range to the
 * coordinate holding {@code i} ({@link #restrict(Range, int)}).
 *
 * <p>Members are job ranks, ordered row-major over the free dimensions (last dimension fastest). Groups are immutable
 * and built purely locally: every process that builds the same group gets the same members in the same order.
 * Two groups are {@link #equals equal} when they fix the same coordinates of the same grid.
 *
 * <p><b>No member tables.</b> A group stores its grid's shape and its fixed coordinates, never a list of its members:
 * member {@code k} and the position of a rank are computed from the shape ({@link #member}, {@link #indexOf}: a few
 * divisions, no allocation). On the mt backend every rank of a job is a thread of one JVM holding its own world and
 * grids, so tables of N ints per group were N^2 for the job (343 MB at 4096 ranks); a group is now a few small arrays
 * of the grid's rank, whatever the job's size.
 */
public class Group {
    private final Procs grid;        // null for a Procs (it is its own grid)
    private final int[] fixed;       // per grid dimension: the fixed coordinate, or -1 when free
    final int[] gridShape;           // the grid's extents and row-major strides of its linear index (shared, read only)
    final int[] gridStrides;
    private final int[] posStrides;  // per grid dimension: stride of the member position along it, 0 when fixed
    private final int baseLinear;    // linear grid index of the coordinates fixed (free ones 0)
    private final int size;
    private final boolean whole;     // no dimension fixed: member position = linear grid index
    private Group[] restrictCache;   // per grid dimension: last restriction computed (immutable groups: benign race)

    /**
     * The members of {@code grid} (for a {@code Procs}: null, the grid passed as shape and strides) whose
     * coordinates match {@code fixed}; none when {@code empty} (two restrictions of one dimension disagree).
     */
    Group(Procs grid, int[] fixed, int[] gridShape, int[] gridStrides, boolean empty) {
        this.grid = grid;
        this.fixed = fixed;
        this.gridShape = gridShape;
        this.gridStrides = gridStrides;
        this.posStrides = new int[fixed.length];
        int s = 1, base = 0;
        boolean none = true;
        for (int a = fixed.length - 1; a >= 0; a--) {
            if (fixed[a] >= 0) { base += fixed[a] * gridStrides[a]; none = false; continue; }
            posStrides[a] = s;
            s *= gridShape[a];
        }
        this.baseLinear = base;
        this.size = empty ? 0 : s;
        this.whole = none && !empty;
    }

    /** The grid this group is part of. */
    public Procs procs() { return grid != null ? grid : (Procs) this; }

    /** Number of member processes. */
    public final int size() { return size; }

    /** Job rank of the {@code k}-th member, {@code 0 <= k < size()}. */
    public final int member(int k) {
        if (k < 0 || k >= size)
            throw new IndexOutOfBoundsException("member " + k + " of a group of " + size + " processes");
        return procs().rankOfLinear(linearOfMember(k));
    }

    /** Linear grid index of member {@code k} (in range). */
    final int linearOfMember(int k) {
        if (whole) return k;
        int linear = baseLinear;
        for (int a = 0; a < fixed.length; a++)
            if (fixed[a] < 0) linear += (k / posStrides[a]) % gridShape[a] * gridStrides[a];
        return linear;
    }

    /** Whether the members' linear grid indexes are {@code linearOfMember(0) + k} (no gaps between them). */
    final boolean contiguous() {
        for (int a = 0; a < fixed.length; a++) if (fixed[a] < 0 && posStrides[a] != gridStrides[a]) return false;
        return true;
    }

    /** Job ranks of all members, in group order (a copy). */
    public final int[] members() {
        int[] m = new int[size];
        for (int k = 0; k < size; k++) m[k] = procs().rankOfLinear(linearOfMember(k));
        return m;
    }

    /** Position of job rank {@code rank} among the members, or -1 if it is not a member. */
    public final int indexOf(int rank) {
        if (size == 0) return -1;
        int linear = procs().linearOf(rank);
        if (linear < 0 || whole) return linear;
        int pos = 0;
        for (int a = 0; a < fixed.length; a++) {
            int c = linear / gridStrides[a] % gridShape[a];
            if (fixed[a] < 0) pos += c * posStrides[a];
            else if (c != fixed[a]) return -1;
        }
        return pos;
    }

    /** Whether job rank {@code rank} is a member. */
    public final boolean isMember(int rank) { return indexOf(rank) >= 0; }

    /** Whether the calling process is a member. */
    public final boolean isMember() { return isMember(ProcessContext.current().id()); }

    /** Whether the process of context {@code ctx} is a member (no thread-local lookup). */
    public final boolean isMember(ProcessContext ctx) { return isMember(ctx.id()); }

    /** The coordinate a grid dimension is fixed to in this group, or -1 if that dimension is free. */
    public final int fixedCoord(int axis) { return fixed[axis]; }

    /** Whether grid dimension {@code d} is fixed in this group. */
    public final boolean isFixed(Dimension d) { return fixed[checkDim(d).axis()] >= 0; }

    /**
     * The calling process's grid coordinates (one per grid dimension), or null if it is not in the grid.
     */
    public final int[] coords() { return procs().coords(ProcessContext.current().id()); }

    /**
     * {@code this / (d = coord)}: the members whose coordinate in grid dimension {@code d} is {@code coord}. Fixing an
     * already fixed dimension to another coordinate gives the empty group.
     *
     * @throws IllegalArgumentException if {@code d} is not a dimension of this group's grid or coord is out of range
     */
    public final Group restrict(Dimension d, int coord) {
        checkDim(d);
        if (coord < 0 || coord >= d.size())
            throw new IllegalArgumentException("coordinate " + coord + " outside dimension " + d.axis() + " of extent " + d.size());
        if (fixed[d.axis()] == coord || size == 0) return this;
        int[] f = fixed.clone();
        if (f[d.axis()] >= 0) return new Group(procs(), f, gridShape, gridStrides, true);
        f[d.axis()] = coord;
        return new Group(procs(), f, gridShape, gridStrides, false);
    }

    /**
     * {@code this / i} for the location {@code i} = global index {@code n} of range {@code x}: the members holding it
     * (those whose coordinate in {@code x}'s dimension owns {@code n}). For a collapsed range, this group.
     */
    public final Group restrict(Range x, int n) {
        Dimension d = x.dim();
        if (d == null) { x.checkIndex(n); return this; }
        return restrict(d, x.owner(n));
    }

    /** Like {@link #restrict(Dimension, int)}, remembering the last result per dimension (no allocation when repeated). */
    final Group restrictCached(Dimension d, int coord) {
        Group[] cache = restrictCache;
        if (cache == null) restrictCache = cache = new Group[procs().rank()];
        Group g = cache[d.axis()];
        if (g == null || g.fixed[d.axis()] != coord || !sameFixedExcept(g, d.axis())) {
            g = restrict(d, coord);
            cache[d.axis()] = g;
        }
        return g;
    }

    private boolean sameFixedExcept(Group g, int axis) {
        for (int a = 0; a < fixed.length; a++) if (a != axis && fixed[a] != g.fixed[a]) return false;
        return true;
    }

    /** Whether every member of {@code g} is a member of this group. */
    public final boolean contains(Group g) {
        if (g == this || g.size == 0) return true;
        if (g.procs() == procs()) {
            // same grid: g's coordinates are fixed wherever ours are, to the same values (or the extent is 1)
            for (int a = 0; a < fixed.length; a++)
                if (fixed[a] >= 0 && g.fixed[a] != fixed[a] && !(g.fixed[a] < 0 && gridShape[a] == 1)) return false;
            return size != 0;
        }
        for (int k = 0; k < g.size; k++) if (!isMember(g.member(k))) return false;
        return true;
    }

    /** Whether the two groups have the same members in the same order. */
    public final boolean sameMembers(Group g) {
        if (g == this || equals(g)) return true;
        if (g.size != size) return false;
        for (int k = 0; k < size; k++) if (g.member(k) != member(k)) return false;
        return true;
    }

    private Dimension checkDim(Dimension d) {
        if (d == null) throw new IllegalArgumentException("dimension is null");
        if (d.procs() != procs())
            throw new IllegalArgumentException("dimension " + d.axis() + " of " + d.procs() + " is not a dimension of " + procs());
        return d;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Group g && g.procs() == procs() && Arrays.equals(g.fixed, fixed) && g.size == size;
    }

    @Override
    public int hashCode() { return System.identityHashCode(procs()) * 31 + Arrays.hashCode(fixed); }

    /**
     * The grid and the fixed coordinates, without the creation site: {@code Procs2(2x3) / dim 0 = 1}. A {@code Procs}
     * overrides it with its kind and shape.
     */
    public String name() {
        StringBuilder b = new StringBuilder(procs().name());
        for (int a = 0; a < fixed.length; a++) if (fixed[a] >= 0) b.append(" / dim ").append(a).append(" = ").append(fixed[a]);
        return b.toString();
    }

    /** {@link #name()}, then where the grid was created when known: {@code Procs2(2x3) / dim 0 = 1 from X.hpj:4}. */
    @Override
    public String toString() { return name() + Site.suffix(procs().site()); }
}
