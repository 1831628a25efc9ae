package hpjava.mpjdev.ucx;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.watch.JobWatch;
import hpjava.mpjdev.watch.RankOutput;
import hpjava.mpjdev.ucx.ffm.UcxLibrary;
import hpjava.mpjdev.ucx.ffm.UcxUnavailableException;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs a ucx job on this host: N rank JVMs ({@link UcxRankMain}), a loopback bootstrap that admits only holders of
 * the job's secret ({@link Bootstrap}), and the job's life cycle:
 * <ul>
 * <li>addresses are sent to every rank once all have connected (within {@code bootstrap-timeout} seconds);</li>
 * <li>when a rank's main returns it reports how many messages it sent to each rank; the launcher forwards the
 *     counts, so that a receive from a finished rank fails instead of hanging; when every rank is done they are
 *     released and exit;</li>
 * <li>when a rank fails (non-zero exit, or exit before reporting DONE) the launcher names it, tells the others to
 *     abort (their blocked calls throw {@link hpjava.mpjdev.JobAbortedException}), kills whatever is left after a
 *     grace period, and returns 1.</li>
 * </ul>
 * Options ({@code --option key=value}): {@link UcxOptions}.
 */
final class UcxJobLauncher {
    private final LaunchSpec spec;
    private final UcxOptions options;
    private final int np;
    private final PrintStream err = System.err;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final byte[] secret = Bootstrap.newSecret();
    private final Process[] processes;
    private final Rank[] ranks;
    private final List<Thread> pumps = new ArrayList<>();
    /** Where the ranks' output and error go, a whole line at a time. */
    private final RankOutput output;
    /** The job's watchdog (null if it could not start); its verdict ends the job and is its exit status. */
    private JobWatch watch;

    private sealed interface Event permits Registered, Done, Exited, Bad {}

    private record Registered(Rank rank) implements Event {}

    /** Rank {@code rank}'s DONE report. */
    private record Done(int rank, FinishReport report) implements Event {}

    private record Exited(int rank, int status) implements Event {}

    private record Bad(String message) implements Event {}

    /** The launcher's side of one rank's control connection. */
    private static final class Rank {
        final int rank;
        final Socket socket;
        final DataInputStream in;
        final DataOutputStream out;
        final byte[] address;
        boolean done;
        boolean exited;

        Rank(int rank, Socket socket, DataInputStream in, DataOutputStream out, byte[] address) {
            this.rank = rank;
            this.socket = socket;
            this.in = in;
            this.out = out;
            this.address = address;
        }

        synchronized void send(IoAction action) {
            if (exited) return;
            try {
                action.run(out);
                out.flush();
            } catch (IOException e) {
                // the rank is exiting; its exit is reported separately
            }
        }
    }

    private interface IoAction {
        void run(DataOutputStream out) throws IOException;
    }

    private UcxJobLauncher(LaunchSpec spec, UcxOptions options) {
        this.spec = spec;
        this.options = options;
        this.np = spec.np();
        this.processes = new Process[np];
        this.ranks = new Rank[np];
        this.output = new RankOutput(System.out, System.err, spec.prefixOutput());
    }

    /** See {@link hpjava.mpjdev.spi.Backend#launch}. */
    static int launch(LaunchSpec spec) {
        if (spec.np() > Envelope.MAX_RANKS) {
            throw new IllegalArgumentException("--np " + spec.np() + ": the ucx backend runs at most "
                    + Envelope.MAX_RANKS + " ranks (a message envelope names its source in 16 bits)");
        }
        UcxOptions options = UcxOptions.of(spec.options()); // rejects unknown keys before anything starts
        try {
            UcxLibrary.require();
        } catch (UcxUnavailableException e) {
            System.err.println("mpjdev: the ucx backend cannot run here: " + e.getMessage());
            return 3;
        }
        return new UcxJobLauncher(spec, options).run();
    }

    private int run() {
        watch = JobWatch.start(np, spec.timeoutSeconds(), err, this::killAll);
        try {
            int status = runWatched();
            return watch != null && watch.verdict() >= 0 ? watch.verdict() : status;
        } finally {
            if (watch != null) watch.close();
            output.close();
        }
    }

