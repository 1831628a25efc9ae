package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.Launcher;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The mpi backend end to end: real mpirun jobs of 1, 2 and 4 ranks. */
class MpiBackendTest {

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 2, 4})
    void deviceChecksPassUnderMpirun(int np) {
        MpiJob job = MpiJob.run(LaunchSpec.of(np, DeviceChecksProgram.class.getName()), Duration.ofSeconds(240));
        assertEquals(0, job.exitStatus, "exit status; stderr:\n" + job.stderr);
        assertTrue(job.stdout.contains("DeviceChecksProgram: all checks passed on " + np + " ranks"), job.stdout);
    }

    @Test
    void programsMayCallOpenMpiDirectly() {
        MpiJob job = MpiJob.run(LaunchSpec.of(2, mpiprogram.RawMpiProgram.class.getName()), Duration.ofSeconds(120));
        assertEquals(0, job.exitStatus, "exit status; stderr:\n" + job.stderr);
        assertTrue(job.stdout.contains("RawMpiProgram: raw MPI beside mpjdev works on 2 ranks"), job.stdout);
    }

    @Test
    void programClassPathLeavesOutTheBindingsJar() {
        java.nio.file.Path jar = java.nio.file.Path.of("/opt/mpi/mpi.jar");
        assertEquals(java.util.List.of(java.nio.file.Path.of("/a"), java.nio.file.Path.of("/b.jar")),
                MpiRankMain.programClassPath(java.util.List.of(), "/a:/opt/mpi/mpi.jar:/b.jar", jar));
        assertEquals(java.util.List.of(java.nio.file.Path.of("/c")),
                MpiRankMain.programClassPath(java.util.List.of(java.nio.file.Path.of("/opt/mpi/../mpi/mpi.jar"),
                        java.nio.file.Path.of("/c")), "/ignored", jar));
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 4})
    void uncaughtExceptionAbortsTheJob(int np) {
        MpiJob job = MpiJob.run(LaunchSpec.of(np, FailingProgram.class.getName()), Duration.ofSeconds(120));
        assertTrue(job.exitStatus != 0, "a failed rank must give a non-zero exit status");
        assertTrue(job.stderr.contains("mpjdev: rank 1 failed: java.lang.IllegalStateException: deliberate failure in rank 1"),
                job.stderr);
        assertTrue(job.stderr.contains("at hpjava.mpjdev.mpi.FailingProgram.main"), "stack trace expected:\n" + job.stderr);
        assertTrue(!job.stderr.contains("received a message nobody sent"), job.stderr);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"from-rank-0", "any"})
    void waitingForAFinishedRankEndsTheJobInsteadOfHanging(String how) {
        MpiJob job = MpiJob.run(LaunchSpec.of(2, FinishedPeerProgram.class.getName(), how), Duration.ofSeconds(120));
        assertTrue(job.exitStatus != 0, "exit status 0 although rank 1 could never complete its receive");
        assertTrue(job.stderr.contains("mpjdev: rank 1 is blocked waiting for "), job.stderr);
        assertTrue(job.stderr.contains("has finished") || job.stderr.contains("have all finished"), job.stderr);
    }

    @Test
    void launcherFindsTheBackendByName() {
        assertTrue(Launcher.backendNames().contains("mpi"), Launcher.backendNames().toString());
        assertEquals("mpi", Launcher.backend("mpi").orElseThrow().name());
    }

    @Test
    void unknownOptionIsAClearError() {
        LaunchSpec spec = LaunchSpec.of(2, DeviceChecksProgram.class.getName()).withOptions(Map.of("hostfile", "x"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MpiBackend().launch(spec));
        assertTrue(e.getMessage().contains("no option 'hostfile'") && e.getMessage().contains("mpirun-args"), e.getMessage());
    }

    @Test
    void missingMainClassIsReportedNotHung() {
        MpiJob job = MpiJob.run(LaunchSpec.of(2, "no.such.MainClass"), Duration.ofSeconds(120));
        assertTrue(job.exitStatus != 0);
        assertTrue(job.stderr.contains("main class no.such.MainClass not found"), job.stderr);
    }
}
