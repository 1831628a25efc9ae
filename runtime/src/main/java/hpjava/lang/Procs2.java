package hpjava.lang;

/** A two-dimensional process grid. */
public class Procs2 extends Procs {
    /** All members of the APG in a near-square grid ({@link Procs#nearCubicShape}; 6 processes: 3 x 2). */
    public Procs2() { this(ProcessContext.current().apg()); }

    /** All members of {@code parent} in a near-square grid. */
    public Procs2(Group parent) { super(parent, nearCubicShape(parent.size(), 2)); }

    /** A {@code p} x {@code q} grid over the first {@code p*q} members of the APG. */
    public Procs2(int p, int q) { super(ProcessContext.current().apg(), p, q); }
}
