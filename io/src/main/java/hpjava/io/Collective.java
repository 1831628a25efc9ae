package hpjava.io;

import hpjava.adlib.Adlib;
import hpjava.adlib.Reduction;
import hpjava.lang.BlockRange;
import hpjava.lang.IntMultiarray;
import hpjava.lang.ProcessContext;
import hpjava.lang.Procs1;

/**
 * Agreement of the active process group (APG) on the outcome of a local step (opening, parsing, writing a file):
 * every member passes its own error or null, and either all return or all throw the same {@link ArrayIOException}
 * carrying the first member's error (APG member order). Costs one minval and, on failure, one broadcast.
 */
final class Collective {
    private Collective() {}

    /** Returns on every member if no member passes an error; otherwise throws on every member. */
    static void agree(String error) {
        Procs1 p = new Procs1();
        int n = p.size();
        int me = p.indexOf(ProcessContext.current().id());
        IntMultiarray flags = new IntMultiarray(p, new BlockRange(n, p.dim(0)));
        flags.set(error == null ? n : me, me);   // coordinate k of a one-per-process block range holds index k
        // A schedule of its own, not Adlib's cache: every call has new arrays, which would only evict useful plans.
        Reduction min = Reduction.of(Reduction.Op.MINVAL, flags, null);
        min.execute();
        int first = (int) min.longValue();
        if (first == n) return;
        String message = Adlib.broadcast(error, first);
        throw new ArrayIOException(message);
    }

    /** The message of an I/O exception for users: its own message, or its class when it has none. */
    static String describe(Exception e) {
        String m = e.getMessage();
        return m == null || m.isEmpty() ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + m;
    }
}
