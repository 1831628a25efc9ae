package hpjava.adlib.schedule;

import hpjava.adlib.Adlib;
import hpjava.lang.Multiarray;

/**
 * The HPJava 1.0 schedule of {@code Adlib.writeHalo}: plans once, {@link #execute()} fills the ghost cells each time
 * (CFD codes: {@code WriteHalo h = new WriteHalo(a, wlo, whi); ... h.execute();}). A thin class over
 * {@link hpjava.adlib.WriteHalo}; one class for every element type, as in HPJava 1.0.
 *
 * <p>{@code .hpj} files import {@code hpjava.adlib.*} implicitly, which has a {@code WriteHalo} too; when a file
 * imports {@code hpjava.adlib.schedule.*} the translator imports this class by name, so the name means this class.
 */
public final class WriteHalo {
    private final hpjava.adlib.WriteHalo plan;

    /** Plans filling every ghost cell of {@code a} (full widths, mode {@link Adlib#EDGE}); collective over the APG. */
    public WriteHalo(Multiarray a) { plan = new hpjava.adlib.WriteHalo(a); }

    /** Plans filling ghost cells within widths {@code wlo[r]}, {@code whi[r]} of each dimension, mode EDGE. */
    public WriteHalo(Multiarray a, int[] wlo, int[] whi) { this(a, wlo, whi, Adlib.edgeModes(a, wlo, whi)); }

    /** Plans filling ghost cells within the widths, with mode EDGE, CYCL or NONE per dimension. */
    public WriteHalo(Multiarray a, int[] wlo, int[] whi, int[] mode) { plan = new hpjava.adlib.WriteHalo(a, wlo, whi, mode); }

    /** Fills the ghost cells (collective over the APG the schedule was built in). */
    public void execute() { plan.execute(); }

    /**
     * Starts filling the ghost cells and returns (split phase): compute what reads no ghost cell of the array and
     * writes no element of it, then {@link #complete()}. Checked and reported like {@link #execute()}.
     */
    public void start() { plan.start(); }

    /** Waits until the ghost cells {@link #start()} began to fill are filled. */
    public void complete() { plan.complete(); }
}
