package hpjava.mpjdev.mpi;

import hpjava.mpjdev.watch.JobWatch;
import hpjava.mpjdev.watch.LauncherWatch;
import hpjava.mpjdev.watch.RankOutput;
import hpjava.mpjdev.watch.WatchAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicReference;
import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.spi.Backend;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.locks.Lock;

/**
 * The {@code mpi} backend: every rank is a JVM process started by the MPI implementation's launcher ({@code mpirun},
 * {@code mpiexec}), calling the MPI C library of Open MPI or MPICH through {@code java.lang.foreign} ({@link FfmBinding},
 * the default) or Open MPI's Java bindings ({@link JniBinding}). {@link #launch} builds the command
 * ({@link MpiLaunchCommand}, which documents the options), runs it with this process's standard streams and returns
 * its exit status: 0 when every rank finished normally, 1 when a rank failed (the rank prints
 * {@code mpjdev: rank R failed: ...} with the stack trace and aborts the job with {@code MPI_Abort}), 3 when MPI is
 * not installed here.
 *
 * <h2>Programs that call MPI directly</h2>
 * Under the jni binding a rank's program sees the backend's initialised {@code mpi.MPI} and may call it beside
 * mpjdev (under the ffm binding it may call the C library itself the same way). Open MPI runs at
 * {@code MPI_THREAD_SINGLE} (or {@code SERIALIZED}, see the option {@code thread-level}): calls from several threads
 * must never overlap. The backend calls MPI only from
 * threads that are inside an mpjdev call (it has no helper thread), always holding {@link #mpiLock()}. So:
 * <ul>
 * <li>a program that calls MPI from one thread, and makes no mpjdev call from another thread meanwhile (e.g. a
 *     single-threaded program, or one whose other threads only compute), needs nothing more;</li>
 * <li>otherwise it holds {@link #mpiLock()} around each of its MPI calls, and makes blocking MPI calls only when no
 *     other thread of the rank needs MPI meanwhile (a blocking call under the lock stops them all until it returns,
 *     and never returns if it waits for one of them); the safe form is a non-blocking call and a loop of
 *     {@code test} calls, each under the lock.</li>
 * </ul>
 */
public final class MpiBackend implements Backend {

    /**
     * The lock that serialises all calls into Open MPI in this rank process (the backend's own calls hold it while
     * they run; it is held only around calls that return at once, never while waiting). See the class comment for
     * when a program calling MPI directly needs it. Only meaningful inside a rank process of the mpi backend.
     * It is a reentrant mutual-exclusion lock with the usual memory effects of {@code lock}/{@code unlock}; it is not
     * fair, a thread blocked in {@code lock()} parks at most 50 us between tries, and {@code newCondition()} throws
     * {@link UnsupportedOperationException} (nobody may wait while holding it). Its release is a release store, not
     * a full fence as {@code ReentrantLock}'s (see {@code MpiLock}).
     */
    public static Lock mpiLock() {
        return MpiDevice.LOCK;
    }

    /**
     * Why this backend cannot run on the MPI implementation {@code impl} ({@code openmpi}, {@code mpich}) with its
     * default binding here, or empty when it can: for tests and tools that skip what is not installed.
     */
    public static java.util.Optional<String> problem(String impl) {
        var m = MpiImplementation.byId(impl);
        if (m.isEmpty()) return java.util.Optional.of("unknown MPI implementation '" + impl + "'");
        return java.util.Optional.ofNullable(MpiLaunchCommand.problem(m.get(), "ffm",
                MpiOptions.of(java.util.Map.of(), System.getenv())));
    }

    @Override
    public String name() {
        return "mpi";
    }

    @Override
    public String description() {
        return "MPI (Open MPI or MPICH through java.lang.foreign): one JVM process per rank, started by mpirun/mpiexec (options: " + hpjava.mpjdev.spi.BackendOptions.names(MpiOptions.KEYS) + ")";
    }

    @Override
    public String unavailableReason() {
        try {
            MpiLaunchCommand.build(LaunchSpec.of(1, "Probe"), System.getenv());
            return null;
        } catch (MpiLaunchCommand.NotInstalledException e) {
            return e.getMessage();
        }
    }

