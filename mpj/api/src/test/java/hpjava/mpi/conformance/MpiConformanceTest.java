package hpjava.mpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.testsupport.JobRun;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code mpi} API's conformance program, every area, on the portable path: mt and ucx at np 2 and 4 (one job
 * each); and the reports of wrong programs on mt. The native implementation's module runs
 * {@link ConformanceJob#runAllAreas} on {@code mpi}.
 */
class MpiConformanceTest {

    @ParameterizedTest(name = "{0} np={1}")
    @CsvSource({"mt,2", "mt,4", "ucx,2", "ucx,4"})
    void everyAreaPasses(String backend, int np) {
        ConformanceJob.runAllAreas(backend, np);
    }

    @Test
    void mismatchedCollectivesAreReportedWithEachRanksLine() {
        JobRun job = ConformanceJob.run("mt", 3, Duration.ofSeconds(60), Misuse.class.getName(), "collectives");
        assertNotEquals(0, job.exitStatus(), job.describe());
        String out = job.output();
        assertTrue(out.contains("collective calls do not match"), job.describe());
        assertTrue(out.contains("rank 0 called bcast (root 0) of 1 INT at hpjava.mpi.conformance.Misuse.main(Misuse.java:21)"), job.describe());
        assertTrue(out.contains("rank 2 called allreduce of 1 INT at hpjava.mpi.conformance.Misuse.main(Misuse.java:22)"), job.describe());
    }

    @Test
    void finalizeListsWhatWasLeftBehind() {
        JobRun job = ConformanceJob.run("mt", 2, Duration.ofSeconds(60), Misuse.class.getName(), "leftovers");
        assertEquals(0, job.exitStatus(), job.describe());
        String out = job.output();
        assertTrue(out.contains("mpi: rank 0 at Finalize: MPI.COMM_WORLD: never received: message from rank 1 with tag 77 (4 bytes)"), job.describe());
        assertTrue(out.contains("mpi: rank 0 at Finalize: MPI.COMM_WORLD: receive never matched: from rank 1 with tag 78"), job.describe());
    }
}
