package hpjava.mpi.ffm;

import hpjava.mpi.conformance.ConformanceJob;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code mpi} API's conformance program, every area, on the native path: the mpi backend on Open MPI and on
 * MPICH at np 2 and 4 (one job each; a job that hangs is killed at its time limit with every rank's thread dump).
 */
@Disabled("fails in the point-to-point area on the native path: a receive of another basic type is not reported "
        + "(the MPI libraries do not compare type signatures), and on MPICH a truncated receive leaves nothing in the "
        + "buffer; later areas not yet run here (mpjnative/README.md)")
class NativeConformanceTest {

    @ParameterizedTest(name = "{0} np={1}")
    @CsvSource({"mpi:openmpi,2", "mpi:openmpi,4", "mpi:mpich,2", "mpi:mpich,4"})
    void everyAreaPasses(String backend, int np) {
        ConformanceJob.runAllAreas(backend, np);
    }
}
