package hpjava.lang;

import java.util.Arrays;

/**
 * An n-dimensional grid of processes (docs/LANGUAGE.md#groups). {@code new Procs(p, q, ...)} takes the first {@code p*q*...} members
 * of the calling process's APG, in APG order, and lays them out row-major (last dimension fastest). Construction is
 * purely local and deterministic: it communicates nothing, so every APG member builds the same grid.
 * Processes of the APG beyond the first {@code p*q*...} are not in the grid (they are not members).
 */
public class Procs extends Group {
    // Linear grid index k (row-major over the shape) <-> job rank: offset + k when base is null, else
    // base.member(offset + k). No table of N ranks: a grid over the world or over a contiguous part of a grid is
    // offset arithmetic; a grid over a strided subgroup reads that group's own arithmetic (Group: "No member tables").
    private final Group base;
    private final int offset;
    private final int count;         // number of grid points, the product of the shape
    private final Dimension[] dims;
    private final String label;
    private final String site;       // File.hpj:line where the user created it, or null

    /**
     * A grid of the given shape over the first members of the APG.
     *
     * @throws IllegalArgumentException if an extent is negative
     * @throws ProcsArrayTooLargeException if the grid needs more processes than the APG has
     */
    public Procs(int... shape) {
        this(ProcessContext.current().apg(), shape);
    }

    /** A grid of the given shape over the first members of {@code parent}. */
    public Procs(Group parent, int... shape) {
        this(checkedShape(parent, shape), baseOf(parent), offsetOf(parent), null);
    }

    @SuppressWarnings("this-escape") // the Dimensions only keep the reference; they read nothing from it here
    private Procs(int[] shape, Group base, int offset, String label) {
        super(null, freeAxes(shape.length), shape, stridesOf(shape), false);
        this.base = base;
        this.offset = offset;
        this.count = size();
        this.dims = new Dimension[shape.length];
        for (int a = 0; a < shape.length; a++) dims[a] = new Dimension(this, a, shape[a]);
        this.label = label;
        this.site = label == null ? Site.here() : null;
    }

    /** Where the program created this grid ({@code File.hpj:line}), or null when unknown. */
    String site() { return site; }

    /** The initial APG of a job of {@code size} ranks: ranks 0..size-1 in order. */
    static Procs world(int size) {
        return new Procs(new int[] {size}, null, 0, "world");
    }

    /** Job rank at linear grid index {@code k}, {@code 0 <= k < size()}. */
    final int rankOfLinear(int k) {
        return base == null ? offset + k : base.member(offset + k);
    }

    /** Linear grid index of job rank {@code rank}, or -1 if it is not in the grid. */
    final int linearOf(int rank) {
        int p = base == null ? rank : base.indexOf(rank);
        if (p < 0) return -1;
        int k = p - offset;
        return k >= 0 && k < count ? k : -1;
    }

    /** A copy of {@code shape}, checked, that the first members of {@code parent} can fill. */
    private static int[] checkedShape(Group parent, int[] shape) {
        if (shape == null) throw new IllegalArgumentException("Procs shape is null");
        for (int e : shape)
            if (e < 1) throw new IllegalArgumentException("Procs extents must be at least 1, got " + Arrays.toString(shape));
        long n = 1;
        for (int e : shape) n = Math.min(n * e, Long.MAX_VALUE / Integer.MAX_VALUE);
        if (n > parent.size()) throw new ProcsArrayTooLargeException(describe(shape), n, parent.size());
        return shape.clone();
    }

    /** The group whose members a grid over the first members of {@code parent} reads (null: offset arithmetic). */
    private static Group baseOf(Group parent) {
        if (parent instanceof Procs p) return p.base;
        return parent.contiguous() ? parent.procs().base : parent;
    }

    private static int offsetOf(Group parent) {
        if (parent instanceof Procs p) return p.offset;
        return parent.contiguous() ? parent.procs().offset + parent.linearOfMember(0) : 0;
    }

    private static int[] stridesOf(int[] shape) {
        int[] strides = new int[shape.length];
        int s = 1;
        for (int a = shape.length - 1; a >= 0; a--) { strides[a] = s; s *= shape[a]; }
        return strides;
    }

