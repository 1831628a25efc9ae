package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;

/**
 * A reusable shift along one dimension between identically aligned arrays: {@code dst[.. k ..] = src[.. k+amount ..]}.
 * Edge-off ({@code circular == false}): destination elements whose source is outside the array are unchanged.
 * Circular ({@code cshift}): the source index wraps around.
 */
public final class Shift {
    private final AdlibRank rk;
    private final Multiarray dst, src;
    private final Kernel kernel;
    private final Transfer transfer;

    /** Plans {@code shift(dst, src, amount, dim)} ({@code circular}: {@code cshift}). */
    public Shift(Multiarray dst, Multiarray src, int amount, int dim, boolean circular) {
        String op = circular ? "cshift" : "shift";
        ProcessContext ctx = AdlibRank.context();
        Group apg = ctx.apg();
        Remap.check(op, apg, dst, src);
        if (dim < 0 || dim >= src.rank())
            throw new AdlibException(op + ": dimension " + dim + " does not exist in the rank-" + src.rank() + " array " + src.describe());
        if (!dst.sameDistribution(src))
            throw new AdlibException(op + ": the arrays are not identically aligned: destination " + dst.describe() + ", source " + src.describe());
        this.rk = AdlibRank.current(ctx);
        this.dst = dst;
        this.src = src;
        this.kernel = Kernel.of(dst);
        int[][] pieces = Plans.identity(dst);
        int n = src.rng(dim).size();
        if (n == 0) pieces[dim] = new int[0];
        else if (circular) {
            int s = Math.floorMod(amount, n);
            pieces[dim] = s == 0 ? new int[] {0, n - 1, 0} : new int[] {0, n - 1 - s, s, n - s, n - 1, s - n};
        } else {
            long lo = Math.max(0, -(long) amount), hi = Math.min(n - 1L, n - 1L - amount);
            pieces[dim] = lo > hi ? new int[0] : new int[] {(int) lo, (int) hi, amount};
        }
        this.transfer = Plans.copy(ctx.id(), dst, src, pieces, kernel, AdlibRank.TAG_TRANSFER);
    }

    static Shift cached(Multiarray dst, Multiarray src, int amount, int dim, boolean circular) {
        ProcessContext ctx = AdlibRank.context();
        AdlibRank rk = AdlibRank.current(ctx);
        Object kind = circular ? CSHIFT : SHIFT;
        int[] key = rk.shiftKey;
        key[0] = amount;
        key[1] = dim;
        Object s = rk.cache.get(kind, ctx.apg(), key, dst, src, null);
        if (s == null) {
            s = new Shift(dst, src, amount, dim, circular);
            rk.cache.put(kind, ctx.apg(), key, dst, src, null, s);
        }
        return (Shift) s;
    }

    private static final Object SHIFT = new Object(), CSHIFT = new Object();

    /** Runs the shift (collective over the APG the schedule was built in). */
    public void execute() {
        run(dst, src);
    }

    void run(Multiarray d, Multiarray s) {
        transfer.execute(rk, kernel.dat(s), kernel.dat(d));
    }

    /** Frees the message buffers at once (cache eviction); the schedule must not run again. */
    void free() {
        transfer.free();
    }
}
