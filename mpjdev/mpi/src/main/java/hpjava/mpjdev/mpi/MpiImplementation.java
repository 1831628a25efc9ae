package hpjava.mpjdev.mpi;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

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

    /**
     * Open MPI launcher options that choose how ranks are bound to cores ({@code --bind-to core}, the older
     * {@code --bind-to-core}, a {@code --map-by ...:PE=n} or a rankfile): given by the user, they are kept as given.
     */
    private static final Pattern OPENMPI_BINDING_OPTION = Pattern.compile("--?(bind-to.*|cpu-set|cpu-list|rankfile|rf|map-by)");
    /** The environment's way of choosing Open MPI's binding (an MCA parameter). */
    static final String OPENMPI_BINDING_ENV = "OMPI_MCA_hwloc_base_binding_policy";

    /**
     * The launcher's binding arguments: Open MPI's {@code --bind-to none} unless the user chose a binding in
     * {@code userArgs} (HPJAVA_MPIRUN_ARGS, mpirun-args) or in the environment; none for MPICH, whose hydra does not
     * bind unless asked. Open MPI's own default binds each of up to 2 ranks to one core, and a rank JVM bound to one
     * core sees one processor: it picks the Serial collector (the N = 1024 Jacobi sweep at np 2 ran 1.4x slower in
     * its heap than in G1's) and runs its JIT compiler threads and GC on the rank's own core, where the JIT's
     * ~1 s of CPU at start-up delays that rank alone while its partner waits (docs/benchmarks/HISTORY.md, "mpi np 2 at N =
     * 1024 (branch mpi1024)"). C MPI programs here and MPICH's ranks run unbound as well.
     */
    List<String> bindingArgs(List<String> userArgs, Map<String, String> env) {
        if (this != OPENMPI || env.containsKey(OPENMPI_BINDING_ENV)) return List.of();
        for (String a : userArgs) if (OPENMPI_BINDING_OPTION.matcher(a.split("=", 2)[0]).matches()) return List.of();
        return List.of("--bind-to", "none");
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
