package hpjava.testsupport;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

import hpjava.mpjdev.spi.Backend;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs from the machine. A missing requirement skips the test outside CI (a JUnit assumption, with the
 * message, also printed on stderr) and fails it under {@code CI=true}, so that CI never passes by skipping. The
 * message says what is missing, why, and what installs it.
 *
 * <pre>{@code
 * Requires.backend("mpi:mpich");           // the mpi backend on MPICH
 * Requires.ucx();
 * Requires.command("mpicc", "apt-get install libopenmpi-dev");
 * }</pre>
 */
public final class Requires {

    private static final String MPI_SETUP = "run bin/setup-mpi.sh (Open MPI, MPICH and Open MPI's Java bindings)";
    private static final String UCX_SETUP = "run bin/setup-ucx.sh (installs libucx0)";

    private Requires() {}

    /** Whether this is a CI run ({@code CI=true}): missing requirements fail there. */
    public static boolean inCi() {
        return inCi(System.getenv());
    }

    /**
     * The general form: {@code problem} is why {@code what} is unavailable here, null when it is available;
     * {@code remedy} is what installs it.
     */
    public static void that(String what, String problem, String remedy) {
        enforce(what, problem, remedy, System.getenv());
    }

    /**
     * A backend by its label: {@code mt}, {@code ucx}, {@code mpi} (the default MPI implementation) or
     * {@code mpi:IMPL} (the mpi backend on {@code openmpi} or {@code mpich}). Checked: the backend is on the test
     * class path (found through the {@link Backend} SPI) and can run here ({@link Backend#unavailableReason()}; for
     * {@code mpi:IMPL} the mpi backend's public {@code MpiBackend.problem(impl)}).
     */
    public static void backend(String label) {
        int colon = label.indexOf(':');
        String name = colon < 0 ? label : label.substring(0, colon);
        String impl = colon < 0 ? null : label.substring(colon + 1);
        String remedy = switch (name) {
            case "mpi" -> MPI_SETUP;
            case "ucx" -> UCX_SETUP;
            default -> "put the backend's module on the test class path";
        };
        that("the " + label + " backend", backendProblem(name, impl), remedy);
    }

    /** The ucx backend and UCX itself. */
    public static void ucx() {
        backend("ucx");
    }

    /** The mpi backend on MPI implementation {@code impl} ({@code openmpi}, {@code mpich}). */
    public static void mpi(String impl) {
        backend("mpi:" + impl);
    }

    /** A program on the PATH (or an absolute path to an executable). */
    public static void command(String name, String remedy) {
        that("the command " + name, commandProblem(name, System.getenv("PATH")), remedy);
    }

    /** A file, given as the value of a system property the build sets (e.g. where bin/setup-mpi.sh installs a jar). */
    public static Path fileFromProperty(String what, String property, String remedy) {
        String p = System.getProperty(property);
        String problem = p == null || p.isBlank() ? "the system property " + property + " is not set (the build sets it)"
                : Files.isRegularFile(Path.of(p)) ? null : p + " does not exist";
        that(what, problem, remedy);
        return Path.of(p);
    }

    /** Skips or fails as described on the class; {@code env} stands for the environment (tests pass their own). */
    static void enforce(String what, String problem, String remedy, Map<String, String> env) {
        if (problem == null) return;
        String message = what + " is not available here: " + problem + (remedy.isEmpty() ? "" : "; to install: " + remedy);
        if (inCi(env)) Assertions.fail("CI=true, where a missing requirement fails the test: " + message);
        System.err.println("SKIPPED (not in CI): " + message);
        Assumptions.abort(message);
    }

    static boolean inCi(Map<String, String> env) {
        return "true".equalsIgnoreCase(env.get("CI"));
    }

    /** Why {@code name} cannot be run through {@code path} (a PATH value), or null if it can. */
    static String commandProblem(String name, String path) {
        if (name.contains(File.separator)) return Files.isExecutable(Path.of(name)) ? null : name + " is not an executable file";
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) return null;
        }
        return name + " is not on the PATH";
    }

    private static String backendProblem(String name, String impl) {
        Optional<Backend> b = ServiceLoader.load(Backend.class).stream().map(ServiceLoader.Provider::get)
                .filter(x -> x.name().equals(name)).findFirst();
        if (b.isEmpty()) return "the backend '" + name + "' is not on the test class path";
        if (impl == null) return b.get().unavailableReason();
        try {
            Object p = b.get().getClass().getMethod("problem", String.class).invoke(null, impl);
            return ((Optional<?>) p).map(Object::toString).orElse(null);
        } catch (NoSuchMethodException e) {
            return "the backend '" + name + "' has no implementations to choose from (no static problem(String))";
        } catch (InvocationTargetException e) {
            return "checking it failed: " + e.getCause();
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
