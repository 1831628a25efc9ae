package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;

import java.util.Arrays;

/**
 * A reusable {@code remap(dst, src)}: elementwise copy between arrays (or sections) of the same shape and element
 * type with any distributions; every copy of a replicated destination receives. Collective over the APG.
 */
public final class Remap {
    private final AdlibRank rk;
    private final Multiarray dst, src;
    private final Kernel kernel;
    private final Transfer transfer;

    /** Plans {@code dst = src}. */
    public Remap(Multiarray dst, Multiarray src) {
        ProcessContext ctx = AdlibRank.context();
        Group apg = ctx.apg();
        check("remap", apg, dst, src);
        if (!Arrays.equals(dst.shape(), src.shape()))
            throw new AdlibException("remap: shapes differ: destination " + Local.shape(dst) + ", source " + Local.shape(src));
        this.rk = AdlibRank.current(ctx);
        this.dst = dst;
        this.src = src;
        this.kernel = Kernel.of(dst);
        this.transfer = Plans.copy(ctx.id(), dst, src, Plans.identity(dst), kernel, AdlibRank.TAG_TRANSFER);
    }

    static void check(String op, Group apg, Multiarray dst, Multiarray src) {
        AdlibRank.checkInApg(apg, dst, op, "destination");
        AdlibRank.checkInApg(apg, src, op, "source");
        if (dst.getClass() != src.getClass() || !dst.elementType().equals(src.elementType()))
            throw new AdlibException(op + ": element types differ: destination " + dst.describe() + ", source " + src.describe());
    }

    static Remap cached(Multiarray dst, Multiarray src) {
        ProcessContext ctx = AdlibRank.context();
        AdlibRank rk = AdlibRank.current(ctx);
        Object s = rk.cache.get(Remap.class, ctx.apg(), null, dst, src, null);
        if (s == null) {
            s = new Remap(dst, src);
            rk.cache.put(Remap.class, ctx.apg(), null, dst, src, null, s);
        }
        return (Remap) s;
    }

    /** Runs the copy (collective over the APG the schedule was built in). */
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
