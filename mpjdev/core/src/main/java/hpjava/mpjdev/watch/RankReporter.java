package hpjava.mpjdev.watch;

import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The rank side of the job watchdog (one-rank-per-process backends): a daemon thread that sends this rank's
 * {@link Activity} to the launcher's {@link JobWatch} every {@link #PERIOD_MS} ms over the local socket named by the
 * system property {@value JobWatch#SOCKET_PROPERTY}, with the program's {@code .hpj} position ({@link CallSite}, a stack
 * sample) once a wait or a stretch without device calls has lasted {@link #SAMPLE_AFTER_NANOS}. A second thread reads
 * the socket: when the launcher dies (killed with any signal) the kernel closes it, and this rank halts at once, so
 * no rank outlives its launcher. Without the property (a rank started by hand, or a host without the launcher's
 * socket) nothing is started.
 *
 * <p>Line format (tab-separated): {@code rank state blockedMillis progress sent received operation site}, state
 * {@code R} running, {@code W} waiting in the device, {@code F} the program's main has returned.
 */
public final class RankReporter {
    static final long PERIOD_MS = 200;
    static final long SAMPLE_AFTER_NANOS = 400_000_000L;
    private static final long RESAMPLE_NANOS = 1_000_000_000L;

    private final int rank;
    private final Activity activity;
    private final Thread main;
    private final SocketChannel channel;
    private volatile boolean finished;
    private String site = "";
    private long sampledAt, lastProgress = -1, progressSince;

    private RankReporter(int rank, Activity activity, Thread main, SocketChannel channel) {
        this.rank = rank;
        this.activity = activity;
        this.main = main;
        this.channel = channel;
    }

    /**
     * Starts reporting rank {@code rank} whose program runs on {@code main}, when the launcher asked for it; returns
     * the reporter, or null. A socket that cannot be reached is said once on standard error; the job runs unwatched.
     */
    public static RankReporter start(int rank, Activity activity, Thread main) {
        String path = System.getProperty(JobWatch.SOCKET_PROPERTY);
        if (path == null || path.isEmpty() || !Files.exists(Path.of(path))) return null;
        SocketChannel ch;
        try {
            ch = SocketChannel.open(UnixDomainSocketAddress.of(path));
        } catch (IOException e) {
            System.err.println("mpjdev: rank " + rank + ": cannot reach the job watchdog (" + e.getMessage() + "); running unwatched");
            return null;
        }
        activity.watchThread(main);
        RankReporter r = new RankReporter(rank, activity, main, ch);
        Thread.ofPlatform().daemon().name("hpjava-watch-report").start(r::report);
        Thread.ofPlatform().daemon().name("hpjava-watch-launcher").start(r::watchLauncher);
        return r;
    }

    /** The program's main has returned: the launcher no longer counts this rank as live. */
    public void finished() {
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

    private synchronized boolean send() {
        try {
            byte[] line = line().getBytes(StandardCharsets.UTF_8);
            ByteBuffer b = ByteBuffer.wrap(line);
            while (b.hasRemaining()) channel.write(b);
            return true;
        } catch (IOException e) {
            return false;    // the launcher is gone: watchLauncher halts
        }
    }

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
                + "\t" + activity.receivedCount() + "\t" + activity.describe() + "\t" + site + "\n";
    }

    /** Blocks reading the socket; the launcher writes nothing, so a return means it has gone. */
    private void watchLauncher() {
        ByteBuffer b = ByteBuffer.allocate(64);
        try {
            while (channel.read(b.clear()) >= 0) {
                // nothing is sent this way yet
            }
        } catch (IOException e) {
            // the same: the launcher is gone
        }
        System.err.println("mpjdev: rank " + rank + ": the hpjava launcher has gone away; ending this rank");
        System.err.flush();
        Runtime.getRuntime().halt(1);
    }
}
