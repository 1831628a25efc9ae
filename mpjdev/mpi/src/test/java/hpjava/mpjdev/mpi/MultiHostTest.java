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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
 * on both hosts, the device checks and the conformance suite pass at np = 4. The hosts are removed afterwards, also
 * when a test fails. Needs root (skipped otherwise outside CI).
 */
@Tag("multihost")
@Timeout(900)
class MultiHostTest {
    static final Path SCRIPT = Path.of("src/test/sh/test-hosts.sh").toAbsolutePath();
    static Path dir;

    @BeforeAll
    static void makeHosts() throws Exception {
        String user = System.getProperty("user.name");
        Requires.that("root (the test hosts are network namespaces)", "root".equals(user) ? null : "the tests run as " + user,
                "run the tests as root");
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
        if (dir != null) run(List.of(SCRIPT.toString(), "down"));
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

    private static String run(List<String> cmd) {
        JobRun r = ChildProcess.of(cmd).timeout(Duration.ofSeconds(60)).mergeStreams().run();
        if (r.exitStatus() != 0) fail(r.describe());
        return r.output();
    }
}
