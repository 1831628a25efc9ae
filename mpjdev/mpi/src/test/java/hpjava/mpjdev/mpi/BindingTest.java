package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import hpjava.mpjdev.LaunchSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Open MPI's ranks run unbound unless the user binds them: Open MPI's own default binds each of up to 2 ranks to one
 * core, where the rank JVM sees one processor, picks the Serial collector and runs its JIT on the rank's core
 * (MpiImplementation#bindingArgs). A binding the user gives (launcher arguments or Open MPI's MCA variable) is kept.
 */
class BindingTest {
    private static final List<String> UNBOUND = List.of("--bind-to", "none");

    @Test
    void openMpiRanksAreUnboundByDefault() {
        assertEquals(UNBOUND, MpiImplementation.OPENMPI.bindingArgs(List.of(), Map.of()));
        assertEquals(UNBOUND, MpiImplementation.OPENMPI.bindingArgs(List.of("--report-bindings", "-x", "FOO"), Map.of()));
    }

    @Test
    void aBindingTheUserChoseIsKept() {
        for (List<String> user : List.of(List.of("--bind-to", "core"), List.of("-bind-to", "socket"), List.of("--bind-to=core"),
                List.of("--bind-to-core"), List.of("--map-by", "ppr:1:core:PE=1"), List.of("--cpu-list", "0,1"),
                List.of("-rf", "ranks.txt"), List.of("--rankfile", "ranks.txt")))
            assertEquals(List.of(), MpiImplementation.OPENMPI.bindingArgs(user, Map.of()), user.toString());
        assertEquals(List.of(), MpiImplementation.OPENMPI.bindingArgs(List.of(),
                Map.of(MpiImplementation.OPENMPI_BINDING_ENV, "core")));
    }

    @Test
    void mpichIsNotToldAnything() {
        assertEquals(List.of(), MpiImplementation.MPICH.bindingArgs(List.of(), Map.of()));
    }

    @Test
    void theLaunchCommandCarriesItBeforeTheUsersArguments(@org.junit.jupiter.api.io.TempDir Path abi) throws Exception {
        Files.writeString(MpiImplementation.OPENMPI.abiTable(abi), "");
        MpiTestSupport.require("openmpi", "ffm");
        String cmd = String.join(" ", MpiLaunchCommand.build(LaunchSpec.of(2, "Main").withOptions(Map.of("mpirun-args", "-x FOO")),
                Map.of("HPJAVA_MPI", "openmpi", "HPJAVA_MPI_ABI_DIR", abi.toString())));
        assertEquals(true, cmd.contains(" -np 2 --bind-to none -x FOO "), cmd);
        String bound = String.join(" ", MpiLaunchCommand.build(LaunchSpec.of(2, "Main").withOptions(Map.of("mpirun-args", "--bind-to core")),
                Map.of("HPJAVA_MPI", "openmpi", "HPJAVA_MPI_ABI_DIR", abi.toString())));
        assertEquals(false, bound.contains("none"), bound);
    }

    /** The JVM of each of 2 ranks sees the host's processors; with the user's {@code --bind-to core}, one. */
    @Test
    void rankJvmsSeeTheHostsProcessorsUnlessTheUserBindsThem() throws Exception {
        MpiTestSupport.require("openmpi", "ffm");
        int online = hpjava.mpjdev.idle.Cores.countCpuList(Files.readString(Path.of("/sys/devices/system/cpu/online")).trim());
        assumeTrue(online >= 2, "one processor: binding changes nothing");
        assertEquals(List.of(online, online), processors(Map.of("impl", "openmpi")));
        assertEquals(List.of(1, 1), processors(Map.of("impl", "openmpi", "mpirun-args", "--bind-to core")));
    }

    private static List<Integer> processors(Map<String, String> options) {
        MpiJob job = MpiJob.run(LaunchSpec.of(2, BindingProgram.class.getName()).withOptions(options), Duration.ofSeconds(120));
        assertEquals(0, job.exitStatus, "exit status; stderr:\n" + job.stderr);
        return List.of(0, 1).stream().map(r -> job.stdout.lines().filter(l -> l.startsWith("rank " + r + ": processors="))
                .map(l -> Integer.parseInt(l.substring(l.indexOf('=') + 1).trim())).findFirst()
                .orElseThrow(() -> new AssertionError("no line of rank " + r + " in\n" + job.stdout))).toList();
    }
}
