package hpjava.examples;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ServiceLoader;

import org.junit.jupiter.api.Assumptions;

import hpjava.mpjdev.spi.Backend;

/**
 * Whether a backend can run here. A missing backend skips the test with the reason outside CI; under
 * {@code CI=true} it fails the test, so CI never passes by skipping.
 */
final class Backends {
    private Backends() {}

    /** {@code backend}: {@code mt}, {@code ucx}, or {@code mpi:IMPL} (the mpi backend on {@code openmpi} or {@code mpich}). */
    static void require(String backend) {
        String problem = switch (backend) {
            case "mt" -> null;
            case "ucx" -> ucxProblem();
            case "mpi:openmpi", "mpi:mpich" -> mpiProblem(backend.substring(4));
            default -> "unknown backend " + backend;
        };
        if (problem == null) return;
        if ("true".equals(System.getenv("CI"))) fail("CI=true but the " + backend + " backend cannot run: " + problem);
        System.err.println("SKIPPED (not in CI): examples on the " + backend + " backend: " + problem);
        Assumptions.abort(backend + " backend unavailable: " + problem);
    }

    private static String ucxProblem() {
        if (!onClassPath("ucx")) return "mpjdev-ucx is not on the test class path";
        try {
            hpjava.mpjdev.ucx.ffm.UcxLibrary.require();
            return null;
        } catch (RuntimeException e) {
            return "UCX (libucp.so.0) cannot be loaded: " + e.getMessage() + "; run bin/setup-ucx.sh";
        }
    }

    private static String mpiProblem(String impl) {
        if (!onClassPath("mpi")) return "mpjdev-mpi is not on the test class path";
        return hpjava.mpjdev.mpi.MpiBackend.problem(impl).orElse(null);
    }

    private static boolean onClassPath(String name) {
        for (Backend b : ServiceLoader.load(Backend.class)) if (b.name().equals(name)) return true;
        return false;
    }

}
