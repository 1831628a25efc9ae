package hpjava.lang;

/**
 * The HPJava tutorials' spelling of {@link HPutil} ({@code HPutils.copy(dst, src)}); same contract, kept so those
 * programs compile unchanged.
 */
public final class HPutils {
    private HPutils() {}

    /** {@link HPutil#copy(Multiarray, Multiarray)}. */
    public static void copy(Multiarray dst, Multiarray src) { HPutil.copy(dst, src); }
}
