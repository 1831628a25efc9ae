package hpjava.mpjdev.mt;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.JobAbortedException;
import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.RankContext;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.idle.BackoffIdleStrategy;
import hpjava.mpjdev.spi.ProgramClassLoader;
import hpjava.mpjdev.spi.ProgramRunner;
import hpjava.mpjdev.watch.HangClock;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One mt job: N ranks as threads of this JVM, their matching state, failure handling and the deadlock detector.
 *
 * <p>Messages up to {@link MtOptions#eagerLimit} bytes that find no posted receive are copied into a pooled staging
 * buffer and the send completes at once (eager); larger ones wait in the receiver's mailbox for the receiver to copy
 * straight from the sender's buffer (rendezvous), so each byte is copied once between the two buffers.
 */
final class MtJob {
    /** How long a parked waiter sleeps before rechecking peers and the abort flag (also woken explicitly). */
    private static final long WATCHDOG_PERIOD_MS = 200;
    private static final int STABLE_POLLS_FOR_DEADLOCK = 3;
    private static final long ABORT_GRACE_MS = 3_000;

    final LaunchSpec spec;
    final MtOptions options;
    final int np;
    final RankState[] ranks;
    final MtContext world;
    private final BufferPool staging = new BufferPool(1024);
    private final ConcurrentHashMap<ContextKey, MtContext> contexts = new ConcurrentHashMap<>();
    private final AtomicLong nextContextId = new AtomicLong(1);
    private final PrintStream err;

    private volatile boolean aborted;
    private volatile JobAbortedException abortCause;
    private volatile long abortedAtNanos;
    /** The job's exit status when the watchdog's timeout ended it (else 0: 1 on any failure). */
    private volatile int verdictStatus;

    MtJob(LaunchSpec spec, MtOptions options, PrintStream err) {
        this.spec = spec;
        this.options = options;
        this.np = spec.np();
        this.err = err;
        this.ranks = new RankState[np];
        int[] worldRanks = new int[np];
        for (int r = 0; r < np; r++) {
            ranks[r] = new RankState(r, options.spinLimit(), options.spinFloor());
            worldRanks[r] = r;
        }
        this.world = new MtContext(0, worldRanks);
    }

    // ------------------------------------------------------------------ running

    /** Runs the job to its end and returns the exit status (0 all ranks returned normally, else 1). */
    int run() throws InterruptedException {
        ProgramClassLoader[] loaders = rankLoaders();
        Thread[] threads = new Thread[np];
        Thread.Builder builder = options.virtualThreads() ? Thread.ofVirtual() : Thread.ofPlatform().daemon(true);
        for (int r = 0; r < np; r++) {
            final int rank = r;
            threads[r] = builder.name("rank-" + r).unstarted(() -> runRank(rank, loaders[rank]));
            ranks[r].mainThread = threads[r];
        }
        Thread watchdog = Thread.ofPlatform().daemon(true).name("mpjdev-mt-watchdog").unstarted(this::watch);
        AutoCloseable onRequest = hpjava.mpjdev.watch.HangReports.onRequest(this::stateReport, err);
        for (Thread t : threads) t.start();
        watchdog.start();
        try {
            for (int r = 0; r < np; r++) {
                while (threads[r].isAlive()) {
                    threads[r].join(100);
                    if (aborted && threads[r].isAlive()
                            && System.nanoTime() - abortedAtNanos > ABORT_GRACE_MS * 1_000_000L) {
                        reportStuck(threads);
                        return verdictStatus != 0 ? verdictStatus : 1;
                    }
                }
            }
        } finally {
            watchdog.interrupt();
            closeQuietly(onRequest);
        }
        return !aborted ? 0 : verdictStatus != 0 ? verdictStatus : 1;
    }

    private void reportStuck(Thread[] threads) {
        synchronized (err) {
            for (int r = 0; r < np; r++) {
                if (threads[r].isAlive())
                    err.println("mpjdev: rank " + r + " did not stop within " + ABORT_GRACE_MS / 1000
                            + " s after the job was aborted (it makes no device calls" + callerSuffix(threads[r]) + "); abandoning it");
            }
        }
    }

    /**
     * One class loader per rank, made before any rank runs. The main class is looked up in rank 0's own loader to fail
     * fast, once, on a missing class or main method: not in a separate probe loader, whose copy of the class would be
     * the first one prepared and so the one a debugger binds a deferred line breakpoint to (jdb binds it to one
     * class only), where no rank ever runs. With option {@code debug}, see {@link DebugAttachPoint}.
     */
    private ProgramClassLoader[] rankLoaders() {
        ProgramClassLoader[] loaders = new ProgramClassLoader[np];
        try {
            for (int r = 0; r < np; r++) loaders[r] = new ProgramClassLoader(r, spec.classPath(), MtJob.class.getClassLoader());
            ProgramRunner.findMain(loaders[0], spec.mainClass());
            if (options.debug()) DebugAttachPoint.prepareAndWait(loaders, spec.classPath(), err);
            return loaders;
        } catch (RuntimeException | Error e) {
            for (ProgramClassLoader l : loaders) closeQuietly(l);
            throw e;
        }
    }

    private static void closeQuietly(ProgramClassLoader loader) {
        if (loader == null) return;
        try {
            loader.close();
        } catch (IOException ignored) {
            // the rank's classes are garbage once the job ends
        }
    }

    private void runRank(int r, ProgramClassLoader loader) {
        RankState me = ranks[r];
        boolean failed = false;
        try {
            MtComm comm = new MtComm(this, world, r);
            RankContext.bindThread(new RankContext(r, comm, loader));
            Thread.currentThread().setContextClassLoader(loader);
            MethodHandle main = ProgramRunner.findMain(loader, spec.mainClass());
            ProgramRunner.invoke(main, spec.args().toArray(new String[0]));
        } catch (Throwable t) {
            failed = true;
            rankFailed(r, t);
        } finally {
            me.lifecycle = failed ? RankState.FAILED : RankState.FINISHED;
            me.waitingOn = null;
            RankContext.bindThread(null);
            wakeAllRanks();
            closeQuietly(loader);
        }
    }

    private void rankFailed(int r, Throwable t) {
        synchronized (this) {
            if (!aborted) {
                ProgramRunner.reportFailure(r, t, err);
                abort(new JobAbortedException("the job was aborted because rank " + r + " failed: " + t));
            } else if (!(t instanceof JobAbortedException)) {
                err.println("mpjdev: rank " + r + " also failed: " + t);
            }
        }
    }

    private synchronized void abort(JobAbortedException cause) {
        if (aborted) return;
        abortCause = cause;
        abortedAtNanos = System.nanoTime();
        aborted = true;
        wakeAllRanks();
    }

    private void wakeAllRanks() {
        for (RankState s : ranks) {
            Thread t = s.mainThread;
            if (t != null && s.waitingOn != null) LockSupport.unpark(t);
        }
    }

    void checkNotAborted() {
        if (aborted) throw abortException();
    }

    private JobAbortedException abortException() {
        JobAbortedException c = abortCause;
        if (c instanceof hpjava.mpjdev.DeadlockException) return new hpjava.mpjdev.DeadlockException(c.getMessage(), c);
        return new JobAbortedException(c.getMessage(), c);
    }

    // ------------------------------------------------------------------ matching

    /** Starts a send: hands it to a posted receive, stages it (eager) or queues it (rendezvous). */
    void deliverOrQueue(MtRequest send) {
        MtContext ctx = send.comm.context;
        Mailbox mb = ctx.mailboxes[send.peer];
        int src = send.comm.id;
        Buffer buf = send.buffer;
        long len = buf.length();
        MtRequest recv;
        synchronized (mb) {
            recv = mb.takePosted(src, send.tag);
            if (recv == null) {
                Envelope e = mb.newEnvelope(src, send.tag);
                if (len <= options.eagerLimit()) {
                    Buffer staged = mb.stagingBuffer(len, staging);
                    MemorySegment.copy(buf.segment(), 0, staged.segment(), 0, len);
                    e.staged = staged;
                    e.length = len;
                    mb.append(e);
                    send.completeInline();
                } else {
                    e.sender = send;
                    mb.append(e);
                }
                return;
            }
        }
        copyInto(buf, len, recv, src, send.tag);
        recv.complete();
        send.completeInline();
    }

    /** Starts a receive: takes a matching unexpected message, or posts the receive. */
    void matchOrPost(MtRequest recv) {
        Mailbox mb = recv.comm.context.mailboxes[recv.comm.id];
        Envelope e;
        int source, tag;
        MtRequest sender = null;
        synchronized (mb) {
            e = mb.takeUnexpected(recv.peer, recv.tag);
            if (e == null) {
                mb.post(recv);
                return;
            }
            source = e.source;
            tag = e.tag;
            if (e.staged != null) {
                Buffer staged = e.staged;
                long len = e.length;
                mb.recycle(e);
                copyInto(staged, len, recv, source, tag);
                mb.returnStagingBuffer(staged);
                recv.complete();
                return;
            }
            sender = e.sender;
            mb.recycle(e);
        }
        copyInto(sender.buffer, sender.buffer.length(), recv, source, tag);
        recv.complete();
        sender.complete();
    }

    /**
     * Copies a message into a started receive and records it there; the receive's owner validates it and fills in
     * its buffer and status when it observes completion ({@link MtRequest#finish()}), so the copying thread touches
     * only the data and the request (unless the buffer must grow).
     */
    private static void copyInto(Buffer from, long len, MtRequest recv, int source, int tag) {
        MemorySegment to = recv.segment;
        if (len > to.byteSize()) {
            recv.buffer.prepareReceive(len);
            to = recv.buffer.segment();
        }
        MemorySegment.copy(from.segment(), 0, to, 0, len);
        recv.delivered(source, tag);
    }

    // ------------------------------------------------------------------ waiting

    /**
     * Blocks until {@code r} completes or fails: spins for a bounded window, then registers the wait (for the deadlock
     * detector and abort) and parks. The spin phase writes nothing shared.
     */
    void await(MtRequest r) {
        RankState me = r.comm.me;
        BackoffIdleStrategy idle = options.idle();
        int round = idle.startWithSpins(me.spinWindow());
        while (idle.spinning(round) && r.state == MtRequest.PENDING && !aborted) round = idle.idle(round);
        if (r.state != MtRequest.PENDING) {
            me.spinSucceeded(options.spinLimit());
            return;
        }
        boolean registered = me.enterWait(r);
        long parkedAt = System.nanoTime();
        r.waiter = Thread.currentThread();
        try {
            while (r.state == MtRequest.PENDING) {
                checkStalled(r);
                if (r.state != MtRequest.PENDING) break;
                round = idle.idle(round, this);
            }
        } finally {
            r.waiter = null;
            me.exitWait(registered);
            me.parked(System.nanoTime() - parkedAt, options.spinLimit());
        }
    }

    /** Blocks until one of {@code requests} (mt requests) is done; returns the lowest such index. */
    int awaitAny(Request[] requests) {
        MtRequest first = null;
        for (Request q : requests) {
            if (q == null) continue;
            if (!(q instanceof MtRequest m) || m.comm.job != this)
                throw new IllegalArgumentException("iwaitany: all requests must come from the same mt job");
            if (first == null) first = m;
        }
        int i = doneIndex(requests);
        if (i >= 0) return i;
        RankState me = first.comm.me;
        BackoffIdleStrategy idle = options.idle();
        int round = idle.startWithSpins(me.spinWindow());
        while (idle.spinning(round) && !aborted) {
            if ((i = doneIndex(requests)) >= 0) {
                me.spinSucceeded(options.spinLimit());
                return i;
            }
            round = idle.idle(round);
        }
        boolean registered = me.enterWait(requests);
        long parkedAt = System.nanoTime();
        Thread self = Thread.currentThread();
        for (Request q : requests) if (q != null) ((MtRequest) q).waiter = self;
        try {
            while ((i = doneIndex(requests)) < 0) {
                for (Request q : requests) {
                    if (q != null) checkStalled((MtRequest) q);
                }
                if ((i = doneIndex(requests)) >= 0) break;
                round = idle.idle(round, this);
            }
            return i;
        } finally {
            for (Request q : requests) if (q != null) ((MtRequest) q).waiter = null;
            me.exitWait(registered);
            me.parked(System.nanoTime() - parkedAt, options.spinLimit());
        }
    }

    private static int doneIndex(Request[] requests) {
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
        if (aborted) {
            r.fail(abortException());
            return;
        }
        MtContext ctx = r.comm.context;
        if (r.isSend) {
            RankState dest = ranks[ctx.worldRanks[r.peer]];
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
                    if (k != r.comm.id && ranks[ctx.worldRanks[k]].isLive()) return;
                gone = ctx.size == 1 ? "there is no other rank in the communicator" : "every other rank of the communicator has ended";
            } else {
                RankState src = ranks[ctx.worldRanks[r.peer]];
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

    private static String who(MtContext ctx, int id) {
        return ctx.isWorld() ? "rank " + id : "id " + id + " (world rank " + ctx.worldRanks[id] + ")";
    }

    private static String ended(RankState s) {
        return s.lifecycle == RankState.FAILED ? "failed" : "finished";
    }

    // ------------------------------------------------------------------ communicators

    MtContext subContext(MtContext parent, int[] ids, int seq) {
        return contexts.computeIfAbsent(new ContextKey(parent.id, ids, seq), k -> {
            int[] world = new int[ids.length];
            for (int i = 0; i < ids.length; i++) world[i] = parent.worldRanks[ids[i]];
            return new MtContext(nextContextId.getAndIncrement(), world);
        });
    }

    /**
     * The key of a sub-communicator: every member passes the same ids, so the first caller's array is kept and the
     * others' are only compared. Unboxed on purpose: with N ranks creating an N-member communicator at once, a key
     * of boxed Integers cost ~20 bytes an id on every rank (N^2 of them, 5 GB at 16384 ranks), an int[] 4.
     */
    private record ContextKey(long parent, int[] ids, int seq) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ContextKey k && k.parent == parent && k.seq == seq && Arrays.equals(k.ids, ids);
        }

        @Override
        public int hashCode() {
            return (Long.hashCode(parent) * 31 + seq) * 31 + Arrays.hashCode(ids);
        }
    }

    // ------------------------------------------------------------------ deadlock detection

    private void watch() {
        long[] seq = new long[np];
        long[] act = new long[np];
        int stable = 0;
        HangClock hang = new HangClock(spec.timeoutSeconds());
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(WATCHDOG_PERIOD_MS);
                if (aborted) return;
                if (hang.expired(progressSum(), anyRankWaits())) {
                    reportHang();
                    return;
                }
                boolean anyLive = false, allBlocked = true, same = true;
                for (int r = 0; r < np && allBlocked; r++) {
                    RankState s = ranks[r];
                    if (!s.isLive()) continue;
                    anyLive = true;
                    long q = s.blockSeq;
                    Object w = s.waitingOn;
                    if (w == null || canComplete(w) || !s.isLive()) {
                        allBlocked = false;
                        break;
                    }
                    long a = s.activity();
                    if (seq[r] != q || act[r] != a) same = false;
                    seq[r] = q;
                    act[r] = a;
                }
                if (!anyLive || !allBlocked) {
                    stable = 0;
                } else {
                    stable = same ? stable + 1 : 1;
                    if (stable >= STABLE_POLLS_FOR_DEADLOCK) {
                        reportDeadlock();
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            // job ended
        }
    }

    /** Device operations of every rank so far, and their waits: what moves while the job communicates. */
    private long progressSum() {
        long sum = 0;
        for (RankState s : ranks) sum += s.activity() + s.blockSeq;
        return sum;
    }

    private boolean anyRankWaits() {
        for (RankState s : ranks) if (s.isLive() && s.waitingOn != null) return true;
        return false;
    }

    /** The watchdog's timeout: no progress for {@code --timeout} seconds while a rank waits. */
    private void reportHang() {
        int t = spec.timeoutSeconds();
        StringBuilder sb = new StringBuilder("mpjdev: hang: no rank has made communication progress for " + t
                + " s while ranks wait in the device (--timeout " + t + "); ending the job (exit status "
                + hpjava.mpjdev.watch.JobWatch.HANG_STATUS + ")");
        appendRankStates(sb);
        String report = sb.toString();
        hpjava.mpjdev.watch.HangReports.publish(report, err);
        verdictStatus = hpjava.mpjdev.watch.JobWatch.HANG_STATUS;
        abort(new JobAbortedException(report));
    }

    /** Every rank's state now, for a report on request ({@code kill -USR1}). */
    private String stateReport() {
        StringBuilder sb = new StringBuilder("mpjdev: the job's state (on request)");
        appendRankStates(sb);
        return sb.toString();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // the handler stays: it reports this job's last state
        }
    }

    private static boolean canComplete(Object w) {
        return switch (w) {
            case MtRequest r -> r.isDone();
            case Request[] rs -> doneIndex(rs) >= 0;
            case CollectiveWait c -> c.context.generation != c.generation;
            default -> false;
        };
    }

    private void reportDeadlock() {
        StringBuilder sb = new StringBuilder("mpjdev: deadlock: every live rank is blocked in the device and no message in flight can wake any of them");
        appendRankStates(sb);
        String report = sb.toString();
        hpjava.mpjdev.watch.HangReports.publish(report, err);
        abort(new hpjava.mpjdev.DeadlockException(report));
    }

    /** One line a rank: its pending operation (or "running") and the program's position, from a stack sample. */
    private void appendRankStates(StringBuilder sb) {
        for (int r = 0; r < np; r++) {
            RankState s = ranks[r];
            sb.append("\n  rank ").append(r).append(": ");
            if (!s.isLive()) {
                sb.append(ended(s));
                continue;
            }
            Object w = s.waitingOn;
            switch (w) {
                case MtRequest q -> sb.append(q.describe());
                case Request[] rs -> {
                    sb.append("iwaitany[");
                    boolean firstOne = true;
                    for (Request q : rs) {
                        if (q == null) continue;
                        if (!firstOne) sb.append(", ");
                        firstOne = false;
                        sb.append(((MtRequest) q).describe());
                    }
                    sb.append(']');
                }
                case CollectiveWait c -> sb.append(c.kind).append('(').append(c.context.description()).append(')');
                case null -> sb.append("running");
                default -> sb.append(w);
            }
            sb.append(callerSuffix(s.mainThread));
        }
    }

    /** See {@link hpjava.mpjdev.watch.CallSite}: the program's position of a rank's thread, for reports. */
    static String callerSuffix(Thread t) {
        return hpjava.mpjdev.watch.CallSite.of(t);
    }

    /** For tests and diagnostics: a snapshot of every rank's state. */
    String describeRanks() {
        StringBuilder sb = new StringBuilder();
        for (RankState s : ranks) {
            sb.append("rank ").append(s.rank).append(": ").append(s.isLive() ? "running" : ended(s));
            Object w = s.waitingOn;
            if (w instanceof MtRequest q) sb.append(", blocked in ").append(q.describe());
            sb.append(callerSuffix(s.mainThread)).append('\n');
        }
        return sb.toString();
    }

    boolean isAborted() {
        return aborted;
    }

    JobAbortedException abortedException() {
        return abortException();
    }

    DeviceException peerGone(String message) {
        return new PeerFailedException(message);
    }
}
