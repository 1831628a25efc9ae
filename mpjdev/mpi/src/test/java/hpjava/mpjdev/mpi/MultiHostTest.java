package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.conformance.Conformance;
import hpjava.mpjdev.conformance.ConformanceCases;
import hpjava.mpjdev.conformance.ConformanceRun;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import hpjava.testsupport.Requires;
import hpjava.mpjdev.watch.JobWatch;
import hpjava.multihost.StuckProgram;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The mpi backend across hosts, as on a cluster: two test hosts made on this machine by {@code src/test/sh/test-hosts.sh}
 * (network and UTS namespaces joined by a bridge, addresses that exist only inside them), a hostfile with two slots a
 * host, and a launcher agent that enters a host's namespaces instead of ssh (Open MPI's {@code plm_rsh_agent}, MPICH's
 * {@code -launcher-exec}). The launcher itself runs on host 1 ({@code --option launcher}). Checked: the ranks ran
 * on both hosts, the device checks and the conformance suite pass at np = 4. The job watchdog across hosts: with the
 * hpjava launcher ({@code hpjava.mpjdev.Launcher}) on host 1 as on a cluster's head node, the ranks on host 2 report
 * to it over TCP ({@code hpjava.mpjdev.watch.RemoteListener}), so a deadlock across the hosts is reported with every
 * rank's state and host, a rank computing for ever on host 2 is ended by {@code --timeout}, and {@code kill -9} of
 * the launcher leaves no rank alive on either host after 2 s. The hosts are removed afterwards, also when a test
 * fails. Needs root (skipped otherwise outside CI).
 */
@Tag("multihost")
@Timeout(900)
class MultiHostTest {
    static final Path SCRIPT = Path.of("src/test/sh/test-hosts.sh").toAbsolutePath();
    /** Held from making the hosts to removing them: the namespaces' names are the machine's, one test run at a time. */
    static final Path LOCK = Path.of(System.getProperty("java.io.tmpdir"), "hpjava-test-hosts.lock");
    static Path dir;
    static java.nio.channels.FileChannel lockChannel;

    @BeforeAll
    static void makeHosts() throws Exception {
        String user = System.getProperty("user.name");
        Requires.that("root (the test hosts are network namespaces)", "root".equals(user) ? null : "the tests run as " + user,
                "run the tests as root");
        lockChannel = java.nio.channels.FileChannel.open(LOCK, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE);
        lockChannel.lock();   // another build's MultiHostTest (a second worktree) would remove these hosts under us
        dir = Files.createTempDirectory("hpjava-test-hosts");
        String out = run(List.of(SCRIPT.toString(), "up", dir.toString(), "2"));
        for (var launcher : Map.of("mpirun-openmpi", "mpirun.openmpi", "mpiexec-mpich", "mpiexec.mpich").entrySet()) {
            Path p = dir.resolve(launcher.getKey());
            Files.writeString(p, "#!/bin/sh\nexec " + dir.resolve("in-host") + " hpjh1 " + launcher.getValue() + " \"$@\"\n");
            p.toFile().setExecutable(true);
        }
        assertTrue(Files.isExecutable(dir.resolve("agent")), "test-hosts.sh up failed:\n" + out);
    }

    @AfterAll
    static void removeHosts() throws Exception {
        try {
            if (dir != null) run(List.of(SCRIPT.toString(), "down"));
        } finally {
            if (lockChannel != null) lockChannel.close();
        }
    }

