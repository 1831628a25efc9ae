package hpjava.lang;

import java.util.Arrays;

/**
 * A process group: a grid ({@link Procs}) with some of its dimensions fixed to one coordinate each (spec §4).
 * A {@code Procs} is the group with no dimension fixed; {@code p / i} fixes the dimension of {@code i}'s range to the
 * coordinate holding {@code i} ({@link #restrict(Range, int)}).
 *
 * <p>Members are job ranks, ordered row-major over the free dimensions (last dimension fastest). Groups are immutable
 * and built purely locally: every process that builds the same group gets the same members in the same order.
 * Two groups are {@link #equals equal} when they fix the same coordinates of the same grid.
 */
public class Group {
    private final Procs grid;        // null for a Procs (it is its own grid)
    private final int[] fixed;       // per grid dimension: the fixed coordinate, or -1 when free
    private final int[] members;     // job ranks, row-major over the free dimensions
    private final int[] positionOf;  // job rank -> index in members, or -1
    private Group[] restrictCache;   // per grid dimension: last restriction computed (immutable groups: benign race)

    Group(Procs grid, int[] fixed, int[] members) {
        this.grid = grid;
        this.fixed = fixed;
        this.members = members;
        int max = -1;
        for (int m : members) max = Math.max(max, m);
        positionOf = new int[max + 1];
        Arrays.fill(positionOf, -1);
        for (int k = 0; k < members.length; k++) positionOf[members[k]] = k;
    }

    /** The grid this group is part of. */
    public Procs procs() { return grid != null ? grid : (Procs) this; }

    /** Number of member processes. */
    public final int size() { return members.length; }

    /** Job rank of the {@code k}-th member, {@code 0 <= k < size()}. */
    public final int member(int k) {
        if (k < 0 || k >= members.length)
            throw new IndexOutOfBoundsException("member " + k + " of a group of " + members.length + " processes");
        return members[k];
    }

    /** Job ranks of all members, in group order (a copy). */
    public final int[] members() { return members.clone(); }

    /** Position of job rank {@code rank} among the members, or -1 if it is not a member. */
    public final int indexOf(int rank) {
        return rank >= 0 && rank < positionOf.length ? positionOf[rank] : -1;
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
        int[] f = fixed.clone();
        if (f[d.axis()] >= 0 && f[d.axis()] != coord) return new Group(procs(), f, new int[0]);
        if (f[d.axis()] == coord) return this;
        f[d.axis()] = coord;
        return new Group(procs(), f, procs().membersMatching(f));
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
        for (int m : g.members) if (!isMember(m)) return false;
        return true;
    }

    /** Whether the two groups have the same members in the same order. */
    public final boolean sameMembers(Group g) { return Arrays.equals(members, g.members); }

    private Dimension checkDim(Dimension d) {
        if (d == null) throw new IllegalArgumentException("dimension is null");
        if (d.procs() != procs())
            throw new IllegalArgumentException("dimension " + d.axis() + " of " + d.procs() + " is not a dimension of " + procs());
        return d;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Group g && g.procs() == procs() && Arrays.equals(g.fixed, fixed);
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
