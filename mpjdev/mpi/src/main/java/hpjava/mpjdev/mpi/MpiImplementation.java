package hpjava.mpjdev.mpi;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An MPI implementation the backend can launch: its name (as {@code HPJAVA_MPI} and {@code --option impl} spell
 * it), the launcher programs to look for on the {@code PATH} (Debian installs both implementations side by side with
 * suffixed names; a cluster's own build usually has plain {@code mpirun}/{@code mpiexec}), and that launcher's
 * spelling of the options the backend passes.
 */
enum MpiImplementation {
    OPENMPI("openmpi", List.of("mpirun.openmpi", "mpirun"), "-np", "--hostfile"),
    MPICH("mpich", List.of("mpiexec.mpich", "mpiexec.hydra", "mpiexec"), "-n", "-f");

    final String id;
    final List<String> launchers;
    final String processCountOption;
    final String hostfileOption;

    MpiImplementation(String id, List<String> launchers, String processCountOption, String hostfileOption) {
        this.id = id;
        this.launchers = launchers;
        this.processCountOption = processCountOption;
        this.hostfileOption = hostfileOption;
    }

    static Optional<MpiImplementation> byId(String id) {
        for (MpiImplementation m : values()) if (m.id.equals(id)) return Optional.of(m);
        return Optional.empty();
    }

    static String ids() {
        List<String> l = new ArrayList<>();
        for (MpiImplementation m : values()) l.add(m.id);
        return String.join(", ", l);
    }

    /** The ABI table of this implementation in {@code abiDir} (written by {@code bin/setup-mpi.sh}). */
    Path abiTable(Path abiDir) {
        return abiDir.resolve(id + ".properties");
    }

    /**
     * The launcher's arguments that pass the environment variables {@code names} (their values from the launcher's
     * own environment, never on a command line) to the ranks on every host: Open MPI's {@code -x NAME}; none for
     * MPICH, whose hydra passes its whole environment unless told {@code -genvnone}.
     */
    List<String> exportArgs(java.util.Collection<String> names) {
        List<String> a = new ArrayList<>();
        if (this == OPENMPI) {
            for (String n : names) {
                a.add("-x");
                a.add(n);
            }
        }
        return a;
    }

    /** The launcher's arguments before the rank command: process count, Open MPI's root and oversubscription flags, hosts. */
    List<String> launcherArgs(int np, String hostfile, boolean root) {
        List<String> a = new ArrayList<>();
        if (this == OPENMPI) {
            if (root) a.add("--allow-run-as-root");
            a.add("--oversubscribe"); // MPICH's hydra oversubscribes without being asked
        }
        a.add(processCountOption);
        a.add(Integer.toString(np));
        if (hostfile != null) {
            a.add(hostfileOption);
            a.add(hostfile);
        }
        return a;
    }
}
