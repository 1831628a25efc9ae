package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.Launcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The mpi backend (ffm binding) end to end: real jobs of 1, 2 and 4 ranks on Open MPI and on MPICH. */
class MpiBackendTest {

    @ParameterizedTest(name = "{0} np={1}")
    @CsvSource({"openmpi,1", "openmpi,2", "openmpi,4", "mpich,1", "mpich,2", "mpich,4"})
    void deviceChecksPass(String impl, int np) {
        MpiTestSupport.require(impl, "ffm");
        MpiJob job = MpiJob.run(LaunchSpec.of(np, DeviceChecksProgram.class.getName()).withOptions(MpiTestSupport.on(impl)),
                Duration.ofSeconds(240));
        assertEquals(0, job.exitStatus, "exit status; stderr:\n" + job.stderr);
        assertTrue(job.stdout.contains("DeviceChecksProgram: all checks passed on " + np + " ranks"), job.stdout);
        if (np >= 2) assertTrue(job.stdout.contains("check passed: no allocation per message"), job.stdout);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @CsvSource({"openmpi,2", "openmpi,4", "mpich,2", "mpich,4"})
    void uncaughtExceptionAbortsTheJob(String impl, int np) {
        MpiTestSupport.require(impl, "ffm");
        MpiJob job = MpiJob.run(LaunchSpec.of(np, FailingProgram.class.getName()).withOptions(MpiTestSupport.on(impl)),
                Duration.ofSeconds(120));
        assertTrue(job.exitStatus != 0, "a failed rank must give a non-zero exit status");
        assertTrue(job.stderr.contains("mpjdev: rank 1 failed: java.lang.IllegalStateException: deliberate failure in rank 1"),
                job.stderr);
        assertTrue(job.stderr.contains("at hpjava.mpjdev.mpi.FailingProgram.main"), "stack trace expected:\n" + job.stderr);
        assertTrue(!job.stderr.contains("received a message nobody sent"), job.stderr);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"openmpi,from-rank-0", "openmpi,any", "mpich,from-rank-0", "mpich,any"})
    void waitingForAFinishedRankEndsTheJobInsteadOfHanging(String impl, String how) {
        MpiTestSupport.require(impl, "ffm");
        MpiJob job = MpiJob.run(LaunchSpec.of(2, FinishedPeerProgram.class.getName(), how).withOptions(MpiTestSupport.on(impl)),
                Duration.ofSeconds(120));
        assertTrue(job.exitStatus != 0, "exit status 0 although rank 1 could never complete its receive");
        assertTrue(job.stderr.contains("mpjdev: rank 1 is blocked waiting for "), job.stderr);
        assertTrue(job.stderr.contains("has finished") || job.stderr.contains("have all finished"), job.stderr);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void missingMainClassIsReportedNotHung(String impl) {
        MpiTestSupport.require(impl, "ffm");
        MpiJob job = MpiJob.run(LaunchSpec.of(2, "no.such.MainClass").withOptions(MpiTestSupport.on(impl)), Duration.ofSeconds(120));
        assertTrue(job.exitStatus != 0);
        assertTrue(job.stderr.contains("main class no.such.MainClass not found"), job.stderr);
    }

    /** A table whose library version is not the installed library's: every rank refuses to start, saying why. */
    @Test
    void aTableForAnotherLibraryVersionIsAClearError(@TempDir Path dir) throws Exception {
        MpiTestSupport.require("mpich", "ffm");
        Path real = MpiImplementation.MPICH.abiTable(MpiOptions.of(Map.of(), System.getenv()).abiDir());
        String table = Files.readString(real).replaceAll("(?m)^library\\.version=.*$", "library.version=MPICH Version:\t3.9.9");
        Files.writeString(dir.resolve("mpich.properties"), table);
        MpiJob job = MpiJob.run(LaunchSpec.of(2, DeviceChecksProgram.class.getName()).withOptions(
                Map.of("impl", "mpich", "abi", dir.resolve("mpich.properties").toString())),
                Duration.ofSeconds(120));
        assertTrue(job.exitStatus != 0);
        assertTrue(job.stderr.contains("mpjdev: the mpi backend cannot start: ") && job.stderr.contains("3.9.9")
                && job.stderr.contains("run bin/setup-mpi.sh again"), job.stderr);
    }

    /** What hpjava --version asks: with an implementation installed the backend is available, and asking never throws. */
    @Test
    void theBackendSaysItIsAvailableWhereAnImplementationIs() {
        MpiTestSupport.require("openmpi", "ffm");
        assertNull(new MpiBackend().unavailableReason());
    }

    @Test
    void launcherSpellsEachImplementationsOptions(@TempDir Path abi) throws Exception {
        for (MpiImplementation m : MpiImplementation.values()) Files.writeString(m.abiTable(abi), "");
        for (String impl : MpiTestSupport.IMPLEMENTATIONS) MpiTestSupport.require(impl, "ffm");
        LaunchSpec spec = LaunchSpec.of(3, "Main").withOptions(Map.of("hostfile", "/h/hosts"));
        List<String> ompi = MpiLaunchCommand.build(spec, Map.of("HPJAVA_MPI", "openmpi", "HPJAVA_MPI_ABI_DIR", abi.toString(),
                "HPJAVA_MPIRUN_ARGS", "--bind-to none"));
        assertTrue(ompi.get(0).endsWith("mpirun.openmpi"), ompi.toString());
        assertTrue(String.join(" ", ompi).contains("--oversubscribe -np 3 --hostfile /h/hosts --bind-to none "), ompi.toString());
        assertTrue(ompi.contains("-Dhpjava.mpi.abi=" + abi.resolve("openmpi.properties")), ompi.toString());
        List<String> mpich = MpiLaunchCommand.build(spec.withOptions(Map.of("hostfile", "/h/hosts", "impl", "mpich", "thread-level", "serialized")),
                Map.of("HPJAVA_MPI", "openmpi", "HPJAVA_MPI_ABI_DIR", abi.toString()));
        assertTrue(mpich.get(0).endsWith("mpiexec.mpich"), mpich.toString());
        assertTrue(String.join(" ", mpich).contains("mpiexec.mpich -n 3 -f /h/hosts "), mpich.toString());
        assertTrue(mpich.contains("-Dhpjava.mpi.binding=ffm"), mpich.toString());
        assertTrue(mpich.contains("-Dhpjava.mpi.thread-level=serialized"), "rank keys are passed on: " + mpich);
        assertFalse(ompi.stream().anyMatch(a -> a.startsWith("-Dhpjava.mpi.thread-level")), ompi.toString());
    }

    @Test
    void theImplementationIsChosenClearly(@TempDir Path abi) throws Exception {
        Files.writeString(MpiImplementation.MPICH.abiTable(abi), "");
        MpiTestSupport.require("mpich", "ffm");
        MpiOptions options = MpiOptions.of(Map.of("abi-dir", abi.toString()), Map.of());
        assertEquals(MpiImplementation.MPICH, MpiLaunchCommand.choose(null, "ffm", options), "the one installed");
        var e = assertThrows(MpiLaunchCommand.NotInstalledException.class, () -> MpiLaunchCommand.choose("openmpi", "ffm", options));
        assertTrue(e.getMessage().contains("openmpi: no ABI table") && e.getMessage().contains("bin/setup-mpi.sh"), e.getMessage());
        var bad = assertThrows(IllegalArgumentException.class, () -> MpiLaunchCommand.choose("lam", "ffm", options));
        assertTrue(bad.getMessage().contains("unknown MPI implementation 'lam'") && bad.getMessage().contains("openmpi, mpich"),
                bad.getMessage());
        var jni = assertThrows(IllegalArgumentException.class, () -> MpiLaunchCommand.choose("mpich", "jni", options));
        assertTrue(jni.getMessage().contains("cannot run on mpich"), jni.getMessage());
    }

    @Test
    void programClassPathLeavesOutTheBindingsJar() {
        Path jar = Path.of("/opt/mpi/mpi.jar");
        assertEquals(List.of(Path.of("/a"), Path.of("/b.jar")),
                MpiRankMain.programClassPath(List.of(), "/a:/opt/mpi/mpi.jar:/b.jar", jar));
        assertEquals(List.of(Path.of("/c")),
                MpiRankMain.programClassPath(List.of(Path.of("/opt/mpi/../mpi/mpi.jar"), Path.of("/c")), "/ignored", jar));
    }

    @Test
    void launcherFindsTheBackendByName() {
        assertTrue(Launcher.backendNames().contains("mpi"), Launcher.backendNames().toString());
        assertEquals("mpi", Launcher.backend("mpi").orElseThrow().name());
    }

    @Test
    void unknownOptionIsAClearError() {
        LaunchSpec spec = LaunchSpec.of(2, DeviceChecksProgram.class.getName()).withOptions(Map.of("mpi.hostfile", "x"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MpiBackend().launch(spec));
        assertTrue(e.getMessage().contains("unknown option 'mpi.hostfile' for the mpi backend")
                && e.getMessage().contains("hostfile, launcher, mpirun-args"), e.getMessage());
    }
}
