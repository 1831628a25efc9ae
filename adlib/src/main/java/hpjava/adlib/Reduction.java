package hpjava.adlib;

import hpjava.lang.BooleanMultiarray;
import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;
import hpjava.mpjdev.ReduceOp;

/**
 * A reusable reduction of a whole array to one value on every APG member: sum, product, maxval, minval of numeric
 * arrays; any, all, count of boolean arrays; each optionally masked by a boolean array of the same distribution.
 * Collective over the APG at construction time. The combination order is fixed; see {@link Reducer}.
 *
 * <pre>{@code
 * Reduction r = Reduction.of(Reduction.Op.MAXVAL, a, null);
 * for (...) { ...; r.execute(); double m = r.doubleValue(); }
 * }</pre>
 */
public final class Reduction extends Schedule {
    /** The reduction operations. */
    public enum Op {
        SUM(ReduceOp.SUM), PRODUCT(ReduceOp.PROD), MAXVAL(ReduceOp.MAX), MINVAL(ReduceOp.MIN),
        ANY(ReduceOp.BOR), ALL(ReduceOp.BAND), COUNT(ReduceOp.SUM);

        final ReduceOp device;
        /** The cache kind of this operation's static form. */
        final ScheduleCache.Planner kind = (a, b, c, p) -> new Reduction(this, a, (BooleanMultiarray) b);

        Op(ReduceOp device) { this.device = device; }

        boolean onBoolean() { return this == ANY || this == ALL || this == COUNT; }

        String lower() { return name().toLowerCase(java.util.Locale.ROOT); }
    }

    private final AdlibRank rk;
    private final Multiarray a;
    private final BooleanMultiarray mask;
    private final Op op;
    private final Reducer red;
    private final Kernel kernel;
    private final Region[] regions, maskRegions;
    private final boolean contributes;
    private final ScalarAllreduce total;
    private final Object acc;
    private final CallCheck.Call call;
    /** The exact accumulator of a reproducible floating sum (over {@link #total}'s buffer), else null. */
    private final ExactSum exact;

    /** A reduction schedule of {@code a} (where {@code mask}, if not null, is true). */
    public static Reduction of(Op op, Multiarray a, BooleanMultiarray mask) {
        return new Reduction(op, a, mask);
    }

    private Reduction(Op op, Multiarray a, BooleanMultiarray mask) {
        ProcessContext ctx = AdlibRank.context();
        String name = op.lower();
        Group apg = ctx.apg();
        AdlibRank.checkInApg(apg, a, name, "source");
        boolean isBool = a.elementType().equals("boolean");
        if (op.onBoolean() != isBool)
            throw new AdlibException(name + ": needs a " + (op.onBoolean() ? "boolean" : "numeric") + " array, not " + a.describe());
        this.red = isBool ? BooleanReducer.INSTANCE : numeric(a, name);
        checkMask(apg, mask, a, name);
        this.rk = AdlibRank.current(ctx);
        this.op = op;
        this.a = a;
        this.mask = mask;
        this.kernel = Kernel.of(a);
        this.contributes = Local.isPrimary(a, ctx.id());
        this.regions = Local.owned(a, ctx.id());
        this.maskRegions = mask == null ? null : Local.owned(mask, ctx.id());
        boolean exactSum = op == Op.SUM && !isBool && ((NumericReducer) red).floating() && Reproducible.planning();
        int[] members = MemberLists.of(apg);
        this.total = exactSum
                ? new ScalarAllreduce(rk, members, apg.indexOf(ctx.id()), LongNumeric.INSTANCE, ReduceOp.SUM, ExactSum.LENGTH)
                : new ScalarAllreduce(rk, members, apg.indexOf(ctx.id()), red, op.device);
        this.exact = exactSum ? new ExactSum((long[]) total.acc) : null;
        this.acc = exactSum ? red.newAcc(op.device, 1) : total.acc;
        this.call = new CallCheck.Call(apg, ctx.id(), CallCheck.signature(name, a, mask == null ? 0 : 1, exactSum ? 1 : 0),
                CallCheck.describe(exactSum ? name + " (reproducible)" : name, a, mask == null ? null : ", mask"));
    }

    /** Checks the mask of a masked operation {@code name} on {@code a} (none if null): in the APG, distributed like a. */
    static void checkMask(Group apg, BooleanMultiarray mask, Multiarray a, String name) {
        if (mask == null) return;
        AdlibRank.checkInApg(apg, mask, name, "mask");
        if (!mask.sameDistribution(a))
            throw new AdlibException(name + ": the mask " + mask.describe() + " is not distributed like the array " + a.describe());
    }

    static NumericReducer numeric(Multiarray a, String name) {
        return switch (a.elementType()) {
            case "byte" -> ByteNumeric.INSTANCE;
            case "short" -> ShortNumeric.INSTANCE;
            case "int" -> IntNumeric.INSTANCE;
            case "long" -> LongNumeric.INSTANCE;
            case "float" -> FloatNumeric.INSTANCE;
            case "double" -> DoubleNumeric.INSTANCE;
            default -> throw new AdlibException(name + ": needs a numeric array (byte, short, int, long, float, double), not " + a.describe());
        };
    }

    /** The cached schedule for the static forms. */
    static Reduction cached(Op op, Multiarray a, BooleanMultiarray mask) {
        return (Reduction) ScheduleCache.cached(op.kind, a, mask, null);
    }

    /** Runs the reduction (collective over the APG the schedule was built in). */
    @Override
    public void execute() {
        run(a, mask);
    }

    /** Runs on arrays of this schedule's layout; returns the one-element accumulator holding the result. */
    Object run(Multiarray src, BooleanMultiarray m) {
        if (exact != null) return runExact(src, m);
        if (!total.useNative) call.agree(rk);                 // natively, the check rides in the allreduce below
        red.identity(acc, 0, 1, op.device);
        if (contributes) {
            Object d = kernel.dat(src);
            boolean[] md = m == null ? null : m.dat();
            for (int i = 0; i < regions.length; i++)
                red.fold(acc, 0, d, regions[i], md, md == null ? null : maskRegions[i], op.device);
        }
        total.run(call);
        return acc;
    }

    private Object runExact(Multiarray src, BooleanMultiarray m) {
        if (!total.useNative) call.agree(rk);
        exact.clear();
        if (contributes) {
            Object d = kernel.dat(src);
            boolean[] md = m == null ? null : m.dat();
            NumericReducer nr = (NumericReducer) red;
            for (int i = 0; i < regions.length; i++) nr.foldExact(exact, d, regions[i], md, md == null ? null : maskRegions[i]);
        }
        exact.finish();
        total.run(call);
        if (acc instanceof double[] r) r[0] = exact.roundToDouble();
        else ((float[]) acc)[0] = exact.roundToFloat();
        return acc;
    }

    /** The last result, as a double (numeric reductions). */
    public double doubleValue() { return ((NumericReducer) red).getD(acc, 0); }

    /** The last result, as a long (numeric reductions, count). */
    public long longValue() { return acc instanceof long[] l ? l[0] : ((NumericReducer) red).getL(acc, 0); }

    /** The last result of any/all. */
    public boolean booleanValue() { return ((boolean[]) acc)[0]; }
}
