package hpjava.lang;

/** A grid of rank 0: the single first process of the APG. */
public class Procs0 extends Procs {
    /** The first member of the APG. */
    public Procs0() { super(ProcessContext.current().apg(), new int[0]); }

    /** The first member of {@code parent}. */
    public Procs0(Group parent) { super(parent, new int[0]); }
}
