package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.mpjdev.spi.BackendOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The mpi backend's configuration: defaults, options, system properties, environment fallbacks, unknown keys. */
class MpiOptionsTest {

    @Test
    void defaults() {
        MpiOptions o = MpiOptions.of(Map.of(), Map.of());
        assertNull(o.impl());
        assertEquals("ffm", o.binding("ffm"));
        assertEquals("jni", o.binding("jni"), "the caller's default (a program using Open MPI's Java API)");
        assertNull(o.hostfile());
        assertNull(o.launcher());
        assertEquals(List.of(), o.mpirunArgs());
        assertEquals(List.of(), o.jvmArgs());
        assertEquals(Path.of(System.getProperty("user.home"), ".hpjava", "mpi-abi"), o.abiDir());
        assertNull(o.abi());
        assertFalse(o.verbose());
        assertEquals(64, o.channels());
        assertEquals(MpiBinding.THREAD_SINGLE, o.threadLevel(true));
        assertEquals(MpiBinding.THREAD_SERIALIZED, o.threadLevel(false));
        assertEquals(20_000, o.spinRounds(false));
        assertEquals(100, o.spinRounds(true));
        assertEquals(List.of(), o.rankProperties());
    }

    @Test
    void optionsOverrideDefaultsAndRankKeysArePassedOn() {
        MpiOptions o = MpiOptions.of(Map.of("impl", "mpich", "binding", "jni", "hostfile", "hosts", "mpirun-args",
                "--bind-to  none", "jvm-args", "-Xmx1g -ea", "channels", "8", "thread-level", "serialized",
                "spin-rounds", "5", "verbose", "true"), Map.of());
        assertEquals("mpich", o.impl());
        assertEquals("jni", o.binding("ffm"));
        assertEquals(Path.of("hosts").toAbsolutePath().toString(), o.hostfile());
        assertEquals(List.of("--bind-to", "none"), o.mpirunArgs());
        assertEquals(List.of("-Xmx1g", "-ea"), o.jvmArgs());
        assertTrue(o.verbose());
        assertEquals(8, o.channels());
        assertEquals(MpiBinding.THREAD_SERIALIZED, o.threadLevel(true));
        assertEquals(5, o.spinRounds(true));
        assertEquals(List.of("-Dhpjava.mpi.channels=8", "-Dhpjava.mpi.thread-level=serialized",
                "-Dhpjava.mpi.spin-rounds=5"), o.rankProperties());
    }

    @Test
    void systemPropertiesSetKeysAndOptionsWin() {
        System.setProperty("hpjava.mpi.spin-rounds", "7");
        System.setProperty("hpjava.mpi.impl", "openmpi");
        try {
            assertEquals(7, MpiOptions.ofRank().spinRounds(false));
            assertEquals("openmpi", MpiOptions.of(Map.of(), Map.of("HPJAVA_MPI", "mpich")).impl(),
                    "the property comes before the environment");
            assertEquals("mpich", MpiOptions.of(Map.of("impl", "mpich"), Map.of()).impl());
            assertEquals(List.of("-Dhpjava.mpi.spin-rounds=7"), MpiOptions.of(Map.of(), Map.of()).rankProperties(),
                    "a rank key set as a property of the launcher is passed on too");
        } finally {
            System.clearProperty("hpjava.mpi.spin-rounds");
            System.clearProperty("hpjava.mpi.impl");
        }
    }

    @Test
    void environmentVariablesAreFallbacks() {
        Map<String, String> env = Map.of("HPJAVA_MPI", "mpich", "HPJAVA_MPIRUN_ARGS", "-f hosts",
                "HPJAVA_MPI_ABI_DIR", "/opt/abi");
        MpiOptions o = MpiOptions.of(Map.of(), env);
        assertEquals("mpich", o.impl());
        assertEquals(List.of("-f", "hosts"), o.mpirunArgs());
        assertEquals(Path.of("/opt/abi"), o.abiDir());
        MpiOptions given = MpiOptions.of(Map.of("impl", "openmpi", "mpirun-args", "--bind-to none", "abi-dir", "/a"), env);
        assertEquals("openmpi", given.impl());
        assertEquals(List.of("-f", "hosts", "--bind-to", "none"), given.mpirunArgs(), "HPJAVA_MPIRUN_ARGS comes first");
        assertEquals(Path.of("/a"), given.abiDir());
        assertNull(MpiOptions.of(Map.of(), Map.of("HPJAVA_MPI", "  ")).impl(), "blank means not set");
    }

    @Test
    void unknownKeysAndBadValuesAreClearErrors() {
        var unknown = assertThrows(IllegalArgumentException.class, () -> MpiOptions.of(Map.of("mpi.impl", "mpich"), Map.of()));
        assertEquals("unknown option 'mpi.impl' for the mpi backend (known: " + BackendOptions.names(MpiOptions.KEYS) + ")",
                unknown.getMessage());
        assertTrue(unknown.getMessage().contains("impl, binding, hostfile, launcher, mpirun-args, jvm-args"), unknown.getMessage());
        var binding = assertThrows(IllegalArgumentException.class,
                () -> MpiOptions.of(Map.of("binding", "jna"), Map.of()).binding("ffm"));
        assertEquals("mpi option binding must be ffm or jni, not 'jna'", binding.getMessage());
        var level = assertThrows(IllegalArgumentException.class,
                () -> MpiOptions.of(Map.of("thread-level", "multiple"), Map.of()).threadLevel(true));
        assertEquals("mpi option thread-level must be single or serialized, not 'multiple'", level.getMessage());
        var channels = assertThrows(IllegalArgumentException.class,
                () -> MpiOptions.of(Map.of("channels", "0"), Map.of()).channels());
        assertTrue(channels.getMessage().contains("channels must be an integer from 1 to 65536, not '0'"), channels.getMessage());
    }

    @Test
    void theLauncherChecksRankKeysBeforeStartingAnything() {
        var e = assertThrows(IllegalArgumentException.class, () -> MpiLaunchCommand.build(
                hpjava.mpjdev.LaunchSpec.of(2, "Main").withOptions(Map.of("spin-rounds", "many")), Map.of()));
        assertTrue(e.getMessage().contains("spin-rounds must be a non-negative integer"), e.getMessage());
    }

    @Test
    void everyKeyIsDocumented() {
        for (BackendOptions.Key k : MpiOptions.KEYS) {
            assertTrue(k.name().matches("[a-z]+(-[a-z]+)*"), "one key style: " + k.name());
            assertFalse(k.doc().isBlank() || k.defaultValue().isBlank(), k.name());
        }
        assertTrue(MpiOptions.KEYS.stream().map(BackendOptions.Key::name).toList().containsAll(MpiOptions.RANK_KEYS));
    }
}
