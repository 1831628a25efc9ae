package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;

/**
 * A reusable ghost-region update ({@code writeHalo}): fills the ghost cells of every dimension from the owners of
 * those elements, dimension by dimension, so corner ghosts are filled too. Per dimension: widths {@code wlo},
 * {@code whi} (at most the range's extensions) and a mode: {@link Adlib#EDGE} (ghosts beyond the array's ends are
 * left untouched), {@link Adlib#CYCL} (they wrap around), {@link Adlib#NONE} (the dimension is not updated).
 * Each edge is packed with one strided copy into a pooled buffer; planning happens once, here.
 */
public final class WriteHalo extends Schedule {
    private static final ScheduleCache.Planner FULL = (a, b, c, p) -> new WriteHalo(a);
    private static final ScheduleCache.Planner PARTIAL = (a, b, c, p) -> new WriteHalo(a, part(p, 0), part(p, 1), part(p, 2));

    private final AdlibRank rk;
    private final Multiarray a;
    private final Kernel kernel;
    private final Transfer[] phases;
    private final CallCheck.Call call;
    private final int[] wlo, whi, mode;

    /** The full update: widths equal to the extensions, mode EDGE. */
    public WriteHalo(Multiarray a) {
        this(a, null, null, null);
    }

    /** The update with the given widths and modes (nulls: the extensions, EDGE). */
    public WriteHalo(Multiarray a, int[] wlo, int[] whi, int[] mode) {
        ProcessContext ctx = AdlibRank.context();
        Group apg = ctx.apg();
        AdlibRank.checkInApg(apg, a, "writeHalo", "");
        int rank = a.rank();
        wlo = widths(a, wlo, true);
        whi = widths(a, whi, false);
        if (mode == null) mode = new int[rank];
        if (mode.length != rank)
            throw new AdlibException("writeHalo: mode has " + mode.length + " entries but the array has rank " + rank);
        for (int r = 0; r < rank; r++)
            if (mode[r] != Adlib.EDGE && mode[r] != Adlib.CYCL && mode[r] != Adlib.NONE)
                throw new AdlibException("writeHalo: mode[" + r + "] = " + mode[r] + " is not Adlib.EDGE, Adlib.CYCL or Adlib.NONE");
        this.rk = AdlibRank.current(ctx);
        this.a = a;
        this.kernel = Kernel.of(a);
        this.phases = Plans.halo(ctx.id(), a, wlo, whi, mode, kernel);
        this.wlo = wlo.clone();
        this.whi = whi.clone();
        this.mode = mode.clone();
        int[] params = new int[3 * rank];
        System.arraycopy(wlo, 0, params, 0, rank);
        System.arraycopy(whi, 0, params, rank, rank);
        System.arraycopy(mode, 0, params, 2 * rank, rank);
        this.call = new CallCheck.Call(apg, ctx.id(), CallCheck.signature("writeHalo", a, params), CallCheck.describe("writeHalo", a,
                ", wlo " + java.util.Arrays.toString(wlo) + ", whi " + java.util.Arrays.toString(whi) + ", mode " + java.util.Arrays.toString(mode)));
    }

    private static int[] widths(Multiarray a, int[] w, boolean lo) {
        int rank = a.rank();
        String name = lo ? "wlo" : "whi";
        if (w == null) {
            w = new int[rank];
            for (int r = 0; r < rank; r++) w[r] = lo ? a.rng(r).loExtension() : a.rng(r).hiExtension();
            return w;
        }
        if (w.length != rank)
            throw new AdlibException("writeHalo: " + name + " has " + w.length + " entries but the array has rank " + rank);
        for (int r = 0; r < rank; r++) {
            int ext = lo ? a.rng(r).loExtension() : a.rng(r).hiExtension();
            if (w[r] < 0 || w[r] > ext)
                throw new AdlibException("writeHalo: " + name + "[" + r + "] = " + w[r] + " is outside 0.." + ext + ", the "
                        + (lo ? "lower" : "upper") + " ghost extension of dimension " + r + " (" + a.rng(r) + ")");
        }
        return w;
    }

    /** The cached schedule; {@code wlo == null}: the full update. */
    static WriteHalo cached(Multiarray a, int[] wlo, int[] whi, int[] mode) {
        if (wlo == null) return (WriteHalo) ScheduleCache.cached(FULL, a, null, null);
        ProcessContext ctx = AdlibRank.context();
        AdlibRank rk = AdlibRank.current(ctx);
        return (WriteHalo) rk.cache.lookup(PARTIAL, ctx.apg(), rk.haloKey(wlo, whi, mode), a, null, null);
    }

    /** Part {@code k} (wlo, whi, mode) of a key made by {@link AdlibRank#haloKey}. */
    private static int[] part(int[] key, int k) {
        int from = 3;
        for (int i = 0; i < k; i++) from += key[i];
        return java.util.Arrays.copyOfRange(key, from, from + key[k]);
    }

    /** Runs the update (collective over the APG the schedule was built in). */
    @Override
    public void execute() {
        run(a);
    }

    void run(Multiarray x) {
        checkNotStarted();
        Object dat = kernel.dat(x);
        long seq = call.next(rk);
        for (Transfer t : phases) t.execute(rk, dat, dat, call.checked, call.sig, seq, this);
    }

    /** The one-message-per-neighbour plan of a split-phase run: made at the first start (local work only). */
    private Transfer direct;
    private long pendingSeq;
    private Object pendingDat;
    private Multiarray on;   // the array of the next start: the static form's, else the planned one

    /** The static form's split start on the caller's array (of this schedule's layout). */
    void startOn(Multiarray x) {
        on = x;
        try {
            start();
        } finally {
            on = null;
        }
    }

    /**
     * Posts every ghost message of the update at once: with one active dimension that is the blocking form's only
     * phase; with several, a plan in which each ghost cell, corners included, comes straight from its owner (the
     * blocking form fills corners in a second phase from cells the first one received, which cannot overlap). Both
     * fill every ghost cell with the same element, so the results are identical.
     */
    @Override
    void begin() {
        if (direct == null) direct = phases.length == 1 ? phases[0] : Plans.haloDirect(rk.id, a, wlo, whi, mode, kernel);
        Object dat = kernel.dat(on != null ? on : a);
        long seq = call.next(rk);
        direct.start(rk, dat, dat, call.checked, call.sig, seq);
        pendingSeq = seq;
        pendingDat = dat;
    }

    @Override
    void end() {
        Object dat = pendingDat;
        pendingDat = null;
        direct.finish(rk, dat, call.checked, call.sig, pendingSeq, this);
    }

    /** Number of messages (sent plus received) per execution on the calling process. */
    public int messageCount() {
        int n = 0;
        for (Transfer t : phases) n += t.messageCount();
        return n;
    }

    @Override
    String describeCall() {
        return call.text;
    }

    @Override
    protected void free() {
        if (isStarted()) return;   // in flight: its buffers are freed when the schedule becomes unreachable
        for (Transfer t : phases) t.free();
        if (direct != null) direct.free();
    }
}
