package hpjava.mpjdev.mpi;

import hpjava.mpjdev.idle.Cores;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.mpjdev.LaunchSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How a rank counts the cores its host's ranks share, which decides whether its waits spin or yield. A rank bound to
 * one core (a binding the user gives Open MPI's mpirun; {@code hpjava run} otherwise passes {@code --bind-to none})
 * sees one processor; counting that made 2 ranks on a 2-core host yield after 100 polls, as if they shared a core.
 */
class HostCoresTest {

    @Test
    void cpuListsAreCountedAsLinuxWritesThem() {
        assertEquals(1, Cores.countCpuList("0"));
        assertEquals(2, Cores.countCpuList("0-1"));
        assertEquals(7, Cores.countCpuList("0-3,8,10-11"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void twoRanksOnAHostWithTwoOrMoreCoresAreNotOversubscribed(String impl) throws Exception {
        MpiTestSupport.require(impl, "ffm");
        int online = Cores.countCpuList(Files.readString(Path.of("/sys/devices/system/cpu/online")).trim());
        MpiJob job = MpiJob.run(LaunchSpec.of(2, WaitPolicyProgram.class.getName()).withOptions(MpiTestSupport.on(impl)),
                Duration.ofSeconds(120));
        assertEquals(0, job.exitStatus, "exit status; stderr:\n" + job.stderr);
        for (int r = 0; r < 2; r++) {
            String prefix = "rank " + r + ": ";
            String line = job.stdout.lines().filter(l -> l.startsWith(prefix)).findFirst()
                    .orElseThrow(() -> new AssertionError("no line of " + prefix + "in\n" + job.stdout));
            assertTrue(line.endsWith("oversubscribed=" + (2 > online)), line + " (online processors: " + online + ")");
        }
    }
}
