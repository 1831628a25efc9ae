package hpjava.mpjdev.watch;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The launcher side of the job watchdog for one-rank-per-process backends ({@code mpi}, {@code ucx}; {@code mt} has
 * its own in {@code MtJob}). The ranks' {@link RankReporter}s on this host connect to a Unix-domain socket in a private
 * directory (mode 700: only this user); ranks on other hosts (a multi-host mpi job) connect to a TCP port bound to one
 * address of this host ({@link RemoteListener}, {@link WatchAddress}). Every connection first presents the job's random
 * secret ({@link WatchHello}); then, on either transport alike, the rank sends its state every 200 ms and a thread of
 * this JVM decides:
 * <ul>
 * <li><b>deadlock</b>: every rank has reported, every live rank has been blocked in the device for over
 *     {@link #DEADLOCK_BLOCKED_MS} ms, no count moved over the last two looks, no message is in flight (as many
 *     receives completed as sends started, over the whole job) and no native collective has all its members waiting
 *     in it; and every live rank, asked, confirms that state ({@link DeadlockConfirmation}: the verdict rests on
 *     one moment's state of every rank, not on reports of different ages): reported, the job ends with status
 *     {@link #DEADLOCK_STATUS}. A message in flight (sent, not yet received) or a collective under way is never
 *     called a deadlock: it may still complete; such hangs are the timeout's.</li>
 * <li><b>hang</b> (when {@code timeoutSeconds > 0}): no rank made communication progress for that long while some
 *     live rank waits in the device: every rank's state (pending operation, how long, the program's {@code .hpj}
 *     line; for ranks not waiting, where they run) is reported and the job ends with {@link #HANG_STATUS}.</li>
 * </ul>
 * Ending the job is the backend's ({@code endJob}: kill its processes). The socket also ties the ranks to this JVM:
 * when it dies, each rank's reporter sees the socket close and halts. A failing rank sends its report here before it
 * aborts the job ({@link FailureMessage}): once the other ranks have sent what they printed before it
 * ({@link RankLinks}), it is printed on {@code err}, exactly as the rank would have printed it, and acknowledged. With {@link #forwardOutput} the ranks also send their standard output and error
 * ({@link OutputMessage}), printed a whole line at a time by a {@link RankOutput}. A TCP link whose host stops
 * answering (keepalive, {@link RemoteListener#keepAlive}) ends the job with {@link #LOST_HOST_STATUS}.
 */
public final class JobWatch implements AutoCloseable {
    /** Exit status of a job ended by the watchdog's timeout (as {@code timeout(1)}). */
    public static final int HANG_STATUS = 124;
    /** Exit status of a job ended because a rank's host stopped answering ({@link RemoteListener#keepAlive}). */
    public static final int LOST_HOST_STATUS = 1;
    /** Exit status of a job ended because of a diagnosed deadlock (as on mt). */
    public static final int DEADLOCK_STATUS = 1;
    /** System property naming the socket, for the rank JVMs. */
    public static final String SOCKET_PROPERTY = "hpjava.watch.socket";
    /**
     * Environment variable holding the job's secret, for the rank processes: never a command-line argument, which
     * every user of a host can read in {@code ps}; a process's environment ({@code /proc/PID/environ}) only its owner
     * can. The MPI launcher passes it on to the ranks on every host ({@code mpirun -x NAME}: the name only; MPICH's
     * hydra passes the whole environment).
     */
    public static final String SECRET_ENV = "HPJAVA_WATCH_SECRET";
    /** System property naming the TCP endpoint ({@code ADDRESS:PORT}) for ranks on other hosts, when there is one. */
    public static final String ADDRESS_PROPERTY = "hpjava.watch.address";
    /** System property telling the ranks to send their standard output and error over the link ({@link #forwardOutput}). */
    public static final String OUTPUT_PROPERTY = "hpjava.watch.output";
    static final long DEADLOCK_BLOCKED_MS = 900;
    /** How long {@link #close()} waits for the links of ended ranks to deliver what they still carry. */
    static final long DRAIN_MS = 2_000;
    private static final long LOOK_MS = 200;

    private final int np;
    private final int timeoutSeconds;
    private final PrintStream err;
    private final Runnable endJob;
    private final Path dir, socket;
    private final ServerSocketChannel server;
    private final String secret;
    private RemoteListener remote;
    private final RankView[] views;
    private final List<Closeable> connections = new ArrayList<>();
    private final RankLinks links = new RankLinks();
    /** Each rank's link, once its first report has named the rank (for {@link DeadlockConfirmation#PROBE}s). */
    private final RankLinks.Link[] linkOf;
    /** Ranks whose failure report has been printed and acknowledged (so they may abort the job). */
    private final Set<Integer> reported = ConcurrentHashMap.newKeySet();
    private volatile int verdict = -1;
    private volatile boolean closed;
    private AutoCloseable onRequest = () -> { };
    private volatile RankOutput output;
    /** Links being read (their reader threads have not returned). */
    private final AtomicInteger reading = new AtomicInteger();

    private JobWatch(int np, int timeoutSeconds, PrintStream err, Runnable endJob) throws IOException {
        this.np = np;
        this.timeoutSeconds = timeoutSeconds;
        this.err = err;
        this.endJob = endJob;
        this.views = new RankView[np];
        this.linkOf = new RankLinks.Link[np];
        this.dir = Files.createTempDirectory("hpjava-watch-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        this.socket = dir.resolve("s");
        this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket), np + 8);
        this.secret = WatchHello.newSecret();
    }

    /**
     * Starts watching a job of {@code np} ranks, all on this host; {@code endJob} ends it (called once, from the watch
     * thread, after the report). Returns null (and the job runs unwatched, as before) if the socket cannot be made,
     * saying why.
     */
    public static JobWatch start(int np, int timeoutSeconds, PrintStream err, Runnable endJob) {
        return start(np, timeoutSeconds, err, endJob, null);
    }

    /**
     * As {@link #start(int, int, PrintStream, Runnable)}, for a job with ranks on other hosts too: they report over TCP
     * to {@code remoteAddress} (null: no other hosts). A port that cannot be bound is said on {@code err}; the ranks on
     * this host are watched all the same.
     */
    public static JobWatch start(int np, int timeoutSeconds, PrintStream err, Runnable endJob,
                                 InetSocketAddress remoteAddress) {
        try {
            JobWatch w = new JobWatch(np, timeoutSeconds, err, endJob);
            if (remoteAddress != null) w.listenRemote(remoteAddress);
            Thread.ofPlatform().daemon().name("hpjava-watch-accept").start(w::accept);
            Thread.ofPlatform().daemon().name("hpjava-watch").start(w::decide);
            w.onRequest = HangReports.onRequest(() -> report("mpjdev: the job's state (on request)", w.views.clone()), err);
            return w;
        } catch (IOException | UnsupportedOperationException e) {
            err.println("mpjdev: the job watchdog cannot start (" + e.getMessage() + "); hangs will not be reported");
            return null;
        }
    }

    private void listenRemote(InetSocketAddress address) {
        try {
            remote = new RemoteListener(address, secret.getBytes(StandardCharsets.UTF_8), np,
                    (s, in, host) -> serve(s, in, outputOf(s), host));
        } catch (IOException e) {
            err.println("mpjdev: the job watchdog cannot listen on " + WatchAddress.format(address) + " for ranks on other"
                    + " hosts (" + e.getMessage() + "); they will run unwatched");
        }
    }

    /**
     * JVM arguments for every rank: the socket, the TCP endpoint for ranks on other hosts (when listening), and this
     * JVM's pid and host for {@link LauncherWatch} and for the rank's choice of transport. Not the secret: it goes in
     * the environment ({@link #rankEnvironment()}).
     */
    public List<String> rankJvmArgs() {
        List<String> args = new ArrayList<>(List.of("-D" + SOCKET_PROPERTY + "=" + socket));
        if (remote != null) args.add("-D" + ADDRESS_PROPERTY + "=" + remote.endpoint());
        if (output != null) args.add("-D" + OUTPUT_PROPERTY + "=true");
        args.add("-D" + LauncherWatch.PID_PROPERTY + "=" + ProcessHandle.current().pid());
        args.add("-D" + LauncherWatch.HOST_PROPERTY + "=" + LauncherWatch.hostName());
        return args;
    }

    /**
     * Has the ranks send their standard output and error over their links, to be printed on {@code output} a whole
     * line at a time (call before {@link #rankJvmArgs()}); the caller closes {@code output} after this watch.
     */
    public void forwardOutput(RankOutput output) {
        this.output = output;
    }

    /** Environment variables for every rank process: the job's secret ({@value #SECRET_ENV}). */
    public Map<String, String> rankEnvironment() {
        return Map.of(SECRET_ENV, secret);
    }

    /** The TCP endpoint for ranks on other hosts ({@code ADDRESS:PORT}), or null when not listening. */
    public String remoteEndpoint() {
        return remote == null ? null : remote.endpoint();
    }

    /**
     * Whether rank {@code rank}'s failure report has been printed (and acknowledged: the rank then aborts the job).
     * What the MPI library prints about that abort only repeats it ({@code mpjdev-mpi}'s {@code AbortNotices}).
     */
    public boolean failureReported(int rank) {
        return reported.contains(rank);
    }

    /** Whether any rank's failure report has been printed ({@link #failureReported}). */
    public boolean anyFailureReported() {
        return !reported.isEmpty();
    }

    /** The status the watchdog ended the job with, or -1 if it did not. */
    public int verdict() {
        return verdict;
    }

    /**
     * Stops watching (call after the job's processes have ended: the ranks halt when the socket closes). First waits,
     * at most {@link #DRAIN_MS} ms, until every link has been read to its end, so that nothing the ranks sent (their
     * output) is lost.
     */
    @Override
    public void close() {
        long deadline = System.nanoTime() + DRAIN_MS * 1_000_000L;
        while (reading.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        closed = true;
        try {
            onRequest.close();
        } catch (Exception ignored) {
            // the handler stays: it reports the last job's state
        }
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        if (remote != null) remote.close();
        synchronized (connections) {
            for (Closeable c : connections) {
                try {
                    c.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
        }
        try {
            Files.deleteIfExists(socket);
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a temp directory left behind
        }
    }

    /** Accepts the ranks on this host (the Unix socket: only this user can connect; the hello is checked all the same). */
    private void accept() {
        while (!closed) {
            try {
                SocketChannel c = server.accept();
                Thread.ofPlatform().daemon().name("hpjava-watch-read").start(() -> {
                    try {
                        InputStream in = Channels.newInputStream(c);
                        OutputStream out = Channels.newOutputStream(c);
                        String host = WatchHello.accept(in, out, secret.getBytes(StandardCharsets.UTF_8), null);
                        if (host != null) serve(c, in, out, host);
                        else c.close();
                    } catch (IOException e) {
                        // the rank has gone
                    }
                });
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Reads the reports of one rank connection whose hello was accepted, until it closes (either transport). */
    private void serve(Closeable c, InputStream in, OutputStream out, String host) {
        synchronized (connections) {
            if (closed) {
                closeQuietly(c);
                return;
            }
            connections.add(c);
            reading.incrementAndGet();
        }
        Forwarded forwarded = new Forwarded();
        RankLinks.Link link = links.add(out);
        int rank = -1;
        try (c) {
            LinkReader r = new LinkReader(in);
            String line;
            while ((line = r.readLine()) != null) {
                if (FailureMessage.isHeader(line)) {
                    forwarded.flush();   // the rank's output so far goes first
                    if (!failure(line, r, link)) return;
                } else if (line.equals(FailureMessage.DRAINED)) {
                    forwarded.flush();   // a partial line too: it was printed before the failure being reported
                    links.drained(link);
                } else if (OutputMessage.isHeader(line)) {
                    if (!forward(OutputMessage.parse(line, np), r, forwarded)) return;
                } else {
                    try {
                        RankView v = RankView.parse(line, host);
                        if (v.rank() >= 0 && v.rank() < np) {
                            views[rank = v.rank()] = v;
                            linkOf[rank] = link;
                        }
                    } catch (RuntimeException malformed) {
                        return;   // not a reporter of this job
                    }
                }
            }
        } catch (IOException e) {
            // the rank has exited; or its host has gone silent (TCP keepalive unanswered): the job cannot finish
            if (c instanceof Socket && String.valueOf(e.getMessage()).contains("timed out")) lostHost(rank, host);
        } finally {
            forwarded.end();   // the rank's last partial lines
            links.ended(link);
            reading.decrementAndGet();
        }
    }

    /** The output sinks one link feeds (made at its first output message) and its reused body buffer. */
    private static final class Forwarded {
        final RankOutput.Sink[] sinks = new RankOutput.Sink[2];
        byte[] body;

        void flush() {
            for (RankOutput.Sink s : sinks) if (s != null) s.flush();
        }

        void end() {
            for (RankOutput.Sink s : sinks) if (s != null) s.end();
        }
    }

    /** Ends the job because rank {@code rank}'s host (-1: not yet known) stopped answering its watch link. */
    private void lostHost(int rank, String host) {
        RankView v = rank >= 0 ? views[rank] : null;
        if (v != null && v.state() == 'F') return;   // finished: its exit is the MPI launcher's to see
        end(LOST_HOST_STATUS, report("mpjdev: lost " + (rank >= 0 ? "rank " + rank + " on " : "a rank on ") + host
                + ": its host has not answered for " + RemoteListener.LOST_HOST_SECONDS + " s (the host or its network is"
                + " gone); ending the job", views.clone()));
    }

    /** Passes the output body announced by {@code h} to the rank's sink; false if it is malformed or cut off. */
    private boolean forward(OutputMessage.Header h, LinkReader r, Forwarded f) throws IOException {
        RankOutput o = output;
        if (h == null || o == null) return false;
        if (f.body == null) f.body = new byte[OutputMessage.MAX_BYTES];
        if (!r.readFully(f.body, h.length())) return false;
        int k = h.error() ? 1 : 0;
        if (f.sinks[k] == null) f.sinks[k] = o.sink(h.rank(), h.error());
        f.sinks[k].write(f.body, 0, h.length());
        return true;
    }

    private static void closeQuietly(Closeable c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /** The TCP connection's output stream (for acknowledgements); a socket that has none is closed by its reader. */
    private static OutputStream outputOf(Socket s) {
        try {
            return s.getOutputStream();
        } catch (IOException e) {
            return OutputStream.nullOutputStream();
        }
    }

    /**
     * Reads the failure report that follows {@code header}; then, on a thread of its own (this link's reader must
     * go on reading, and so must the others': their answers), has the other ranks drain their output
     * ({@link RankLinks#drainAllBut}), prints the report and acknowledges it. False if the report was malformed.
     */
    private boolean failure(String header, LinkReader in, RankLinks.Link link) throws IOException {
        FailureMessage.Report report = FailureMessage.readReport(header, in);
        if (report == null) return false;
        Thread.ofPlatform().daemon().name("hpjava-watch-failure").start(() -> {
            links.drainAllBut(link, FailureMessage.DRAIN_WAIT_MS);
            printFailure(report.text());
            reported.add(report.rank());
            link.send(FailureMessage.ACK);
        });
        return true;
    }

    /** Prints a rank's failure report on the error stream, after the rank's output. */
    private void printFailure(String report) {
        RankOutput o = output;
        if (o != null) {
            o.printWhole(true, report);   // after the rank's own output, never inside one of its open lines
        } else {
            synchronized (err) {
                err.print(report);
                err.flush();
            }
        }
    }

    // ------------------------------------------------------------------ deciding

    private void decide() {
        long[] lastProgress = new long[np];
        int stableLooks = 0;
        HangClock hang = new HangClock(timeoutSeconds);
        DeadlockConfirmation deadlock = new DeadlockConfirmation(np);
        while (!closed) {
            try {
                Thread.sleep(LOOK_MS);
            } catch (InterruptedException e) {
                return;
            }
            RankView[] v = views.clone();
            long sum = 0;
            boolean same = true, allReported = true;
            for (int r = 0; r < np; r++) {
                if (v[r] == null) {
                    allReported = false;
                    continue;
                }
                sum += v[r].progress();
                if (v[r].progress() != lastProgress[r]) same = false;
                lastProgress[r] = v[r].progress();
            }
            stableLooks = same ? stableLooks + 1 : 0;
            RankView[] confirmed = allReported ? deadlock.look(v, stableLooks >= 2, this::probe) : null;
            if (confirmed != null) {
                end(DEADLOCK_STATUS, report("mpjdev: deadlock: every live rank is blocked in the device and no message"
                        + " is in flight that could wake one of them; ending the job", confirmed));
                return;
            }
            // the clock starts once every rank has reported, and only a wait as long as the timeout counts
            if (verdict >= 0) return;   // a link reader has ended the job
            if (hang.expired(allReported ? sum : -1, longestWaitMs(v) >= timeoutSeconds * 1000L)) {
                end(HANG_STATUS, report("mpjdev: hang: no rank has made communication progress for " + timeoutSeconds
                        + " s while ranks wait in the device (--timeout " + timeoutSeconds + "); ending the job (exit status "
                        + HANG_STATUS + ")", v));
                return;
            }
        }
    }

    /** Asks rank {@code r} for a report made now ({@link DeadlockConfirmation}); false if its link is gone. */
    private boolean probe(int r) {
        RankLinks.Link l = linkOf[r];
        return l != null && l.send(DeadlockConfirmation.PROBE);
    }

    private static long longestWaitMs(RankView[] v) {
        long longest = -1;
        for (RankView x : v) if (x != null && x.state() == 'W') longest = Math.max(longest, x.blockedMs());
        return longest;
    }

    /** Ends the job once (the watch thread and the link readers may both decide to): the first verdict stands. */
    private synchronized void end(int status, String report) {
        if (closed || verdict >= 0) return;
        verdict = status;
        HangReports.publish(report, err);
        endJob.run();
    }

    /**
     * The report: {@code heading}, then one line per rank; when the ranks reported from more than one host, each line
     * names the rank's host ({@code rank 2 on node7: ...}).
     */
    static String report(String heading, RankView[] v) {
        StringBuilder sb = new StringBuilder(heading);
        boolean hosts = severalHosts(v);
        for (int r = 0; r < v.length; r++) {
            RankView x = v[r];
            sb.append("\n  rank ").append(r);
            if (hosts && x != null) sb.append(" on ").append(x.host());
            sb.append(": ");
            if (x == null) sb.append("not started (never reported)");
            else if (x.state() == 'F') sb.append("finished");
            else if (x.state() == 'W') sb.append("waiting in ").append(x.operation()).append(" for ")
                    .append(seconds(x.blockedMs())).append(x.site());
            else sb.append("running, no device call for ").append(seconds(x.blockedMs())).append(x.site());
        }
        return sb.toString();
    }

    private static boolean severalHosts(RankView[] v) {
        String first = null;
        for (RankView x : v) {
            if (x == null) continue;
            if (first == null) first = x.host();
            else if (!Objects.equals(first, x.host())) return true;
        }
        return false;
    }

    static String seconds(long ms) {
        return String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
    }

}
