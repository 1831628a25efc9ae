package hpjava.lang;

import java.util.Arrays;

/**
 * Rank-generic metadata of a distributed array (a "multiarray", docs/LANGUAGE.md#multiarrays); one generated subclass per element type
 * ({@code BooleanMultiarray} ... {@code DoubleMultiarray}, {@code ObjectMultiarray<E>}) adds the storage {@code dat()},
 * a plain Java array.
 *
 * <p><b>Layout.</b> Dimension {@code r} has a {@link Range} {@code rng(r)} ({@link CollapsedRange} for a sequential
 * dimension). Each member of {@link #grp()} stores its local elements, ghost cells included, in {@code dat()}; the
 * element with local subscripts {@code (s0, ..., sR-1)} (see {@link Range#localSubscript(int)}) is at offset
 * {@code bas() + str(0)*s0 + ... + str(R-1)*sR-1}. Local shapes, strides and the base are the same on every process,
 * so this formula also gives the offset of any element on its owner. A process outside {@code grp()} has an empty
 * {@code dat()}. A new array is row-major over the storage extents ({@link Range#storageExtent()}), base 0.
 *
 * <p><b>Sections</b> ({@link #section}) alias the parent's {@code dat()}: a triplet dimension becomes the subrange
 * (same subscripts, same stride); a scalar subscript {@code n} adds {@code str(r)*localSubscript(n)} to the base, drops
 * the dimension and restricts the group to the processes holding {@code n}.
 *
 * <p>Element access by global subscripts ({@code get}/{@code set} of the subclasses) is the slow path for tests and
 * libraries; generated loops use {@code dat()}, {@code bas()} and {@code str(r)} hoisted into final locals.
 */
public abstract class Multiarray {
    private final Group grp;
    private final Range[] rng;
    private final int bas;
    private final int[] str;
    private final boolean member;   // the creating process is a member of grp (holds storage)
    /** {@link #localOffsets} of every dimension, made on first use (copies reuse them); see {@link #offsetTables}. */
    private volatile int[][] offsetTables;

    /**
     * Metadata of a new array over {@code ranges}, distributed over {@code group} (null: the APG, or, if the
     * distributed ranges are over a grid whose processes are all in the APG but which is not the APG's grid, that
     * grid).
     *
     * @throws IllegalArgumentException for a null range, a range over another grid than the group's, two ranges over
     *         one grid dimension, or a range over a dimension the group fixes
     */
    protected Multiarray(Group group, Range[] ranges) {
        if (ranges == null) throw new IllegalArgumentException("ranges are null");
        this.rng = ranges.clone();
        for (int r = 0; r < rng.length; r++) if (rng[r] == null) throw new IllegalArgumentException("range of dimension " + r + " is null");
        ProcessContext ctx = ProcessContext.current();
        this.grp = group != null ? group : defaultGroup(ctx.apg(), rng);
        boolean[] used = new boolean[grp.procs().rank()];
        for (int r = 0; r < rng.length; r++) {
            Dimension d = rng[r].dim();
            if (d == null) continue;
            if (d.procs() != grp.procs())
                throw new IllegalArgumentException("range of dimension " + r + " (" + rng[r] + ") is distributed over "
                        + d.procs() + ", not over the array's group " + grp);
            if (used[d.axis()])
                throw new IllegalArgumentException("two dimensions of the array are distributed over grid dimension " + d.axis());
            if (grp.fixedCoord(d.axis()) >= 0)
                throw new IllegalArgumentException("range of dimension " + r + " is over grid dimension " + d.axis()
                        + ", which the group " + grp + " restricts to one coordinate");
            used[d.axis()] = true;
        }
        this.str = new int[rng.length];
        long size = 1;
        for (int r = rng.length - 1; r >= 0; r--) {
            str[r] = (int) size;
            size *= rng[r].storageExtent();
            if (size > Integer.MAX_VALUE - 16)
                throw new IllegalArgumentException("local storage of " + size + " elements exceeds a Java array");
        }
        this.bas = 0;
        this.member = grp.isMember(ctx);
    }

