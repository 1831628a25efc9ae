package hpjava.mpjdev.mt;

import hpjava.mpjdev.Comm;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.idle.BackoffIdleStrategy;


/**
 * How a rank of one mt job waits for its requests, through the job's {@link BackoffIdleStrategy}: spin for the rank's
 * adaptive window, then register the wait (for the deadlock detector and abort) and park until completed, failed, or
 * woken to recheck its peers.
 */
final class MtWaiting {
    private final MtJob job;

    MtWaiting(MtJob job) {
        this.job = job;
    }

    /**
     * Blocks until {@code r} completes or fails: spins for a bounded window, then registers the wait (for the deadlock
     * detector and abort) and parks. The spin phase writes nothing shared.
     */
    void await(MtRequest r) {
        RankState me = r.comm.me;
        BackoffIdleStrategy idle = job.options.idle();
        int round = idle.startWithSpins(me.spinWindow());
        while (idle.spinning(round) && r.state == MtRequest.PENDING && !job.isAborted()) round = idle.idle(round);
        if (r.state != MtRequest.PENDING) {
            me.spinSucceeded(job.options.spinLimit());
            return;
        }
        boolean registered = me.enterWait(r);
        long parkedAt = System.nanoTime();
        r.completedAt = 0;
        r.waiter = Thread.currentThread();
        try {
            while (r.state == MtRequest.PENDING) {
                checkStalled(r);
                if (r.state != MtRequest.PENDING) break;
                round = idle.idle(round, job);
            }
        } finally {
            r.waiter = null;
            me.exitWait(registered);
            adapt(me, r, parkedAt);
        }
    }

    /** Blocks until one of {@code requests} (mt requests) is done; returns the lowest such index. */
    int awaitAny(Request[] requests) {
        MtRequest first = null;
        for (Request q : requests) {
            if (q == null) continue;
            if (!(q instanceof MtRequest m) || m.comm.job != job)
                throw new IllegalArgumentException("iwaitany: all requests must come from the same mt job");
            if (first == null) first = m;
        }
        int i = doneIndex(requests);
        if (i >= 0) return i;
        RankState me = first.comm.me;
        BackoffIdleStrategy idle = job.options.idle();
        int round = idle.startWithSpins(me.spinWindow());
        while (idle.spinning(round) && !job.isAborted()) {
            if ((i = doneIndex(requests)) >= 0) {
                me.spinSucceeded(job.options.spinLimit());
                return i;
            }
            round = idle.idle(round);
        }
        boolean registered = me.enterWait(requests);
        long parkedAt = System.nanoTime();
        Thread self = Thread.currentThread();
        for (Request q : requests) {
            if (q == null) continue;
            ((MtRequest) q).completedAt = 0;
            ((MtRequest) q).waiter = self;
        }
        i = -1;
        try {
            while ((i = doneIndex(requests)) < 0) {
                for (Request q : requests) {
                    if (q != null) checkStalled((MtRequest) q);
                }
                if ((i = doneIndex(requests)) >= 0) break;
                round = idle.idle(round, job);
            }
            return i;
        } finally {
            for (Request q : requests) if (q != null) ((MtRequest) q).waiter = null;
            me.exitWait(registered);
            adapt(me, i >= 0 ? (MtRequest) requests[i] : first, parkedAt);
        }
    }

    /**
     * Adapts {@code me}'s spin window after a wait on {@code r} that went past its spin phase at {@code parkedAt}: by
     * how late the partner completed it (its timestamp, or now if it left none: it completed before the waiter
     * registered, or failed).
     */
    private void adapt(RankState me, MtRequest r, long parkedAt) {
        long at = r.completedAt;
        me.parked((at != 0 ? at : System.nanoTime()) - parkedAt, job.options.spinLimit(), job.options.spinNanos());
    }

    static int doneIndex(Request[] requests) {
        for (int i = 0; i < requests.length; i++) {
            Request q = requests[i];
            if (q != null && q.isDone()) return i;
        }
        return -1;
    }

    /**
     * Fails {@code r} if it can never complete: the job is aborting, or the peer it depends on has finished or failed
     * (a receive still posted, or a rendezvous send still queued, can then never be matched).
     */
    void checkStalled(MtRequest r) {
        if (job.isAborted()) {
            r.fail(job.abortedException());
            return;
        }
        MtContext ctx = r.comm.context;
        if (r.isSend) {
            RankState dest = job.ranks[ctx.worldRanks[r.peer]];
            if (dest.isLive()) return;
            Mailbox mb = ctx.mailboxes[r.peer];
            synchronized (mb) {
                if (!mb.removeRendezvous(r)) return;
            }
            r.fail(new PeerFailedException("rank " + r.comm.me.rank + " waits in " + r.describe() + " but " + who(ctx, r.peer)
                    + " has " + ended(dest) + " without receiving it"));
        } else {
            String gone;
            if (r.peer == Comm.ANY_SOURCE) {
                for (int k = 0; k < ctx.size; k++)
                    if (k != r.comm.id && job.ranks[ctx.worldRanks[k]].isLive()) return;
                gone = ctx.size == 1 ? "there is no other rank in the communicator" : "every other rank of the communicator has ended";
            } else {
                RankState src = job.ranks[ctx.worldRanks[r.peer]];
                if (src.isLive() || r.peer == r.comm.id) return;
                gone = who(ctx, r.peer) + " has " + ended(src) + " without sending a matching message";
            }
            if (r.peer == Comm.ANY_SOURCE && ctx.size == 1) return; // only itself: the deadlock detector decides
            Mailbox mb = ctx.mailboxes[r.comm.id];
            synchronized (mb) {
                if (!mb.removePosted(r)) return;
            }
            r.fail(new PeerFailedException("rank " + r.comm.me.rank + " waits in " + r.describe() + " but " + gone));
        }
    }

    static String who(MtContext ctx, int id) {
        return ctx.isWorld() ? "rank " + id : "id " + id + " (world rank " + ctx.worldRanks[id] + ")";
    }

    static String ended(RankState s) {
        return s.lifecycle == RankState.FAILED ? "failed" : "finished";
    }
}
