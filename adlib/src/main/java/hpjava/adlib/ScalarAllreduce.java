package hpjava.adlib;

import hpjava.mpjdev.ReduceOp;

/**
 * The last step of every whole-array reduction to one value on every APG member ({@link Reduction},
 * {@link DotProduct}): each member's one-element accumulator {@link #acc} is combined with the others' in the fixed
 * order of {@link Reducer} (gathered to member 0, combined in member order, broadcast), or by the device's native
 * allreduce when the device offers one on the APG. Allocates nothing per run.
 */
final class ScalarAllreduce {
    private final int[] counts;
    private final int count;
    private final AdlibRank rk;
    private final int[] members;
    private final int me;
    /** Whether the device's native allreduce combines (it then also carries the call's check word). */
    final boolean useNative;
    private final Reducer red;
    private final ReduceOp op;
    /** The caller's accumulator: its partial value before {@link #run()}, the result on every member after. */
    final Object acc;
    private final Object all;
    private final Object[] accs, alls;

    /** For the APG of {@code members}, where the calling rank is member {@code me}. */
    ScalarAllreduce(AdlibRank rk, int[] members, int me, Reducer red, ReduceOp op) {
        this(rk, members, me, red, op, 1);
    }

    /** The same for an accumulator of {@code count} elements, combined element by element. */
    ScalarAllreduce(AdlibRank rk, int[] members, int me, Reducer red, ReduceOp op, int count) {
        this.count = count;
        this.counts = new int[] {count};
        this.rk = rk;
        this.members = members;
        this.me = me;
        this.red = red;
        this.op = op;
        this.useNative = rk.nativeFor(members);
        this.acc = red.newAcc(op, count);
        this.all = red.newAcc(op, useNative ? count : count * members.length);   // the gather's buffer: tree path only
        this.accs = new Object[] {acc};
        this.alls = new Object[] {all};
    }

    /**
     * Combines every member's {@link #acc}; collective over the APG. Natively the allreduce carries {@code call}'s
     * check word (the caller skips {@link CallCheck.Call#agree}); on the tree path the caller agreed first.
     */
    void run(CallCheck.Call call) {
        if (useNative) {
            call.allreduce(rk, acc, count, op);
            return;
        }
        System.arraycopy(acc, 0, all, me * count, count);
        Tree.gather(rk, members, me, alls, counts);
        if (me == 0) {
            System.arraycopy(all, 0, acc, 0, count);
            for (int j = 1; j < members.length; j++) red.combine(acc, 0, all, j * count, count, op);
        }
        Tree.bcast(rk, members, me, 0, accs, counts);
    }
}