    /** The options that run a job across the test hosts on {@code impl}, as a cluster user passes them. */
    static Map<String, String> acrossHosts(String impl) {
        String extra = impl.equals("openmpi")
                ? "--mca plm_rsh_agent " + dir.resolve("agent") + " --mca btl tcp,self,vader --mca btl_tcp_if_include "
                  + "10.231.0.0/24 --mca oob_tcp_if_include 10.231.0.0/24"
                : "-launcher ssh -launcher-exec " + dir.resolve("agent");
        return Map.of("impl", impl, "hostfile", dir.resolve("hosts." + impl).toString(),
                "launcher", dir.resolve(impl.equals("openmpi") ? "mpirun-openmpi" : "mpiexec-mpich").toString(),
                "mpirun-args", extra);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void ranksRunOnBothHostsAndTheDeviceChecksPass(String impl) {
        MpiTestSupport.require(impl, "ffm");
        MpiJob hosts = MpiJob.run(LaunchSpec.of(4, HostsProgram.class.getName()).withOptions(acrossHosts(impl)), Duration.ofSeconds(180));
        assertEquals(0, hosts.exitStatus, "stderr:\n" + hosts.stderr);
        assertTrue(hosts.stdout.contains("hosts: hpjh1,hpjh1,hpjh2,hpjh2"), hosts.stdout);
        MpiJob checks = MpiJob.run(LaunchSpec.of(4, DeviceChecksProgram.class.getName()).withOptions(acrossHosts(impl)),
                Duration.ofSeconds(300));
        assertEquals(0, checks.exitStatus, "stderr:\n" + checks.stderr);
        assertTrue(checks.stdout.contains("DeviceChecksProgram: all checks passed on 4 ranks"), checks.stdout);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void conformanceAcrossHosts(String impl) {
        MpiTestSupport.require(impl, "ffm");
        List<String> args = new java.util.ArrayList<>();
        acrossHosts(impl).forEach((k, v) -> args.addAll(List.of("--option", k + "=" + v)));
        Conformance.assertAllPass(ConformanceRun.of("mpi", 4).withLauncherArgs(args.toArray(String[]::new))
                .withTimeout(Duration.ofMinutes(5))
                .withCases(ConformanceCases.names().stream().filter(c -> !c.equals(ConformanceCases.OBJECTS)).toList()));
    }

    /**
     * The command of the hpjava launcher ({@code hpjava.mpjdev.Launcher}) on host 1, running {@link StuckProgram} with
     * {@code mode} at np = 4 across the test hosts with {@code --timeout timeout}.
     */
    static List<String> launcherOnHost1(String impl, int timeout, String mode) {
        List<String> args = new ArrayList<>(List.of("--backend", "mpi", "--np", "4", "--timeout", Integer.toString(timeout)));
        acrossHosts(impl).forEach((k, v) -> {
            if (!k.equals("launcher")) args.addAll(List.of("--option", k + "=" + v));   // the launcher is on host 1 already
        });
        args.addAll(List.of(StuckProgram.class.getName(), mode));
        List<String> cmd = new ArrayList<>(List.of(dir.resolve("in-host").toString(), "hpjh1"));
        cmd.addAll(ChildProcess.javaCommand(List.of(), ChildProcess.testClassPath(), "hpjava.mpjdev.Launcher", args));
        return cmd;
    }

    /** The host of rank {@code r} at np = 4 (two slots a host). */
    private static String hostOf(int r) {
        return r < 2 ? "hpjh1" : "hpjh2";
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void aDeadlockAcrossHostsIsReportedWithEveryRanksStateAndHost(String impl) {
        MpiTestSupport.require(impl, "ffm");
        JobRun r = ChildProcess.of(launcherOnHost1(impl, 60, "deadlock")).describedAs("deadlock across hosts on " + impl)
                .timeout(Duration.ofSeconds(240)).run();
        String err = r.stderr();
        assertEquals(JobWatch.DEADLOCK_STATUS, r.exitStatus(), r.describe());
        assertTrue(err.contains("mpjdev: deadlock: every live rank is blocked in the device"), r.describe());
        assertTrue(!err.contains("cannot reach the job watchdog"), r.describe());
        for (int rank = 0; rank < 4; rank++) {
            Pattern line = Pattern.compile("rank " + rank + " on " + hostOf(rank) + ": waiting in recv\\(source " + (rank + 1) % 4
                    + ", tag 7, world of 4\\) for \\d+\\.\\d s at (\\S+//)?hpjava\\.multihost\\.StuckProgram\\.main\\(StuckProgram\\.java:\\d+\\)");
            assertTrue(line.matcher(err).find(), "rank " + rank + "'s state\n" + r.describe());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void aRankSpinningOnTheOtherHostIsEndedByTheTimeout(String impl) {
        MpiTestSupport.require(impl, "ffm");
        JobRun r = ChildProcess.of(launcherOnHost1(impl, 3, "spin")).describedAs("a rank spinning on host 2 on " + impl)
                .timeout(Duration.ofSeconds(240)).run();
        String err = r.stderr();
        assertEquals(JobWatch.HANG_STATUS, r.exitStatus(), r.describe());
        assertTrue(err.contains("mpjdev: hang: no rank has made communication progress for 3 s"), r.describe());
        assertTrue(Pattern.compile("rank 3 on hpjh2: running, no device call for \\d+\\.\\d s at "
                + "(\\S+//)?hpjava\\.multihost\\.StuckProgram\\.spin\\(StuckProgram\\.java:\\d+\\)").matcher(err).find(), r.describe());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(err.contains("rank " + rank + " on " + hostOf(rank) + ": waiting in recv(source 3, tag 9, world of 4)"),
                    "rank " + rank + "'s state\n" + r.describe());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void killingTheLauncherEndsTheRanksOnEveryHost(String impl) throws Exception {
        MpiTestSupport.require(impl, "ffm");
        Path out = Files.createTempFile("hpjava-multihost-", ".out");
        Process launcher = new ProcessBuilder(launcherOnHost1(impl, 0, "spin")).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        try {
            awaitFourRanksStarted(launcher, out);
            assertTrue(!processesIn("hpjh1", true).isEmpty() && !processesIn("hpjh2", true).isEmpty(),
                    "ranks on both hosts:\n" + Files.readString(out));
            launcher.destroyForcibly();   // SIGKILL: no shutdown hook, no goodbye to the ranks
            long killed = System.nanoTime();
            double ranksGone = secondsUntilNoneLeft(killed, true), allGone = secondsUntilNoneLeft(killed, false);
            List<String> left = new ArrayList<>(processesIn("hpjh1", true));
            left.addAll(processesIn("hpjh2", true));
            assertTrue(ranksGone <= 2.0, "2 s after the launcher was killed these ranks remain:\n  " + String.join("\n  ", left)
                    + "\n" + Files.readString(out));
            System.out.printf("multihost watch: launcher killed on %s: the ranks on both hosts ended within %.1f s, every process"
                    + " of the job (mpirun, its daemons) within %.1f s%n", impl, ranksGone, allGone);
        } finally {
            if (launcher.isAlive()) ChildProcess.dumpAndKill(launcher);
            Files.deleteIfExists(out);
        }
    }

    /** Waits (at most 180 s) until the job's 4 ranks have printed that they started; fails with the output if not. */
    private static void awaitFourRanksStarted(Process launcher, Path out) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (started(out) < 4) {
            if (System.nanoTime() > deadline || !launcher.isAlive()) {
                fail("the job did not start its 4 ranks (alive: " + launcher.isAlive() + "):\n" + Files.readString(out)
                        + "\n" + ChildProcess.dumpAndKill(launcher));
            }
            Thread.sleep(200);
        }
    }

    /**
     * A host that vanishes without a word (its link taken down with {@code ip link set veth2 down} inside hpjh2: no FIN,
     * no RST, its packets simply stop) while the job runs: the launcher's TCP keepalive on the watch links of ranks 2
     * and 3 goes unanswered, and the launcher reports the lost rank and host and ends the job within the documented
     * bound ({@code JobWatch} via {@code RemoteListener.keepAlive}: 3 s idle + 3 probes 1 s apart), status 1. Before
     * that, the job's watch secret is checked to be in every rank's environment, on both hosts, and on no command line.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void aHostThatVanishesEndsTheJobWithinTheKeepaliveBound(String impl) throws Exception {
        MpiTestSupport.require(impl, "ffm");
        Path out = Files.createTempFile("hpjava-multihost-", ".out");
        Process launcher = new ProcessBuilder(launcherOnHost1(impl, 0, "spin")).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        try {
            awaitFourRanksStarted(launcher, out);
            Thread.sleep(500);   // every rank connected to the watch
            // across hosts too, the secret reached every rank in its environment and is on no command line
            List<String> exposed = hpjava.mpjdev.conformance.WatchSecretCheck.problems(launcher.toHandle(), MpiRankMain.class.getName());
            assertTrue(exposed.isEmpty(), String.join("\n", exposed));
            run(List.of("ip", "-n", "hpjh2", "link", "set", "veth2", "down"));
            long down = System.nanoTime();
            if (!launcher.waitFor(60, java.util.concurrent.TimeUnit.SECONDS))
                fail("the launcher still waits 60 s after host 2 vanished:\n" + Files.readString(out) + "\n"
                        + ChildProcess.dumpAndKill(launcher));
            double seconds = (System.nanoTime() - down) / 1e9;
            String text = Files.readString(out);
            assertEquals(JobWatch.LOST_HOST_STATUS, launcher.exitValue(), text);
            assertTrue(Pattern.compile("mpjdev: lost rank [23] on hpjh2: its host has not answered for 6 s").matcher(text).find(), text);
            assertTrue(seconds <= 6 + 3, "the job ended " + seconds + " s after host 2 vanished:\n" + text);
            System.out.printf("multihost watch: host 2 vanished on %s: reported and the job ended after %.1f s%n", impl, seconds);
        } finally {
            if (launcher.isAlive()) ChildProcess.dumpAndKill(launcher);
            for (String p : processesIn("hpjh2", false)) ProcessHandle.of(Long.parseLong(p.split(" ")[0])).ifPresent(ProcessHandle::destroyForcibly);
            run(List.of("ip", "-n", "hpjh2", "link", "set", "veth2", "up"));
            Files.deleteIfExists(out);
        }
    }

    /**
     * Seconds from {@code since} until no process (with {@code ranksOnly}: no rank) is left on either host, looking
     * every 100 ms, for at most 10 s.
     */
    private static double secondsUntilNoneLeft(long since, boolean ranksOnly) throws Exception {
        while (System.nanoTime() - since < 10_000_000_000L) {
            if (processesIn("hpjh1", ranksOnly).isEmpty() && processesIn("hpjh2", ranksOnly).isEmpty()) break;
            Thread.sleep(100);
        }
        return (System.nanoTime() - since) / 1e9;
    }

    private static long started(Path out) throws IOException {
        return Files.readString(out, StandardCharsets.UTF_8).lines().filter(l -> l.matches("rank \\d started on hpjh\\d")).count();
    }

    /**
     * The live processes (zombies have ended) in {@code host}'s network namespace, as {@code PID COMMAND LINE}; with
     * {@code ranksOnly} only the rank JVMs.
     */
    private static List<String> processesIn(String host, boolean ranksOnly) throws IOException {
        List<String> ranks = new ArrayList<>();
        for (String pid : run(List.of("ip", "netns", "pids", host)).split("\\s+")) {
            if (pid.isEmpty()) continue;
            String stat, cmd;
            try {
                stat = Files.readString(Path.of("/proc", pid, "stat"));
                cmd = new String(Files.readAllBytes(Path.of("/proc", pid, "cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
            } catch (IOException gone) {
                continue;
            }
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            boolean rank = cmd.split(" ")[0].endsWith("/java") && cmd.contains(" " + MpiRankMain.class.getName() + " ");
            if (state != 'Z' && state != 'X' && (rank || !ranksOnly)) ranks.add(pid + " " + cmd);
        }
        return ranks;
    }

    private static String run(List<String> cmd) {
        JobRun r = ChildProcess.of(cmd).timeout(Duration.ofSeconds(60)).mergeStreams().run();
        if (r.exitStatus() != 0) fail(r.describe());
        return r.output();
    }
}
