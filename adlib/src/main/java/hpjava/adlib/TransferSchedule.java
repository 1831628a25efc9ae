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
    private final CallCheck.Call call;

    /**
     * Plans the copy of {@code src} into {@code dst} by {@code pieces} (checked by the subclass before); {@code op}
     * and {@code params} (shift amount and dimension) make the call's signature.
     */
    TransferSchedule(String op, Multiarray dst, Multiarray src, int[][] pieces, int... params) {
        ProcessContext ctx = AdlibRank.context();
        this.call = new CallCheck.Call(ctx.apg(), ctx.id(), CallCheck.signature(op, dst, params),
                CallCheck.describe(op, dst, params.length == 0 ? null : ", amount " + params[0] + ", dimension " + params[1]));
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
        checkNotStarted();
        transfer.execute(rk, kernel.dat(s), kernel.dat(d), call.checked, call.sig, call.next(rk), this);
    }

    private long pendingSeq;
    private Object pendingDst;
    private Multiarray onDst, onSrc;   // the arrays of the next start: the static form's, else the planned ones

    /** The static form's split start on the caller's arrays (of this schedule's layout). */
    final void startOn(Multiarray d, Multiarray s) {
        onDst = d;
        onSrc = s;
        try {
            start();
        } finally {
            onDst = null;
            onSrc = null;
        }
    }

    /** Sends this process's part and copies locally; {@code complete()} receives into the destination. */
    @Override
    final void begin() {
        Object d = kernel.dat(onDst != null ? onDst : dst), s = kernel.dat(onSrc != null ? onSrc : src);
        long seq = call.next(rk);
        transfer.start(rk, s, d, call.checked, call.sig, seq);
        pendingSeq = seq;
        pendingDst = d;
    }

    @Override
    final void end() {
        Object d = pendingDst;
        pendingDst = null;
        transfer.finish(rk, d, call.checked, call.sig, pendingSeq, this);
    }

    @Override
    final String describeCall() {
        return call.text;
    }

    @Override
    protected final void free() {
        if (!isStarted()) transfer.free();   // a started one is in flight: its buffers go with the transfer
    }
}