    @Override
    public int launch(LaunchSpec spec) {
        AtomicReference<Process> job = new AtomicReference<>();
        JobWatch watch = JobWatch.start(spec.np(), spec.timeoutSeconds(), System.err, () -> endJob(job.get()),
                remoteWatchAddress(spec));
        // the ranks' output comes over their watch links and is printed a whole line at a time
        RankOutput output = new RankOutput(System.out, System.err, spec.prefixOutput());
        if (watch != null) watch.forwardOutput(output);
        try {
            return launch(spec, watch, job);
        } finally {
            if (watch != null) watch.close();
            output.close();
        }
    }

    /**
     * Where the job watchdog listens for ranks on other hosts ({@link WatchAddress}): the {@code watch-address} option,
     * else this host's address towards the job's first other host ({@link MpiHosts}); null for a job on this host only,
     * or when no address can be found (said on standard error: those ranks run unwatched).
     *
     * @throws IllegalArgumentException for a malformed {@code watch-address}
     */
    static InetSocketAddress remoteWatchAddress(LaunchSpec spec) {
        MpiOptions options = MpiOptions.of(spec.options(), System.getenv());
        WatchAddress.Choice c = WatchAddress.choose(options.watchAddress(),
                MpiHosts.of(options.hostfile(), options.mpirunArgs()));
        if (c.problem() != null) System.err.println("mpjdev: the job watchdog cannot listen for ranks on other hosts: "
                + c.problem() + "; they will run unwatched (--option watch-address=ADDRESS names the address to use)");
        return c.address();
    }

    /** How long the launcher waits, after the MPI launcher has exited, for the last of its errors to be passed on. */
    private static final long ERRORS_DRAIN_MS = 2_000;

    /** Waits (at most {@link #ERRORS_DRAIN_MS}) until {@code errors} (may be null) has passed on all it read. */
    private static void awaitErrors(Thread errors) {
        if (errors == null) return;
        try {
            errors.join(ERRORS_DRAIN_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Ends a job the watchdog has diagnosed: mpirun and every rank under it, at once. */
    private static void endJob(Process p) {
        if (p == null) return;
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    private int launch(LaunchSpec spec, JobWatch watch, AtomicReference<Process> job) {
        List<String> command;
        java.util.Map<String, String> rankEnv = watch != null ? watch.rankEnvironment() : java.util.Map.of();
        try {
            if (watch != null) {
                List<String> jvm = new java.util.ArrayList<>(spec.jvmArgs());
                jvm.addAll(watch.rankJvmArgs());
                spec = spec.withJvmArgs(jvm);
            }
            command = MpiLaunchCommand.build(spec, System.getenv(), rankEnv.keySet());
        } catch (MpiLaunchCommand.NotInstalledException e) {
            System.err.println("mpjdev: the mpi backend cannot run here: " + e.getMessage());
            return 3;
        }
        if (MpiOptions.of(spec.options(), System.getenv()).verbose()) System.err.println("mpjdev: " + String.join(" ", command));
        try {
            // mpirun gets SIGTERM when this JVM dies, and ends its ranks on every host at once
            ProcessBuilder pb = new ProcessBuilder(LauncherWatch.endingWithThisJvm(command)).inheritIO();
            pb.environment().putAll(rankEnv);   // the watch's secret: in the environment, never on a command line
            // the launcher's errors pass through a filter of the MPI library's notices that repeat a failure report
            if (watch != null) pb.redirectError(ProcessBuilder.Redirect.PIPE);
            Process p = pb.start();
            job.set(p);
            Thread errors = watch == null ? null : new LauncherErrors(p.getErrorStream(), System.err,
                    new AbortNotices(watch::anyFailureReported, watch::failureReported)).start();
            int status;
            while (true) {
                try {
                    status = p.waitFor();
                    break;
                } catch (InterruptedException e) {
                    p.descendants().forEach(ProcessHandle::destroy);
                    p.destroy();
                    Thread.currentThread().interrupt();
                }
            }
            awaitErrors(errors);
            if (watch != null && watch.verdict() >= 0) return watch.verdict();
            return status == 0 ? 0 : 1;
        } catch (IOException e) {
            System.err.println("mpjdev: the mpi backend cannot run here: cannot start " + command.get(0) + ": " + e.getMessage());
            return 3;
        }
    }
}
