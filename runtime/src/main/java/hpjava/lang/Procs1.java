package hpjava.lang;

/** A one-dimensional process grid. */
public class Procs1 extends Procs {
    /** All members of the APG, in APG order. */
    public Procs1() { this(ProcessContext.current().apg()); }

    /** All members of {@code parent}. */
    public Procs1(Group parent) { super(parent, parent.size()); }

    /** The first {@code n} members of the APG. */
    public Procs1(int n) { super(ProcessContext.current().apg(), n); }
}
