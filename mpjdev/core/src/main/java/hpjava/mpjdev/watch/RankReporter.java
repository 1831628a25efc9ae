package hpjava.mpjdev.watch;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The rank side of the job watchdog (one-rank-per-process backends): a daemon thread that sends this rank's
 * {@link Activity} to the launcher's {@link JobWatch} every {@link #PERIOD_MS} ms over its {@link LauncherLink} (the
 * Unix socket on the launcher's host, TCP from other hosts), with the program's {@code .hpj} position ({@link CallSite},
 * a stack sample) once a wait or a stretch without device calls has lasted {@link #SAMPLE_AFTER_NANOS}. A second thread
 * reads the connection: when the launcher dies (killed with any signal) the kernel closes it, and this rank halts at
 * once, so no rank outlives its launcher, on any host. Without the properties (a rank started by hand) nothing is
 * started; a launcher that cannot be reached is said once and the rank runs unwatched.
 *
 * <p>Line format (tab-separated): {@code rank state blockedMillis progress sent received probes collective operation
 * site}, state {@code R} running, {@code W} waiting in the device, {@code F} the program's main has returned;
 * {@code probes} how many {@link DeadlockConfirmation#PROBE}s this rank had read when it made the line (it answers
 * each at once with a line), {@code collective} the pending native collective ({@link Activity#collective()}).
 *
 * <p>A failing rank's report goes the same way ({@link #deliverFailure}, {@link FailureMessage}): the launcher prints
 * it and acknowledges it before the rank aborts the job, so the report never depends on the MPI launcher forwarding
 * the rank's standard error (which it may drop when a rank aborts).
 */
public final class RankReporter {
    static final long PERIOD_MS = 200;
    static final long SAMPLE_AFTER_NANOS = 400_000_000L;
    private static final long RESAMPLE_NANOS = 1_000_000_000L;

    private final int rank;
    private final Activity activity;
    private final Thread main;
    private final LauncherLink link;
    private final Semaphore acknowledged = new Semaphore(0);
    private volatile boolean finished;
    /** Probes read from the launcher (written by the link's reader thread only). */
    private volatile long probes;
    private String site = "";
    private long sampledAt, lastProgress = -1, progressSince;

    private RankReporter(int rank, Activity activity, Thread main, LauncherLink link) {
        this.rank = rank;
        this.activity = activity;
        this.main = main;
        this.link = link;
    }

    /**
     * Starts reporting rank {@code rank} whose program runs on {@code main}, when the launcher asked for it; returns
     * the reporter, or null. A launcher that cannot be reached is said once on standard error; the job runs unwatched.
     */
    public static RankReporter start(int rank, Activity activity, Thread main) {
        LauncherLink link = LauncherLink.connect(rank);
        if (link == null) return null;
        activity.watchThread(main);
        RankReporter r = new RankReporter(rank, activity, main, link);
        Thread.ofPlatform().daemon().name("hpjava-watch-report").start(r::report);
        Thread.ofPlatform().daemon().name("hpjava-watch-launcher").start(r::watchLauncher);
        return r;
    }

    /** The program's main has returned: the launcher no longer counts this rank as live (after the rank's output). */
    public void finished() {
        drainOutput();
        finished = true;
        send();
    }

    private void report() {
        while (true) {
            try {
                Thread.sleep(PERIOD_MS);
            } catch (InterruptedException e) {
                return;
            }
            if (!send()) return;
        }
    }

    /**
     * Sends this rank's failure report (the text it would have printed on standard error, newline-terminated) to the
     * launcher, which prints it on its own standard error; returns true once the launcher has acknowledged that, false
     * if it did not within {@code timeoutMillis} (the caller then prints the report itself). One report at a time.
     */
    public boolean deliverFailure(String report, long timeoutMillis) {
        drainOutput();   // the rank's output so far goes first
        return deliverFailureNow(report, timeoutMillis);
    }

    private synchronized boolean deliverFailureNow(String report, long timeoutMillis) {
        acknowledged.drainPermits();
        if (!write(FailureMessage.encode(rank, report))) return false;
        try {
            return acknowledged.tryAcquire(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether the launcher asked for this rank's standard output and error over the link ({@link #output}). */
    public static boolean forwardsOutput() {
        return Boolean.getBoolean(JobWatch.OUTPUT_PROPERTY);
    }

    /**
     * A stream sending what is written to it to the launcher as this rank's standard error ({@code error}) or output
     * ({@link OutputMessage}), gathered by a pump thread into messages of up to 64 KiB ({@link ForwardedOutput}); the
     * launcher prints it a whole line at a time ({@link RankOutput}). Once the link has failed, writes go to
     * {@code fallback}. For {@code System.setOut/Err}. What is written is sent before this rank's failure report, its
     * "finished" message, and at JVM shutdown (at most {@link #DRAIN_MS} ms).
     */
    public OutputStream output(boolean error, OutputStream fallback) {
        ForwardedOutput s = new ForwardedOutput((b, off, len) -> sendMessage(OutputMessage.header(rank, error, len), b, off, len), fallback);
        synchronized (outputs) {
            outputs.add(s);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> s.drain(DRAIN_MS), "hpjava-output-drain"));
        return s;
    }

    /** The longest the rank waits for its forwarded output to be sent (the launcher reading it) before going on. */
    static final long DRAIN_MS = 10_000;
    private final java.util.List<ForwardedOutput> outputs = new java.util.ArrayList<>();

    /** Waits until the output written so far has been sent ({@link ForwardedOutput#drain}). */
    private void drainOutput() {
        drainOutput(DRAIN_MS);
    }

    /** As {@link #drainOutput()}, waiting at most {@code timeoutMillis} ms in all. */
    private void drainOutput(long timeoutMillis) {
        java.util.List<ForwardedOutput> all;
        synchronized (outputs) {
            all = java.util.List.copyOf(outputs);
        }
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        for (ForwardedOutput o : all) o.drain(Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
    }

    private synchronized boolean send() {
        return write(line().getBytes(StandardCharsets.UTF_8));
    }

    private boolean write(byte[] message) {
        return sendMessage(message, message, 0, 0);
    }

    /**
     * Writes {@code head} and {@code len} bytes of {@code body} as one message; false once the launcher is gone. The
     * link's lock is fair: a rank printing without pause (its output pumps sending message after message) cannot
     * starve the state reports, so the launcher never judges this rank by a stale state (a false deadlock).
     */
    private boolean sendMessage(byte[] head, byte[] body, int off, int len) {
        linkLock.lock();
        try {
            link.out().write(head);
            if (len > 0) link.out().write(body, off, len);
            link.out().flush();
            return true;
        } catch (IOException e) {
            return false;    // the launcher is gone: watchLauncher halts
        } finally {
            linkLock.unlock();
        }
    }

    private final java.util.concurrent.locks.ReentrantLock linkLock = new java.util.concurrent.locks.ReentrantLock(true);

    private String line() {
        long now = System.nanoTime();
        int op = activity.op();
        long progress = activity.progress();
        if (progress != lastProgress) {
            lastProgress = progress;
            progressSince = now;
        }
        String state = finished ? "F" : op == Activity.NONE ? "R" : "W";
        long since = op == Activity.NONE ? progressSince : activity.since();
        if (!finished && now - since >= SAMPLE_AFTER_NANOS && now - sampledAt >= RESAMPLE_NANOS) {
            Thread t = op == Activity.NONE ? main : activity.waiter();
            site = CallSite.of(t == null ? main : t);
            sampledAt = now;
        } else if (now - since < SAMPLE_AFTER_NANOS) {
            site = "";
            sampledAt = 0;
        }
        return rank + "\t" + state + "\t" + (now - since) / 1_000_000 + "\t" + progress + "\t" + activity.sentCount()
                + "\t" + activity.receivedCount() + "\t" + probes + "\t" + activity.collective() + "\t"
                + activity.describe() + "\t" + site + "\n";
    }

    /**
     * Another rank is failing ({@link FailureMessage#DRAIN}): sends what this rank has printed so far, then says so
     * ({@link FailureMessage#DRAINED}). The launcher waits for that before it lets the failing rank abort the job, which
     * kills this rank wherever it is: a line printed before the failure reaches the user.
     */
    private void drainForLauncher() {
        drainOutput(FailureMessage.DRAIN_WAIT_MS);
        byte[] line = (FailureMessage.DRAINED + "\n").getBytes(StandardCharsets.US_ASCII);
        sendMessage(line, line, 0, 0);
    }

    /** The launcher suspects a deadlock: a line made now, after the probe was read, confirms or refutes it. */
    private void answerProbe() {
        probes = probes + 1;   // only this thread writes
        send();
    }

    /**
     * Blocks reading the connection: after the hello the launcher writes only acknowledgements of failure reports,
     * requests to drain the output and deadlock probes, so the end of the stream means it has gone.
     */
    private void watchLauncher() {
        byte[] b = new byte[64];
        try {
            int n;
            while ((n = link.in().read(b)) >= 0) {
                for (int i = 0; i < n; i++) {
                    if (b[i] == FailureMessage.ACK) acknowledged.release();
                    else if (b[i] == FailureMessage.DRAIN) drainForLauncher();
                    else if (b[i] == DeadlockConfirmation.PROBE) answerProbe();
                }
            }
        } catch (IOException e) {
            // the same: the launcher is gone
        }
        System.err.println("mpjdev: rank " + rank + ": the hpjava launcher has gone away; ending this rank");
        System.err.flush();
        Runtime.getRuntime().halt(1);
    }
}
