package hpjava.mpjdev.mt;

import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.ReduceOp;
import hpjava.mpjdev.SectionType;
import hpjava.mpjdev.idle.BackoffIdleStrategy;

import java.lang.reflect.Array;
import java.util.concurrent.locks.LockSupport;

/**
 * mt native collectives over shared memory: members publish their arrays in the context's slots and meet at a
 * generation barrier. Allreduce: every member combines all contributions in rank order into a private scratch array
 * (reused), then, after a second barrier, copies the result into its own array - so every member computes the same
 * bits. One instance per rank and communicator; one thread per rank at a time (as documented).
 */
final class MtCollectives implements NativeCollectives {
    private final MtComm comm;
    private final CollectiveWait wait;
    /** Per element type (SectionType ordinal), so alternating element types (Adlib checks with long[]) do not reallocate. */
    private final Object[] scratch = new Object[SectionType.values().length];

    MtCollectives(MtComm comm) {
        this.comm = comm;
        this.wait = new CollectiveWait(comm.context);
    }

    @Override
    public void barrier() {
        wait.kind = "barrier";
        sync();
    }

    @Override
    public void broadcast(Object array, int offset, int count, int root) {
        SectionType.ofArray(array);
        checkRange(array, offset, count);
        MtContext ctx = comm.context;
        if (root < 0 || root >= ctx.size) throw new IllegalArgumentException("broadcast: root " + root + " is not a rank of the communicator (size " + ctx.size + ")");
        ctx.slots[comm.id] = array;
        wait.kind = "broadcast";
        sync();
        try {
            if (comm.id != root) {
                Object src = ctx.slots[root];
                if (src.getClass() != array.getClass())
                    throw new IllegalArgumentException("broadcast: root passed a " + src.getClass().getTypeName() + " but rank " + comm.id
                            + " a " + array.getClass().getTypeName());
                System.arraycopy(src, offset, array, offset, count);
            }
        } finally {
            sync();
        }
    }

    @Override
    public void allreduce(Object array, int offset, int count, ReduceOp op) {
        SectionType t = SectionType.ofArray(array);
        op.checkDefinedFor(t);
        checkRange(array, offset, count);
        MtContext ctx = comm.context;
        ctx.slots[comm.id] = array;
        wait.kind = "allreduce";
        sync();
        Object acc = scratch[t.ordinal()];
        if (acc == null || acc.getClass() != array.getClass() || Array.getLength(acc) < count)
            scratch[t.ordinal()] = acc = Array.newInstance(array.getClass().getComponentType(), Math.max(count, 16));
        try {
            for (int r = 0; r < ctx.size; r++) {
                Object src = ctx.slots[r];
                if (src.getClass() != array.getClass())
                    throw new IllegalArgumentException("allreduce: rank " + r + " passed a " + src.getClass().getTypeName()
                            + " but rank " + comm.id + " a " + array.getClass().getTypeName());
                if (r == 0) System.arraycopy(src, offset, acc, 0, count);
                else ReduceKernel.combine(t, acc, src, offset, count, op);
            }
        } finally {
            sync();
        }
        System.arraycopy(acc, 0, array, offset, count);
    }

    private static void checkRange(Object array, int offset, int count) {
        int n = Array.getLength(array);
        if (offset < 0 || count < 0 || offset > n - count)
            throw new IllegalArgumentException("range [" + offset + ", " + offset + "+" + count + ") is outside the array of length " + n);
    }

    /** The generation barrier: spin then park, failing when a member has ended or the job aborts. */
    private void sync() {
        MtContext ctx = comm.context;
        MtJob job = comm.job;
        job.checkNotAborted();
        comm.me.countOperation();
        long gen = ctx.generation;
        if (ctx.arrived.incrementAndGet() == ctx.size) {
            ctx.arrived.set(0);
            ctx.generation = gen + 1;
            for (int k = 0; k < ctx.size; k++) {
                Thread w = ctx.barrierWaiters[k];
                if (w != null) LockSupport.unpark(w);
            }
            return;
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
                return;
            }
            long parkedAt = System.nanoTime();
            ctx.barrierWaiters[comm.id] = Thread.currentThread();
            try {
                while (ctx.generation == gen) {
                    job.checkNotAborted();
                    for (int k = 0; k < ctx.size; k++) {
                        RankState s = job.ranks[ctx.worldRanks[k]];
                        if (!s.isLive() && ctx.generation == gen)
                            throw new PeerFailedException("rank " + me.rank + " waits in " + wait.kind + "(" + ctx.description() + ") but "
                                    + (ctx.isWorld() ? "rank " + k : "id " + k + " (world rank " + ctx.worldRanks[k] + ")")
                                    + " has " + (s.lifecycle == RankState.FAILED ? "failed" : "finished") + " without joining it");
                    }
                    round = idle.idle(round, this);
                }
            } finally {
                ctx.barrierWaiters[comm.id] = null;
                me.parked(System.nanoTime() - parkedAt, job.options.spinLimit());
            }
        } finally {
            me.exitWait(registered);
        }
    }
}
