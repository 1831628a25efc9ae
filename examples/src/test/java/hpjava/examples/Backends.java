package hpjava.examples;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Assumptions;

import hpjava.mpjdev.spi.Backend;

/**
 * Whether a backend can run here. A missing backend skips the test with the reason outside CI; under
 * {@code CI=true} it fails the test, so CI never passes by skipping.
 */
final class Backends {
    private Backends() {}

    static final Path MPI_JAR = Path.of(System.getProperty("user.home"), ".m2", "repository", "org", "open-mpi", "mpi",
            "installed", "mpi-installed.jar");

    static void require(String backend) {
        String problem = switch (backend) {
            case "mt" -> null;
            case "ucx" -> ucxProblem();
            case "mpi" -> mpiProblem();
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

    private static String mpiProblem() {
        if (!Files.isRegularFile(MPI_JAR)) {
            return "Open MPI's Java bindings are not installed (no " + MPI_JAR + "); run bin/setup-mpi.sh";
        }
        if (!onPath("mpirun")) return "mpirun is not on the PATH; run bin/setup-mpi.sh";
        if (!onClassPath("mpi")) return "mpjdev-mpi is not on the test class path (profile openmpi-java inactive)";
        return null;
    }

    private static boolean onClassPath(String name) {
        for (Backend b : ServiceLoader.load(Backend.class)) if (b.name().equals(name)) return true;
        return false;
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) return true;
        }
        return false;
    }
}
