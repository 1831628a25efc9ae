package hpjava.lang;

/**
 * One subscript of a section {@code a[[t0, ..., tR-1]]}: a triplet {@code l:u:s} (keeps the dimension, as the
 * subrange {@code x[[l:u:s]]}) or a scalar (drops it). Immutable.
 */
public final class Triplet {
    private static final Triplet ALL = new Triplet(0, -1, 1, false, true, false);
    private static final Triplet SPLIT = new Triplet(0, -1, 1, false, false, true);

    final int l, u, s;
    final boolean scalar, all, split;

    private Triplet(int l, int u, int s, boolean scalar, boolean all, boolean split) {
        this.l = l; this.u = u; this.s = s; this.scalar = scalar; this.all = all; this.split = split;
    }

    /** {@code l:u:s}. @throws IllegalArgumentException if s == 0 */
    public static Triplet of(int l, int u, int s) {
        if (s == 0) throw new IllegalArgumentException("triplet " + l + ":" + u + ":0 has step 0");
        return new Triplet(l, u, s, false, false, false);
    }

    /** {@code l:u}. */
    public static Triplet of(int l, int u) { return of(l, u, 1); }

    /** {@code :} (the whole dimension). */
    public static Triplet all() { return ALL; }

    /** A scalar subscript: selects index {@code n} and drops the dimension. */
    public static Triplet scalar(int n) { return new Triplet(n, n, 1, true, false, false); }

    /**
     * {@code <>}, dimension splitting (HPJava manual, low-level SPMD chapter): the distributed dimension becomes two
     * consecutive dimensions, the process dimension it is distributed over (distributed; each process holds one
     * location, its own coordinate) and a sequential dimension of {@link Range#storageExtent()} slots holding that
     * process's local storage along the dimension, ghost cells included ({@link Range#localBlock()} tells which slots
     * hold which global indices).
     */
    public static Triplet split() { return SPLIT; }

    /** Whether this is a scalar subscript. */
    public boolean isScalar() { return scalar; }

    @Override
    public String toString() { return all ? ":" : split ? "<>" : scalar ? Integer.toString(l) : l + ":" + u + ":" + s; }
}