    private int runWatched() {
        int bootstrapTimeout = options.bootstrapTimeout();
        int abortGrace = options.abortGrace();
        try (ServerSocket server = new ServerSocket(0, Math.max(50, 2 * np), InetAddress.getLoopbackAddress())) {
            Thread acceptor = Thread.ofPlatform().daemon().name("hpjava-ucx-bootstrap").start(() -> accept(server));
            for (int r = 0; r < np; r++) processes[r] = start(r, server.getLocalPort());
            int status = superviseJob(bootstrapTimeout, abortGrace);
            acceptor.interrupt();
            for (Thread t : pumps) t.join(5_000); // the ranks' last lines
            output.close();
            return status;
        } catch (IOException e) {
            err.println("mpjdev: ucx launcher: " + e.getMessage());
            killAll();
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    // ------------------------------------------------------------------ starting ranks

    private Process start(int rank, int port) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(spec.jvmArgs());
        if (watch != null) cmd.addAll(watch.rankJvmArgs());
        for (String a : options.jvmArgs().trim().split("\\s+")) if (!a.isEmpty()) cmd.add(a);
        cmd.addAll(UcxOptions.rankProperties(spec.options()));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(UcxRankMain.class.getName());
        cmd.add(spec.mainClass());
        cmd.addAll(spec.args());
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        env.put(Bootstrap.ENV_PORT, Integer.toString(port));
        env.put(Bootstrap.ENV_SECRET, Bootstrap.hex(secret));
        env.put(Bootstrap.ENV_RANK, Integer.toString(rank));
        env.put(Bootstrap.ENV_SIZE, Integer.toString(np));
        env.put(Bootstrap.ENV_LOCAL_RANKS, Integer.toString(np));
        env.put(Bootstrap.ENV_PROGRAM_CLASS_PATH,
                spec.classPath().stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        if (watch != null) env.putAll(watch.rankEnvironment());   // the watch's secret, off the command line
        env.put("UCX_ERROR_SIGNALS", ""); // libucs must not take SIGSEGV from HotSpot (see UcxLibrary)
        env.put("UCX_NET_DEVICES", options.netDevices());
        pb.redirectInput(rank == 0 ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.from(nullFile()));
        // a pipe per rank and stream: the ranks' lines are printed whole (RankOutput), never mixed mid-line
        pb.redirectOutput(ProcessBuilder.Redirect.PIPE).redirectError(ProcessBuilder.Redirect.PIPE);
        Process p = pb.start();
        pump(p.getInputStream(), output.sink(rank, false), rank);
        pump(p.getErrorStream(), output.sink(rank, true), rank);
        p.onExit().thenAccept(done -> events.add(new Exited(rank, done.exitValue())));
        return p;
    }

    private static File nullFile() {
        return new File(File.separatorChar == '\\' ? "NUL" : "/dev/null");
    }

    /** Passes what the rank writes on {@code from} to {@code sink} as it comes, and ends the sink at the end. */
    private void pump(InputStream from, RankOutput.Sink sink, int rank) {
        pumps.add(Thread.ofPlatform().daemon().name("hpjava-ucx-output-" + rank).start(() -> {
            byte[] b = new byte[8192];
            try (from) {
                int n;
                while ((n = from.read(b)) >= 0) sink.write(b, 0, n);
            } catch (IOException e) {
                // the rank has exited
            } finally {
                sink.end();
            }
        }));
    }

    // ------------------------------------------------------------------ bootstrap

    private void accept(ServerSocket server) {
        while (!server.isClosed()) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return; // closed at the end of the job
            }
            Thread.ofVirtual().start(() -> admit(s));
        }
    }

    /** Admits a connection presenting the secret for a rank not yet taken; silently drops anything else. */
    private void admit(Socket s) {
        try {
            s.setSoTimeout(10_000);
            s.setTcpNoDelay(true);
            DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
            Bootstrap.Hello hello = Bootstrap.readHello(in, secret, np);
            s.setSoTimeout(0);
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
            events.add(new Registered(new Rank(hello.rank(), s, in, out, hello.address())));
        } catch (IOException e) {
            try {
                s.close();
            } catch (IOException ignored) {
                // nothing more to do with a rejected connection
            }
        }
    }

    private void readControl(Rank r) {
        Thread.ofPlatform().daemon().name("hpjava-ucx-control-" + r.rank).start(() -> {
            try {
                while (true) {
                    events.add(new Done(r.rank, Bootstrap.readDone(r.in, np)));
                }
            } catch (Bootstrap.ProtocolException e) {
                events.add(new Bad("rank " + r.rank + " broke the control protocol: " + e.getMessage()));
            } catch (IOException | RuntimeException e) {
                // end of the connection: the rank's exit is reported by its process
            }
        });
    }

