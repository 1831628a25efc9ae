package hpjava.lang;

/** A three-dimensional process grid. */
public class Procs3 extends Procs {
    /** All members of the APG in a near-cubic grid ({@link Procs#nearCubicShape}; 12 processes: 3 x 2 x 2). */
    public Procs3() { this(ProcessContext.current().apg()); }

    /** All members of {@code parent} in a near-cubic grid. */
    public Procs3(Group parent) { super(parent, nearCubicShape(parent.size(), 3)); }

    /** A {@code p} x {@code q} x {@code r} grid over the first {@code p*q*r} members of the APG. */
    public Procs3(int p, int q, int r) { super(ProcessContext.current().apg(), p, q, r); }
}
