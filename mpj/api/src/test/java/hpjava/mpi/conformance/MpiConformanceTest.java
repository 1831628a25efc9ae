package hpjava.mpi.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code mpi} API's conformance program, every area, on the portable path: mt and ucx at np 2 and 4 (one job
 * each). The native implementation's module runs {@link ConformanceJob#runAllAreas} on {@code mpi}.
 */
class MpiConformanceTest {

    @ParameterizedTest(name = "{0} np={1}")
    @CsvSource({"mt,2", "mt,4", "ucx,2", "ucx,4"})
    void everyAreaPasses(String backend, int np) {
        ConformanceJob.runAllAreas(backend, np);
    }
}
