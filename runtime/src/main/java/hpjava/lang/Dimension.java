package hpjava.lang;

/**
 * One axis of a process grid; itself a {@link Range} of the axis extent distributed over itself (coordinate
 * {@code c} owns index {@code c}, at local subscript 0).
 */
public final class Dimension extends ContiguousRange {
    private final Procs procs;
    private final int axis;
    private final int extent;

    Dimension(Procs procs, int axis, int extent) {
        this.procs = procs;
        this.axis = axis;
        this.extent = extent;
    }

    /** The grid. */
    public Procs procs() { return procs; }

    /** Which axis of the grid, {@code 0 <= axis() < procs().rank()}. */
    public int axis() { return axis; }

    /** The calling process's coordinate on this axis, or -1 if it is not in the grid. */
    public int crd() { return procs.coord(ProcessContext.current().id(), axis); }

    /** The coordinate of the process of {@code ctx} on this axis, or -1 if it is not in the grid. */
    public int crd(ProcessContext ctx) { return procs.coord(ctx.id(), axis); }

    @Override public int size() { return extent; }
    @Override public Dimension dim() { return this; }
    @Override public int storageExtent() { return 1; }
    @Override int ownerOf(int g) { return g; }
    @Override int lo(int c) { return c; }
    @Override public int localCount(int c) { checkCoord(c); return 1; }

    /** {@code dim 0 of Procs2(2x3)}. */
    @Override String name() { return "dim " + axis + " of " + procs.name(); }

    @Override public String toString() { return name() + Site.suffix(procs.site()); }
}
