package hpjava.adlib;

/**
 * Collective agreement on data-dependent errors (an out-of-range subscript seen by one process): every APG member
 * learns whether any member found one, and all throw alike, so no member is left waiting.
 */
final class Agree {
    private Agree() {}

    /** Throws an {@link AdlibException} on every member if any member passes a non-null {@code error}. */
    static void check(AdlibRank rk, int[] members, int me, String error, String op) {
        int n = members.length;
        int[] flags = new int[n];
        flags[me] = error == null ? -1 : me;
        Object[] all = {flags};
        Tree.gather(rk, members, me, all, new int[] {1});
        int[] first = {-1};
        if (me == 0) for (int f : flags) if (f >= 0) { first[0] = f; break; }
        Tree.bcast(rk, members, me, 0, new Object[] {first}, new int[] {1});
        if (first[0] < 0) return;
        if (error != null) throw new AdlibException(error);
        throw new AdlibException(op + ": a bad subscript was found on process " + members[first[0]] + " (see its error)");
    }
}
