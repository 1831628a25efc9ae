package hpjava.lang;

import java.util.Arrays;

/**
 * An n-dimensional grid of processes (spec §4). {@code new Procs(p, q, ...)} takes the first {@code p*q*...} members
 * of the calling process's APG, in APG order, and lays them out row-major (last dimension fastest). Construction is
 * purely local and deterministic: it communicates nothing, so every APG member builds the same grid.
 * Processes of the APG beyond the first {@code p*q*...} are not in the grid (they are not members).
 */
public class Procs extends Group {
    private final int[] shape;
    private final int[] strides;     // row-major strides of the linear index
    private final int[] ranks;       // linear index -> job rank
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
        this(checkedShape(shape), takeFirst(parent, checkedShape(shape), null), null);
    }

    @SuppressWarnings("this-escape") // the Dimensions only keep the reference; they read nothing from it here
    Procs(int[] shape, int[] ranks, String label) {
        super(null, freeAxes(shape.length), ranks);
        this.shape = shape.clone();
        this.ranks = ranks;
        this.strides = new int[shape.length];
        int s = 1;
        for (int a = shape.length - 1; a >= 0; a--) { strides[a] = s; s *= shape[a]; }
        this.dims = new Dimension[shape.length];
        for (int a = 0; a < shape.length; a++) dims[a] = new Dimension(this, a, shape[a]);
        this.label = label;
        this.site = label == null ? Site.here() : null;
    }

    /** Where the program created this grid ({@code File.hpj:line}), or null when unknown. */
    String site() { return site; }

    /** The initial APG of a job of {@code size} ranks. */
    static Procs world(int size, ProcessContext owner) {
        int[] r = new int[size];
        for (int k = 0; k < size; k++) r[k] = k;
        return new Procs(new int[] {size}, r, "world");
    }

    private static int[] checkedShape(int[] shape) {
        if (shape == null) throw new IllegalArgumentException("Procs shape is null");
        for (int e : shape)
            if (e < 1) throw new IllegalArgumentException("Procs extents must be at least 1, got " + Arrays.toString(shape));
        return shape.clone();
    }

    static int[] takeFirst(Group parent, int[] shape, String what) {
        long n = 1;
        for (int e : shape) n *= e;
        if (n > parent.size()) throw new ProcsArrayTooLargeException(describe(shape), n, parent.size());
        int[] r = new int[(int) n];
        for (int k = 0; k < r.length; k++) r[k] = parent.member(k);
        return r;
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
    public final int rank() { return shape.length; }

    /** Grid dimension {@code r}. */
    public final Dimension dim(int r) {
        if (r < 0 || r >= dims.length)
            throw new IllegalArgumentException("dimension " + r + " of a " + dims.length + "-dimensional process grid");
        return dims[r];
    }

    /** Extent of grid dimension {@code r}. */
    public final int extent(int r) { return dim(r).size(); }

    /** The grid's shape (a copy). */
    public final int[] shape() { return shape.clone(); }

    /** Job rank of the process at grid coordinates {@code coords}. */
    public final int rankAt(int... coords) {
        if (coords.length != shape.length)
            throw new IllegalArgumentException(coords.length + " coordinates for a " + shape.length + "-dimensional grid");
        int k = 0;
        for (int a = 0; a < shape.length; a++) {
            if (coords[a] < 0 || coords[a] >= shape[a])
                throw new IllegalArgumentException("grid coordinates " + Arrays.toString(coords) + " outside shape " + Arrays.toString(shape));
            k += coords[a] * strides[a];
        }
        return ranks[k];
    }

    /** Coordinate of job rank {@code rank} in grid dimension {@code axis}, or -1 if it is not in the grid. */
    public final int coord(int rank, int axis) {
        int k = indexOf(rank);
        return k < 0 ? -1 : (k / strides[axis]) % shape[axis];
    }

    /** Grid coordinates of job rank {@code rank}, or null if it is not in the grid. */
    public final int[] coords(int rank) {
        int k = indexOf(rank);
        if (k < 0) return null;
        int[] c = new int[shape.length];
        for (int a = 0; a < shape.length; a++) c[a] = (k / strides[a]) % shape[a];
        return c;
    }

    /** Job ranks (row-major) of the grid points matching {@code fixed} (-1 = any). */
    final int[] membersMatching(int[] fixed) {
        int n = 0;
        int[] out = new int[ranks.length];
        for (int k = 0; k < ranks.length; k++) {
            boolean ok = true;
            for (int a = 0; a < shape.length && ok; a++) ok = fixed[a] < 0 || (k / strides[a]) % shape[a] == fixed[a];
            if (ok) out[n++] = ranks[k];
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * The grid's kind and shape without its creation site, e.g. {@code Procs2(2x3)} ({@code Procs(2x2x2x2)} above
     * rank 3); the initial APG of a job of 4 is {@code Procs1(4, all processes)}.
     */
    public String name() {
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