    static String describe(int[] shape) {
        StringBuilder b = new StringBuilder("Procs").append(shape.length <= 3 ? String.valueOf(shape.length) : "").append('(');
        for (int a = 0; a < shape.length; a++) b.append(a > 0 ? ", " : "").append(shape[a]);
        return b.append(')').toString();
    }

    private static int[] freeAxes(int rank) {
        int[] f = new int[rank];
        Arrays.fill(f, -1);
        return f;
    }

    /** Number of grid dimensions. */
    public final int rank() { return gridShape.length; }

    /** Grid dimension {@code r}. */
    public final Dimension dim(int r) {
        if (r < 0 || r >= dims.length)
            throw new IllegalArgumentException("dimension " + r + " of a " + dims.length + "-dimensional process grid");
        return dims[r];
    }

    /** Extent of grid dimension {@code r}. */
    public final int extent(int r) { return dim(r).size(); }

    /** The grid's shape (a copy). */
    public final int[] shape() { return gridShape.clone(); }

    /** Job rank of the process at grid coordinates {@code coords}. */
    public final int rankAt(int... coords) {
        if (coords.length != gridShape.length)
            throw new IllegalArgumentException(coords.length + " coordinates for a " + gridShape.length + "-dimensional grid");
        int k = 0;
        for (int a = 0; a < gridShape.length; a++) {
            if (coords[a] < 0 || coords[a] >= gridShape[a])
                throw new IllegalArgumentException("grid coordinates " + Arrays.toString(coords) + " outside shape " + Arrays.toString(gridShape));
            k += coords[a] * gridStrides[a];
        }
        return rankOfLinear(k);
    }

    /** Coordinate of job rank {@code rank} in grid dimension {@code axis}, or -1 if it is not in the grid. */
    public final int coord(int rank, int axis) {
        int k = linearOf(rank);
        return k < 0 ? -1 : (k / gridStrides[axis]) % gridShape[axis];
    }

    /** Grid coordinates of job rank {@code rank}, or null if it is not in the grid. */
    public final int[] coords(int rank) {
        int k = linearOf(rank);
        if (k < 0) return null;
        int[] c = new int[gridShape.length];
        for (int a = 0; a < gridShape.length; a++) c[a] = (k / gridStrides[a]) % gridShape[a];
        return c;
    }

    /**
     * The grid's kind and shape without its creation site, e.g. {@code Procs2(2x3)} ({@code Procs(2x2x2x2)} above
     * rank 3); the initial APG of a job of 4 is {@code Procs1(4, all processes)}.
     */
    public String name() {
        int[] shape = gridShape;
        StringBuilder b = new StringBuilder("Procs").append(shape.length <= 3 ? String.valueOf(shape.length) : "").append('(');
        for (int a = 0; a < shape.length; a++) b.append(a > 0 ? "x" : "").append(shape[a]);
        return b.append(label != null ? ", all processes)" : ")").toString();
    }

    /** {@link #name()} and, when known, where the program created it: {@code Procs2(2x3) from Laplace.hpj:7}. */
    @Override
    public String toString() { return name() + Site.suffix(site); }

    /**
     * The near-cubic shape of {@code rank} extents whose product is {@code n}, as MPI_Dims_create chooses it: extents in
     * non-increasing order, as close to each other as possible (smallest largest extent, then smallest spread).
     */
    public static int[] nearCubicShape(int n, int rank) {
        if (n < 1) throw new IllegalArgumentException("cannot shape a grid of " + n + " processes");
        if (rank < 1) throw new IllegalArgumentException("grid rank must be at least 1, got " + rank);
        int[] best = new int[rank];
        int[] cur = new int[rank];
        search(n, 0, n, cur, best, new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE});
        return best;
    }

    private static void search(int left, int a, int maxNext, int[] cur, int[] best, int[] score) {
        if (a == cur.length - 1) {
            if (left > maxNext) return;
            cur[a] = left;
            int max = cur[0], spread = cur[0] - cur[a];
            if (max < score[0] || (max == score[0] && spread < score[1])) {
                score[0] = max; score[1] = spread;
                System.arraycopy(cur, 0, best, 0, cur.length);
            }
            return;
        }
        for (int f = Math.min(left, maxNext); f >= 1; f--) {
            if (left % f != 0) continue;
            cur[a] = f;
            search(left / f, a + 1, f, cur, best, score);
        }
    }
}
