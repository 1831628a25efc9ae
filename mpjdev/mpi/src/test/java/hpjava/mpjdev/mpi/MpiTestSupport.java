package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/** Skips (outside CI) or fails (CI=true) a test when Open MPI or its Java bindings are missing. */
final class MpiTestSupport {
    private MpiTestSupport() {}

    static void requireOpenMpi() {
        String problem = null;
        try {
            MpiLaunchCommand.jniLibraryDir(MpiLaunchCommand.mpiJar());
            if (MpiLaunchCommand.findOnPath("mpirun").isEmpty()) problem = "mpirun is not on the PATH";
        } catch (MpiLaunchCommand.NotInstalledException e) {
            problem = e.getMessage();
        }
        if (problem == null) return;
        if ("true".equals(System.getenv("CI"))) fail("CI=true but the mpi backend cannot run: " + problem);
        Assumptions.abort("mpi backend tests skipped: " + problem + " (run bin/setup-mpi.sh)");
    }
}
