package hpjava.adlib;

import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;

/**
 * One element-moving schedule for {@link Remap} and {@link Shift}: {@code dst[i] = src[map(i)]} where the map is
 * given per dimension as affine pieces ({@link Plans#copy}). The subclasses differ only in planning (the checks and
 * the pieces); messages, execution and freeing are here.
 */
public abstract sealed class TransferSchedule extends Schedule permits Remap, Shift {
    private final AdlibRank rk;
    private final Multiarray dst, src;
    private final Kernel kernel;
    private final Transfer transfer;

    /** Plans the copy of {@code src} into {@code dst} by {@code pieces} (checked by the subclass before). */
    TransferSchedule(Multiarray dst, Multiarray src, int[][] pieces) {
        ProcessContext ctx = AdlibRank.context();
        this.rk = AdlibRank.current(ctx);
        this.dst = dst;
        this.src = src;
        this.kernel = Kernel.of(dst);
        this.transfer = Plans.copy(ctx.id(), dst, src, pieces, kernel, AdlibRank.TAG_TRANSFER);
    }

    /** Runs the copy (collective over the APG the schedule was built in). */
    @Override
    public final void execute() {
        run(dst, src);
    }

    /** Runs on arrays of this schedule's layout (the static forms pass the caller's arrays). */
    final void run(Multiarray d, Multiarray s) {
        transfer.execute(rk, kernel.dat(s), kernel.dat(d));
    }

    @Override
    protected final void free() {
        transfer.free();
    }
}