    /**
     * Metadata of the section {@code parent[[subs]]}, aliasing the parent's storage.
     *
     * @throws IllegalArgumentException if the number of subscripts is not the parent's rank
     * @throws IndexOutOfBoundsException if a subscript leaves its dimension
     */
    protected Multiarray(Multiarray parent, Triplet[] subs) {
        if (subs == null || subs.length != parent.rank())
            throw new IllegalArgumentException("section of a rank-" + parent.rank() + " array needs " + parent.rank()
                    + " subscripts, got " + (subs == null ? "null" : subs.length));
        int kept = 0;
        for (int r = 0; r < subs.length; r++) {
            Triplet t = subs[r];
            if (t == null) throw new IllegalArgumentException("section subscript is null");
            if (t.split && parent.rng[r].dim() == null)
                throw new IllegalArgumentException("<> in dimension " + r + " of a section of " + parent
                        + ": only a distributed dimension can be split, " + parent.rng[r] + " is sequential");
            kept += t.scalar ? 0 : t.split ? 2 : 1;
        }
        Range[] nr = new Range[kept];
        int[] ns = new int[kept];
        long b = parent.bas;
        Group g = parent.grp;
        for (int r = 0, k = 0; r < subs.length; r++) {
            Triplet t = subs[r];
            Range x = parent.rng[r];
            if (t.split) {
                // the process dimension: one location per coordinate, at local subscript 0 (stride unused)
                nr[k] = x.dim();
                ns[k++] = 0;
                nr[k] = new CollapsedRange(x.storageExtent());
                ns[k++] = parent.str[r];
            } else if (t.scalar) {
                int c = x.owner(t.l);
                b += (long) parent.str[r] * x.sub(c, t.l);
                if (x.dim() != null) g = g.restrict(x.dim(), c);
            } else {
                nr[k] = t.all ? x : x.subrange(t.l, t.u, t.s);
                ns[k++] = parent.str[r];
            }
        }
        this.rng = nr;
        this.str = ns;
        this.bas = (int) b;
        this.grp = g;
        this.member = parent.member && g.isMember(ProcessContext.current());
    }

    private static Group defaultGroup(Group apg, Range[] ranges) {
        Procs grid = null;
        for (Range x : ranges) {
            Dimension d = x.dim();
            if (d == null) continue;
            if (grid == null) grid = d.procs();
            else if (grid != d.procs())
                throw new IllegalArgumentException("the array's ranges are distributed over two different grids, "
                        + grid + " and " + d.procs());
        }
        if (grid == null || grid == apg.procs()) return apg;
        if (apg.contains(grid)) return grid;
        throw new IllegalArgumentException("the array's ranges are distributed over " + grid
                + ", which has processes outside the active process group " + apg);
    }

    /** The distribution group. */
    public final Group grp() { return grp; }

    /** Number of dimensions. */
    public final int rank() { return rng.length; }

    /** The range of dimension {@code r}. */
    public final Range rng(int r) {
        if (r < 0 || r >= rng.length) throw new IllegalArgumentException("dimension " + r + " of a rank-" + rng.length + " array");
        return rng[r];
    }

    /** Global extents, {@code rng(r).size()} per dimension (a copy). */
    public final int[] shape() {
        int[] s = new int[rng.length];
        for (int r = 0; r < s.length; r++) s[r] = rng[r].size();
        return s;
    }

    /** Base offset of local subscripts (0,...,0) in {@code dat()}. */
    public final int bas() { return bas; }

    /** Stride of dimension {@code r} in {@code dat()}. */
    public final int str(int r) {
        if (r < 0 || r >= str.length) throw new IllegalArgumentException("dimension " + r + " of a rank-" + str.length + " array");
        return str[r];
    }

    /** Whether the process that created this array object is a member of {@link #grp()} (holds storage). */
    public final boolean isMember() { return member; }

    /** Length of the local storage a member allocates: the product of storage extents. */
    public final int storageLength() {
        long n = 1;
        for (Range x : rng) n *= x.storageExtent();
        return (int) n;
    }

    /** Element type of {@code dat()} as written in Java ("double", "Object"). */
    public abstract String elementType();

    /** Length of {@code dat()}. */
    public abstract int datLength();

    /** {@code dat()} as an {@code Object} (a {@code double[]}, ..., {@code Object[]}), for type-generic library code. */
    public abstract Object storage();

    /**
     * The processes holding the element at global subscripts {@code g} ({@code grp() / i0 / i1 ...}): the group
     * restricted, for each distributed dimension, to the coordinate owning that subscript. More than one member when
     * the array is replicated over grid dimensions none of its ranges uses.
     *
     * @throws IndexOutOfBoundsException if a subscript is out of its range
     */
    public final Group holders(int... g) {
        checkRank(g);
        Group h = grp;
        for (int r = 0; r < rng.length; r++) h = h.restrict(rng[r], g[r]);
        return h;
    }

    /**
     * Whether the calling process holds the element at global subscripts {@code g} (it is a member and owns every
     * subscript; no ghost cells).
     */
    public final boolean holds(int... g) {
        checkRank(g);
        if (!member) return false;
        for (int r = 0; r < rng.length; r++) if (!rng[r].holds(rng[r].crd(), g[r])) return false;
        return true;
    }

