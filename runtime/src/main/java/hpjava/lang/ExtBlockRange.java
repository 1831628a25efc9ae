package hpjava.lang;

/**
 * BLOCK distribution with ghost regions: {@code lo} cells below and {@code hi} cells above each local block
 * (docs/LANGUAGE.md#ranges). Owners as {@link BlockRange}; local subscript of {@code g} on coordinate {@code c}:
 * {@code g - c*B + lo}, for owned and ghost indices alike (so {@code g±d} is at subscript {@code sub(g)±d}).
 * Ghost cells are filled by Adlib's {@code writeHalo}.
 */
public class ExtBlockRange extends BlockRange {
    private final int lo, hi;

    /** Ghost width 1 on both sides: the HPJava tutorials' {@code new ExtBlockRange(N, p.dim(0))}. */
    public ExtBlockRange(int n, Dimension d) { this(n, d, 1, 1); }

    /** Ghost width {@code w} on both sides. */
    public ExtBlockRange(int n, Dimension d, int w) { this(n, d, w, w); }

    /**
     * Ghost widths {@code lo} below and {@code hi} above.
     *
     * @throws IllegalArgumentException if a width is negative
     */
    public ExtBlockRange(int n, Dimension d, int lo, int hi) {
        super(n, d);
        if (lo < 0 || hi < 0) throw new IllegalArgumentException("ghost widths must not be negative, got lo=" + lo + " hi=" + hi);
        this.lo = lo;
        this.hi = hi;
    }

    @Override public int loExtension() { return lo; }
    @Override public int hiExtension() { return hi; }

    @Override String name() {
        return "ExtBlockRange(" + size() + " over " + dim().name() + ", ghosts " + lo + " below, " + hi + " above)";
    }
}