    // ------------------------------------------------------------------ supervision

    private int superviseJob(int bootstrapTimeout, int abortGrace) {
        long bootstrapDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(bootstrapTimeout);
        long killDeadline = Long.MAX_VALUE;
        int registered = 0;
        int exited = 0;
        int done = 0;
        boolean failed = false;
        int[] exitStatus = new int[np];
        while (exited < np) {
            Event e;
            try {
                long now = System.nanoTime();
                long wait = Math.min(killDeadline, registered < np ? bootstrapDeadline : Long.MAX_VALUE) - now;
                e = events.poll(Math.max(1, Math.min(wait, TimeUnit.SECONDS.toNanos(1))), TimeUnit.NANOSECONDS);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                err.println("mpjdev: ucx launcher interrupted; ending the job");
                killAll();
                return 1;
            }
            long now = System.nanoTime();
            if (e == null) {
                if (now >= killDeadline) {
                    killAll();
                    killDeadline = Long.MAX_VALUE;
                } else if (registered < np && now >= bootstrapDeadline && !failed) {
                    List<Integer> missing = new ArrayList<>();
                    for (int r = 0; r < np; r++) if (ranks[r] == null) missing.add(r);
                    err.println("mpjdev: ucx launcher: rank(s) " + missing + " did not connect within "
                            + bootstrapTimeout + " s; ending the job");
                    failed = true;
                    killAll();
                }
                continue;
            }
            switch (e) {
                case Registered reg -> {
                    if (ranks[reg.rank().rank] != null || failed) {
                        close(reg.rank());
                        break;
                    }
                    ranks[reg.rank().rank] = reg.rank();
                    if (++registered == np) {
                        byte[][] addresses = new byte[np][];
                        for (Rank q : ranks) addresses[q.rank] = q.address;
                        for (Rank r : ranks) {
                            r.send(out -> Bootstrap.writeAddresses(out, addresses));
                            readControl(r);
                        }
                    }
                }
                case Done d -> {
                    Rank r = ranks[d.rank()];
                    if (r.done) break;
                    r.done = true;
                    done++;
                    for (Rank q : ranks) {
                        if (q.rank != d.rank()) {
                            int count = d.report().sent()[q.rank];
                            int delivered = d.report().delivered()[q.rank];
                            int[] untaken = d.report().unconsumed()[q.rank];
                            q.send(out -> Bootstrap.writeFinished(out, d.rank(), count, delivered, untaken));
                        }
                    }
                    if (done == np) for (Rank q : ranks) q.send(Bootstrap::writeAllDone);
                }
                case Exited x -> {
                    exited++;
                    exitStatus[x.rank()] = x.status();
                    Rank r = ranks[x.rank()];
                    if (r != null) {
                        synchronized (r) {
                            r.exited = true;
                        }
                        close(r);
                    }
                    boolean normal = x.status() == 0 && r != null && r.done;
                    if (!normal && !failed && watch != null && watch.verdict() >= 0) {
                        failed = true;   // ended by the watchdog, which has reported why
                    } else if (!normal && !failed) {
                        failed = true;
                        String why = x.status() == 0 ? "exited before its main method returned"
                                : x.status() == 3 ? "could not start the ucx device (status 3)"
                                : "failed (exit status " + x.status() + describeSignal(x.status()) + ")";
                        String reason = "rank " + x.rank() + " " + why;
                        err.println("mpjdev: " + reason + "; ending the job");
                        for (Rank q : ranks) {
                            if (q != null && q.rank != x.rank()) q.send(out -> Bootstrap.writeAbort(out, reason));
                        }
                        killDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(abortGrace);
                        if (registered < np) killAll(); // ranks still bootstrapping cannot be told
                    }
                }
                case Bad b -> {
                    if (!failed) {
                        failed = true;
                        err.println("mpjdev: ucx launcher: " + b.message() + "; ending the job");
                        killAll();
                    }
                }
            }
        }
        if (failed) return 1;
        for (int s : exitStatus) if (s != 0) return 1;
        return 0;
    }

    private static String describeSignal(int status) {
        return status > 128 && status < 160 ? ", signal " + (status - 128) : "";
    }

    private static void close(Rank r) {
        try {
            r.socket.close();
        } catch (IOException | RuntimeException ignored) {
            // already closed
        }
    }

    private void killAll() {
        for (Process p : processes) {
            if (p != null && p.isAlive()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }
}
