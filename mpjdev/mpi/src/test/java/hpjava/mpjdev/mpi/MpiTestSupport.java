package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/** Skips (outside CI) or fails (CI=true) a test when an MPI implementation or a binding is missing. */
final class MpiTestSupport {
    private MpiTestSupport() {}

    /** The implementations every mpi test runs on. */
    static final String[] IMPLEMENTATIONS = {"openmpi", "mpich"};

    /** Requires {@code impl} ({@code openmpi}, {@code mpich}) with {@code binding} ({@code ffm}, {@code jni}). */
    static void require(String impl, String binding) {
        String problem = MpiLaunchCommand.problem(MpiImplementation.byId(impl).orElseThrow(), binding,
                MpiLaunchCommand.abiDir(System.getenv()));
        if (problem == null) return;
        if ("true".equals(System.getenv("CI"))) fail("CI=true but the mpi backend cannot run: " + problem);
        Assumptions.abort("mpi backend tests skipped: " + problem + " (run bin/setup-mpi.sh)");
    }

    /** Launch options selecting {@code impl}. */
    static Map<String, String> on(String impl) {
        return Map.of("mpi.impl", impl);
    }
}