    /**
     * Offset in {@code dat()} of the element at global subscripts {@code g}, which the calling process must hold.
     *
     * @throws IndexOutOfBoundsException if a subscript is out of its range or the element is held elsewhere
     */
    public final int offset(int... g) {
        checkRank(g);
        if (!member) throw new IndexOutOfBoundsException("element " + Arrays.toString(g) + ": process "
                + ProcessContext.current().id() + " is not in the array's group " + grp);
        long off = bas;
        for (int r = 0; r < rng.length; r++) {
            Range x = rng[r];
            int c = x.crd(), o = x.owner(g[r]);
            if (o != c)
                throw new IndexOutOfBoundsException("element " + Arrays.toString(g) + " is held by coordinate " + o
                        + " of " + x.dim() + ", not by process " + ProcessContext.current().id() + " (coordinate " + c + ")");
            off += (long) str[r] * x.sub(c, g[r]);
        }
        return (int) off;
    }

    /**
     * Global indices of dimension {@code r} held by the calling process, in increasing order (empty for a non-member).
     */
    public final int[] localIndexes(int r) {
        Range x = rng(r);
        if (!member) return new int[0];
        int c = x.crd();
        Block b = x.block(c, 0, x.size() - 1, 1);
        int[] out = new int[b.totalCount()];
        int k = 0;
        for (int j = 0; j < b.segments(); j++) {
            b.select(j);
            for (int i = 0; i < b.count(); i++) out[k++] = b.glb(i);
        }
        return out;
    }

    /**
     * {@code str(r) * localSubscript} of each index of {@link #localIndexes(int)}: the offset of a held element is
     * {@code bas() + }the sum over dimensions of these terms.
     */
    public final int[] localOffsets(int r) {
        int[] idx = localIndexes(r);
        Range x = rng[r];
        int c = x.crd();
        for (int k = 0; k < idx.length; k++) idx[k] = str[r] * x.sub(c, idx[k]);
        return idx;
    }

    /**
     * {@link #localOffsets(int)} of every dimension, computed once per array and shared by every later call (the
     * shape of an array never changes); callers must not modify them. Used by {@link #copyFrom} so that a copy in a
     * loop allocates nothing after the first.
     */
    final int[][] offsetTables() {
        int[][] t = offsetTables;
        if (t == null) {
            t = new int[rng.length][];
            for (int r = 0; r < t.length; r++) t[r] = localOffsets(r);
            offsetTables = t;
        }
        return t;
    }

    /** Whether a table of {@link #offsetTables()} holds consecutive offsets (a run of elements, copied at once). */
    static boolean consecutive(int[] offsets) {
        for (int i = 1; i < offsets.length; i++) if (offsets[i] != offsets[0] + i) return false;
        return true;
    }

    /**
     * Whether {@code o} is distributed identically: same rank, same group members, and per dimension the same size
     * and owners ({@link Range#sameDistribution}). Ghost widths and storage may differ.
     */
    public final boolean sameDistribution(Multiarray o) {
        if (o.rank() != rank() || !o.grp.sameMembers(grp)) return false;
        for (int r = 0; r < rng.length; r++) if (!rng[r].sameDistribution(o.rng[r])) return false;
        return true;
    }

    /**
     * Copies the calling process's elements of {@code src} into this array (the body of {@link HPutil#copy}).
     *
     * @throws IllegalArgumentException if the element types differ or the arrays are not identically distributed
     */
    public abstract void copyFrom(Multiarray src);

    final void checkCopy(Multiarray src) {
        if (src == null) throw new IllegalArgumentException("HPutil.copy: source array is null");
        if (!src.elementType().equals(elementType()) || src.getClass() != getClass())
            throw new IllegalArgumentException("HPutil.copy: cannot copy a " + src.elementType() + " array into a "
                    + elementType() + " array");
        if (!sameDistribution(src))
            throw new IllegalArgumentException("HPutil.copy: arrays are not identically distributed: destination "
                    + describe() + ", source " + src.describe());
    }

    private void checkRank(int[] g) {
        if (g == null || g.length != rng.length)
            throw new IllegalArgumentException("rank-" + rng.length + " array subscripted with "
                    + (g == null ? "null" : g.length + " subscripts"));
    }

    /**
     * The array's element type, ranges and group, for messages, then the creation site of its first distributed range
     * when known: {@code float [[BlockRange(100 over dim 0 of Procs2(2x3)), CollapsedRange(8)]] on Procs2(2x3) from
     * X.hpj:5 (range of dimension 0)}.
     */
    public final String describe() {
        StringBuilder b = new StringBuilder(elementType()).append(" [[");
        String site = null;
        int siteDim = -1;
        for (int r = 0; r < rng.length; r++) {
            b.append(r > 0 ? ", " : "").append(rng[r].name());
            String s = rng[r] instanceof Subrange sr ? sr.baseSite() : rng[r].site;
            if (site == null && s != null) { site = s; siteDim = r; }
        }
        b.append("]] on ").append(grp.name());
        if (site != null) b.append(" from ").append(site).append(" (range of dimension ").append(siteDim).append(')');
        return b.toString();
    }

    @Override
    public String toString() { return describe(); }
}
