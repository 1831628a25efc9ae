package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;
import hpjava.mpjdev.ReduceOp;

/**
 * A reusable dot product of two identically distributed numeric arrays: {@code double} arithmetic if either is
 * floating, else {@code long}; each product is formed in that type and summed in the fixed order of
 * {@link Reducer}.
 */
public final class DotProduct extends Schedule {
    private static final ScheduleCache.Planner KIND = (a, b, c, p) -> new DotProduct(a, b);
    private final AdlibRank rk;
    private final Multiarray a, b;
    private final NumericReducer ra, rb, sum;
    private final Kernel ka, kb;
    private final Region[] regA, regB;
    private final boolean contributes, floating;
    private final ScalarAllreduce total;
    private final Object acc;
    private final int[] idx;
    private final CallCheck.Call call;
    /** The exact accumulator of a reproducible floating dot product (over {@link #total}'s buffer), else null. */
    private final ExactSum exact;

    /** Plans {@code dotProduct(a, b)}. */
    public DotProduct(Multiarray a, Multiarray b) {
        ProcessContext ctx = AdlibRank.context();
        Group apg = ctx.apg();
        AdlibRank.checkInApg(apg, a, "dotProduct", "first");
        AdlibRank.checkInApg(apg, b, "dotProduct", "second");
        this.ra = Reduction.numeric(a, "dotProduct");
        this.rb = Reduction.numeric(b, "dotProduct");
        if (!a.sameDistribution(b))
            throw new AdlibException("dotProduct: the arrays are not identically distributed (remap one first): "
                    + a.describe() + " and " + b.describe());
        this.rk = AdlibRank.current(ctx);
        this.a = a;
        this.b = b;
        this.ka = Kernel.of(a);
        this.kb = Kernel.of(b);
        this.floating = ra.floating() || rb.floating();
        this.sum = floating ? DoubleNumeric.INSTANCE : LongNumeric.INSTANCE;
        this.contributes = Local.isPrimary(a, ctx.id());
        this.regA = Local.owned(a, ctx.id());
        this.regB = Local.owned(b, ctx.id());
        boolean exactSum = floating && Reproducible.planning();
        int[] members = MemberLists.of(apg);
        this.total = exactSum
                ? new ScalarAllreduce(rk, members, apg.indexOf(ctx.id()), LongNumeric.INSTANCE, ReduceOp.SUM, ExactSum.LENGTH)
                : new ScalarAllreduce(rk, members, apg.indexOf(ctx.id()), sum, ReduceOp.SUM);
        this.exact = exactSum ? new ExactSum((long[]) total.acc) : null;
        this.acc = exactSum ? new double[1] : total.acc;
        this.idx = new int[Math.max(1, a.rank())];
        this.call = new CallCheck.Call(apg, ctx.id(), CallCheck.signature("dotProduct", a, b.elementType().hashCode(), exactSum ? 1 : 0),
                CallCheck.describe(exactSum ? "dotProduct (reproducible)" : "dotProduct", a, ", " + b.elementType() + " " + Local.shape(b)));
    }

    static DotProduct cached(Multiarray a, Multiarray b) {
        return (DotProduct) ScheduleCache.cached(KIND, a, b, null);
    }

    /** Runs the dot product (collective over the APG). */
    @Override
    public void execute() {
        run(a, b);
    }

    /** The last result as a double. */
    public double doubleValue() { return sum.getD(acc, 0); }

    /** The last result as a long (integral arrays). */
    public long longValue() { return sum.getL(acc, 0); }

    double rundouble(Multiarray x, Multiarray y) {
        run(x, y);
        return ((double[]) acc)[0];
    }

    long runlong(Multiarray x, Multiarray y) {
        run(x, y);
        return ((long[]) acc)[0];
    }

    private void run(Multiarray x, Multiarray y) {
        if (!total.useNative) call.agree(rk);                 // natively, the check rides in the allreduce below
        if (exact != null) exact.clear();
        else sum.identity(acc, 0, 1, ReduceOp.SUM);
        if (contributes) {
            Object dx = ka.dat(x), dy = kb.dat(y);
            double sd = exact == null && (Object) acc instanceof double[] d ? d[0] : 0;
            long sl = 0;
            for (int i = 0; i < regA.length; i++) {
                Region p = regA[i], q = regB[i];
                int rank = p.counts.length;
                java.util.Arrays.fill(idx, 0);
                for (int n = 0; n < p.size; n++) {
                    int op = p.base, oq = q.base;
                    for (int r = 0; r < rank; r++) { op += idx[r] * p.strides[r]; oq += idx[r] * q.strides[r]; }
                    if (exact != null) exact.addProduct(ra.getD(dx, op), rb.getD(dy, oq));
                    else if (floating) sd += ra.getD(dx, op) * rb.getD(dy, oq);
                    else sl += ra.getL(dx, op) * rb.getL(dy, oq);
                    for (int r = rank - 1; r >= 0 && ++idx[r] == p.counts[r]; r--) idx[r] = 0;
                }
            }
            if (exact == null && floating) ((double[]) acc)[0] = sd;
            else if (exact == null) ((long[]) acc)[0] = sl;
        }
        if (exact != null) exact.finish();
        total.run(call);
        if (exact != null) ((double[]) acc)[0] = exact.roundToDouble();
    }
}
