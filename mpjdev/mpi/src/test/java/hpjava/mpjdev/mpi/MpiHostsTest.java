package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.mpjdev.LaunchSpec;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hosts a job names, and the address its watchdog listens on for ranks on other hosts. */
class MpiHostsTest {
    @TempDir
    Path dir;

    @Test
    void hostsFromHostfilesOfBothImplementationsAndFromLauncherArguments() throws Exception {
        Path openmpi = Files.writeString(dir.resolve("hosts.openmpi"), "# the cluster\nnode1 slots=2\n\nnode2 slots=2 max_slots=4 # big\n");
        Path mpich = Files.writeString(dir.resolve("hosts.mpich"), "node3:2\nnode4\n");
        assertEquals(List.of("node1", "node2"), MpiHosts.of(openmpi.toString(), List.of()));
        assertEquals(List.of("node3", "node4", "node1", "node2", "node5", "node6", "node7"),
                MpiHosts.of(null, List.of("-f", mpich.toString(), "--mca", "btl", "tcp", "--hostfile", openmpi.toString(),
                        "-H", "node5:2,node6", "-hosts", "node7,node5")));
        assertEquals(List.of("node1", "node2"), MpiHosts.of(null, List.of("--machinefile", openmpi.toString())));
        assertEquals(List.of(), MpiHosts.of(dir.resolve("missing").toString(), List.of("--hostfile")));
        assertEquals(List.of("fe80::1"), MpiHosts.of(null, List.of("--host", "fe80::1")));
    }

    private static InetSocketAddress address(Map<String, String> options) {
        return MpiBackend.remoteWatchAddress(LaunchSpec.of(2, "Main").withOptions(options));
    }

    @Test
    void theWatchListensOnlyForJobsOnOtherHostsOrWhereTheOptionSays() throws Exception {
        Path local = Files.writeString(dir.resolve("hosts"), "localhost slots=2\n127.0.0.1 slots=2\n");
        assertNull(address(Map.of()));
        assertNull(address(Map.of("hostfile", local.toString())), "a hostfile of this host only needs no port");
        assertEquals(new InetSocketAddress("127.0.0.1", 7070), address(Map.of("watch-address", "127.0.0.1:7070")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> address(Map.of("watch-address", "127.0.0.1:port")));
        assertTrue(e.getMessage().contains("watch address '127.0.0.1:port': the port 'port' is not a number"), e.getMessage());
    }
}
