package hpjava.mpjdev.mt;

import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.ReduceOp;
import hpjava.mpjdev.SectionType;
import hpjava.mpjdev.idle.BackoffIdleStrategy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.util.concurrent.locks.LockSupport;

/**
 * mt native collectives over shared memory: members publish their arrays in the context's slots and meet at a
 * generation barrier. Allreduce takes one barrier: the last member to arrive compares every member's check words
 * and combines all contributions in rank order into the context's result for that generation, then releases the
 * others, and each member copies the result into its own array - so every member gets the same bits, and the
 * combination costs O(members), not O(members^2). One instance per rank and communicator; one thread per rank at a
 * time (as documented).
 */
final class MtCollectives implements NativeCollectives {
    private static final VarHandle WAITERS = MethodHandles.arrayElementVarHandle(Thread[].class);

    private final MtComm comm;
    private final CollectiveWait wait;

    // The allreduce this rank is in, read by the combining thread if this rank arrives last.
    private Object array;
    private int offset, count;
    private ReduceOp op;
    private boolean checked;

    MtCollectives(MtComm comm) {
        this.comm = comm;
        this.wait = new CollectiveWait(comm.context);
    }

    @Override
    public void barrier() {
        wait.kind = "barrier";
        sync(false);
    }

    @Override
    public void broadcast(Object array, int offset, int count, int root) {
        SectionType.ofArray(array);
        checkRange(array, offset, count);
        MtContext ctx = comm.context;
        if (root < 0 || root >= ctx.size) throw new IllegalArgumentException("broadcast: root " + root + " is not a rank of the communicator (size " + ctx.size + ")");
        ctx.slots[comm.id] = array;
        wait.kind = "broadcast";
        sync(false);
        try {
            if (comm.id != root) {
                Object src = ctx.slots[root];
                if (src.getClass() != array.getClass())
                    throw new IllegalArgumentException("broadcast: root passed a " + src.getClass().getTypeName() + " but rank " + comm.id
                            + " a " + array.getClass().getTypeName());
                System.arraycopy(src, offset, array, offset, count);
            }
        } finally {
            sync(false);
        }
    }

    @Override
    public void allreduce(Object array, int offset, int count, ReduceOp op) {
        if (!reduce(array, offset, count, op, false, 0, 0))
            throw new IllegalArgumentException("allreduce: the ranks of " + comm.context.description()
                    + " did not all call the same allreduce (some called a checked one)");
    }

    /** The check words travel in the same rendezvous as the data: compared by the combining member, no extra barrier. */
    @Override
    public boolean allreduceChecked(Object array, int offset, int count, ReduceOp op, long sig, long seq) {
        return reduce(array, offset, count, op, true, sig, seq);
    }

    private boolean reduce(Object array, int offset, int count, ReduceOp op, boolean checked, long sig, long seq) {
        SectionType t = SectionType.ofArray(array);
        op.checkDefinedFor(t);
        checkRange(array, offset, count);
        MtContext ctx = comm.context;
        this.array = array;
        this.offset = offset;
        this.count = count;
        this.op = op;
        this.checked = checked;
        ctx.slots[comm.id] = array;
        ctx.checkWords[2 * comm.id] = checked ? sig : 0;
        ctx.checkWords[2 * comm.id + 1] = checked ? seq : 0;
        wait.kind = "allreduce";
        int parity = sync(true);
        this.array = null;
        if (!ctx.agreed[parity]) return false;
        String failure = ctx.failures[parity];
        if (failure != null) throw new IllegalArgumentException(failure);
        System.arraycopy(ctx.results[parity][t.ordinal()], 0, array, offset, count);
        return true;
    }

    /**
     * Run by the last member to arrive at an allreduce's barrier, before it releases the others: compares the check
     * words, then combines every member's contribution in rank order into the result for {@code parity}.
     */
    private void combine(int parity) {
        MtContext ctx = comm.context;
        ctx.failures[parity] = null;
        boolean agreed = true;
        long[] w = ctx.checkWords;
        for (int k = 2; k < w.length && agreed; k += 2) agreed = w[k] == w[0] && w[k + 1] == w[1];
        ctx.agreed[parity] = agreed;
        if (!agreed) return;
        SectionType t = SectionType.ofArray(array);
        Object[] byType = ctx.results[parity];
        Object acc = byType[t.ordinal()];
        if (acc == null || Array.getLength(acc) < count)
            byType[t.ordinal()] = acc = Array.newInstance(array.getClass().getComponentType(), Math.max(count, 16));
        try {
            for (int r = 0; r < ctx.size; r++) {
                Object src = ctx.slots[r];
                if (src.getClass() != array.getClass()) {
                    ctx.failures[parity] = "allreduce: rank " + r + " passed a " + src.getClass().getTypeName() + " but rank "
                            + comm.id + " a " + array.getClass().getTypeName();
                    return;
                }
                if (r == 0) System.arraycopy(src, offset, acc, 0, count);
                else ReduceKernel.combine(t, acc, src, offset, count, op);
            }
        } catch (RuntimeException e) {
            ctx.failures[parity] = "allreduce: the ranks passed different ranges or arrays (" + e + ")";
        }
    }

