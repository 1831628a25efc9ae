package hpjava.mpjdev.mt;

import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.JobAbortedException;
import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.RankContext;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.spi.ProgramClassLoader;
import hpjava.mpjdev.spi.ProgramRunner;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * One mt job: N ranks as threads of this JVM and their lifecycle (start, failure, abort, end). Its parts:
 * {@link MtMatching} (sends meet receives), {@link MtWaiting} (how a rank waits), {@link MtContexts}
 * (sub-communicators) and {@link DeadlockWatch}.
 */
final class MtJob {
    private static final long ABORT_GRACE_MS = 3_000;

    final LaunchSpec spec;
    final MtOptions options;
    final int np;
    final RankState[] ranks;
    final MtContext world;
    final MtContexts contexts = new MtContexts();
    private final MtMatching matching;
    private final MtWaiting waiting;
    private final PrintStream err;
    /** Whether the ranks share one loader, hence one copy of every program class ({@link SharedClasses}). */
    private final boolean sharedClasses;
    /** Ranks whose main thread has ended (finished or failed): waiters rescan their peers only when it changes. */
    private final AtomicInteger endedRanks = new AtomicInteger();

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
        this.matching = new MtMatching(options);
        this.waiting = new MtWaiting(this);
        this.sharedClasses = SharedClasses.decide(options, spec, err);
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
        DeadlockWatch watch = new DeadlockWatch(this, err);
        Thread watchdog = Thread.ofPlatform().daemon(true).name("mpjdev-mt-watchdog").unstarted(watch::run);
        AutoCloseable onRequest = hpjava.mpjdev.watch.HangReports.onRequest(watch::stateReport, err);
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
                            + " s after the job was aborted (it makes no device calls" + DeadlockWatch.callerSuffix(threads[r]) + "); abandoning it");
            }
        }
    }

    /**
     * The ranks' class loaders, made before any rank runs: one per rank, or one shared by all ranks when
     * {@link #sharedClasses} says so. The main class is looked up in rank 0's loader to fail fast, once, on a missing
     * class or main method: not in a separate probe loader, whose copy of the class would be the first one prepared
     * and so the one a debugger binds a deferred line breakpoint to (jdb binds it to one class only), where no rank
     * ever runs. With option {@code debug}, see {@link DebugAttachPoint}.
     */
    private ProgramClassLoader[] rankLoaders() {
        ProgramClassLoader[] loaders = new ProgramClassLoader[np];
        try {
            ClassLoader parent = MtJob.class.getClassLoader();
            if (sharedClasses) {
                java.util.Arrays.fill(loaders, new ProgramClassLoader(ProgramClassLoader.SHARED_NAME, spec.classPath(), parent));
            } else {
                for (int r = 0; r < np; r++) loaders[r] = new ProgramClassLoader(r, spec.classPath(), parent);
            }
            ProgramRunner.findMain(loaders[0], spec.mainClass());
            if (options.debug())
                DebugAttachPoint.prepareAndWait(sharedClasses ? new ProgramClassLoader[] {loaders[0]} : loaders, spec.classPath(), err);
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
            int ended = endedRanks.incrementAndGet();
            RankContext.bindThread(null);
            wakeAllRanks();
            // A shared loader is closed by the last rank to end: the others may still load classes through it.
            if (!sharedClasses || ended == np) closeQuietly(loader);
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

    synchronized void abort(JobAbortedException cause) {
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

    // ------------------------------------------------------------------ the parts' entry points

    void deliverOrQueue(MtRequest send) {
        matching.deliverOrQueue(send);
    }

    void matchOrPost(MtRequest recv) {
        matching.matchOrPost(recv);
    }

    void await(MtRequest r) {
        waiting.await(r);
    }

    int awaitAny(Request[] requests) {
        return waiting.awaitAny(requests);
    }

    void checkStalled(MtRequest r) {
        waiting.checkStalled(r);
    }

    int endedRanks() {
        return endedRanks.get();
    }

    /** Ends the job as the watchdog's timeout does: abort with {@code cause}, exit status {@code status}. */
    void abortWithStatus(int status, JobAbortedException cause) {
        verdictStatus = status;
        abort(cause);
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // the handler stays: it reports this job's last state
        }
    }

    /** For tests and diagnostics: a snapshot of every rank's state. */
    String describeRanks() {
        return DeadlockWatch.describeRanks(this);
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
