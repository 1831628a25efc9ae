package hpjava.mpjdev.mpi;

import hpjava.testsupport.Requires;
import java.util.Map;

/** The mpi tests' requirement: an MPI implementation with a binding ({@link Requires}: skip outside CI, fail in CI). */
final class MpiTestSupport {
    private MpiTestSupport() {}

    /** What installs the MPI implementations and Open MPI's Java bindings. */
    static final String SETUP = "run bin/setup-mpi.sh";

    /** The implementations every mpi test runs on. */
    static final String[] IMPLEMENTATIONS = {"openmpi", "mpich"};

    /** Requires {@code impl} ({@code openmpi}, {@code mpich}) with {@code binding} ({@code ffm}, {@code jni}). */
    static void require(String impl, String binding) {
        String problem = MpiLaunchCommand.problem(MpiImplementation.byId(impl).orElseThrow(), binding,
                MpiOptions.of(Map.of(), System.getenv()));
        Requires.that("the mpi backend on " + impl + " with the " + binding + " binding", problem, SETUP);
    }

    /** Launch options selecting {@code impl}. */
    static Map<String, String> on(String impl) {
        return Map.of("impl", impl);
    }
}