    private static void checkRange(Object array, int offset, int count) {
        int n = Array.getLength(array);
        if (offset < 0 || count < 0 || offset > n - count)
            throw new IllegalArgumentException("range [" + offset + ", " + offset + "+" + count + ") is outside the array of length " + n);
    }

    /**
     * The generation barrier: spin then park, failing when a member has ended or the job aborts. The last member to
     * arrive runs {@link #combine} first when {@code combine} is set. Returns the parity of the generation passed.
     */
    private int sync(boolean combine) {
        MtContext ctx = comm.context;
        MtJob job = comm.job;
        job.checkNotAborted();
        comm.me.countOperation();
        long gen = ctx.generation;
        int parity = (int) (gen & 1);
        if (ctx.arrived.incrementAndGet() == ctx.size) {
            if (combine) combine(parity);
            ctx.arrived.set(0);
            ctx.releasedAt = System.nanoTime();
            ctx.generation = gen + 1;
            for (int k = 0; k < ctx.size; k++) {
                Thread w = (Thread) WAITERS.getVolatile(ctx.barrierWaiters, k);
                if (w != null) LockSupport.unpark(w);
            }
            return parity;
        }
        wait.generation = gen;
        RankState me = comm.me;
        boolean registered = me.enterWait(wait);
        try {
            BackoffIdleStrategy idle = job.options.idle();
            int round = idle.startWithSpins(me.spinWindow());
            while (idle.spinning(round) && ctx.generation == gen) round = idle.idle(round);
            if (ctx.generation != gen) {
                me.spinSucceeded(job.options.spinLimit());
                return parity;
            }
            parkUntil(ctx, gen, job, me, idle, round);
        } finally {
            me.exitWait(registered);
        }
        return parity;
    }

    /**
     * Parks until generation {@code gen} is passed. The waiter is published with a volatile store before the
     * generation is read again (a plain store could pass that read, and the releaser miss the waiter). Members' ends
     * are scanned only when the job's count of ended ranks changes, not on every wake-up (O(members) each).
     */
    private void parkUntil(MtContext ctx, long gen, MtJob job, RankState me, BackoffIdleStrategy idle, int round) {
        long parkedAt = System.nanoTime();
        WAITERS.setVolatile(ctx.barrierWaiters, comm.id, Thread.currentThread());
        int endedSeen = 0;
        try {
            while (ctx.generation == gen) {
                job.checkNotAborted();
                int ended = job.endedRanks();
                if (ended != endedSeen) {
                    endedSeen = ended;
                    checkMembersLive(ctx, gen, job, me);
                }
                round = idle.idle(round, this);
            }
        } finally {
            WAITERS.setVolatile(ctx.barrierWaiters, comm.id, null);
            // releasedAt is that of generation gen unless it is still running (an abort or a peer's end ended the wait)
            long late = (ctx.generation != gen ? ctx.releasedAt : System.nanoTime()) - parkedAt;
            me.parked(late, job.options.spinLimit(), job.options.spinNanos());
        }
    }

    private void checkMembersLive(MtContext ctx, long gen, MtJob job, RankState me) {
        for (int k = 0; k < ctx.size; k++) {
            RankState s = job.ranks[ctx.worldRanks[k]];
            if (!s.isLive() && ctx.generation == gen)
                throw new PeerFailedException("rank " + me.rank + " waits in " + wait.kind + "(" + ctx.description() + ") but "
                        + (ctx.isWorld() ? "rank " + k : "id " + k + " (world rank " + ctx.worldRanks[k] + ")")
                        + " has " + (s.lifecycle == RankState.FAILED ? "failed" : "finished") + " without joining it");
        }
    }
}
