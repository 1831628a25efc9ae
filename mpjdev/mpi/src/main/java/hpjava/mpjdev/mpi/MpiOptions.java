package hpjava.mpjdev.mpi;

import hpjava.mpjdev.spi.BackendOptions;
import hpjava.mpjdev.spi.BackendOptions.Key;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The configuration of the mpi backend, in one place: every key, its default and its meaning ({@link #KEYS}), read
 * from {@code hpjava run --option KEY=VALUE} or the system property {@code hpjava.mpi.KEY} ({@link BackendOptions}).
 * Three environment variables are documented fallbacks, read here only: {@value #IMPL_ENV} for {@code impl},
 * {@value #MPIRUN_ARGS_ENV} (added before {@code mpirun-args}) and {@value #ABI_DIR_ENV} for {@code abi-dir}.
 *
 * <p>The launcher ({@link MpiLaunchCommand}) reads the launch keys and passes the rank keys ({@link #RANK_KEYS}) it was
 * given to every rank JVM as {@code -Dhpjava.mpi.KEY=VALUE}, together with the resolved {@code binding} and
 * {@code abi}; a rank reads them with {@link #ofRank()}.
 */
final class MpiOptions {
    static final String IMPL_ENV = "HPJAVA_MPI";
    static final String MPIRUN_ARGS_ENV = "HPJAVA_MPIRUN_ARGS";
    static final String ABI_DIR_ENV = "HPJAVA_MPI_ABI_DIR";
    /** Channels (dups of {@code MPI_COMM_WORLD} that communicators hash onto) unless {@code channels} says otherwise. */
    static final int DEFAULT_CHANNELS = 64;
    /** Polls a waiting rank spins before it yields: ~10 ms when every rank has a core, a few µs when they share. */
    static final int DEFAULT_SPIN_ROUNDS = 20_000;
    static final int OVERSUBSCRIBED_SPIN_ROUNDS = 100;

    static final List<Key> KEYS = List.of(
            new Key("impl", "$" + IMPL_ENV + ", else the first installed of openmpi, mpich",
                    "the MPI implementation: openmpi or mpich"),
            new Key("binding", "ffm (jni for a program using Open MPI's Java API)",
                    "how ranks call MPI: ffm (java.lang.foreign) or jni (Open MPI's Java bindings)"),
            new Key("hostfile", "none", "the hosts file, passed with the launcher's own option (--hostfile or -f)"),
            new Key("launcher", "mpirun.openmpi, mpirun / mpiexec.mpich, mpiexec.hydra, mpiexec on the PATH",
                    "the launcher program, when it has another name"),
            new Key("mpirun-args", "$" + MPIRUN_ARGS_ENV, "extra launcher arguments, separated by spaces (added after $"
                    + MPIRUN_ARGS_ENV + ")"),
            new Key("jvm-args", "none", "extra JVM options for the rank JVMs, separated by spaces"),
            new Key("abi-dir", "$" + ABI_DIR_ENV + ", else ~/.hpjava/mpi-abi",
                    "where bin/setup-mpi.sh wrote the ABI tables (openmpi.properties, mpich.properties)"),
            new Key("abi", "ABI-DIR/IMPL.properties", "the ABI table the ranks load (ffm binding)"),
            new Key("jar", "where bin/setup-mpi.sh put it", "Open MPI's Java bindings mpi.jar (jni binding)"),
            new Key("verbose", "false", "print the launch command"),
            new Key("watch-address", "this host's address towards the other hosts of the job, any free port",
                    "where the job watchdog listens for ranks on other hosts: ADDRESS, ADDRESS:PORT or :PORT"),
            new Key("channels", Integer.toString(DEFAULT_CHANNELS),
                    "MPI communicators that mpjdev communicators share by hashing their context (rank key)"),
            new Key("thread-level", "single on Open MPI, serialized elsewhere",
                    "the MPI thread level requested: single or serialized (rank key)"),
            new Key("spin-rounds", DEFAULT_SPIN_ROUNDS + ", or " + OVERSUBSCRIBED_SPIN_ROUNDS
                    + " with more ranks on the host than cores", "polls a waiting rank spins before it yields its core (rank key)"));
    /** The keys a rank reads that the launcher passes on as system properties when given. */
    static final List<String> RANK_KEYS = List.of("channels", "thread-level", "spin-rounds");

    private final BackendOptions options;
    private final Map<String, String> env;

    private MpiOptions(BackendOptions options, Map<String, String> env) {
        this.options = options;
        this.env = env;
    }

    /**
     * The options of a job, from the launch specification's {@code options}, the system properties and {@code env}.
     *
     * @throws IllegalArgumentException naming an unknown key and the known ones
     */
    static MpiOptions of(Map<String, String> options, Map<String, String> env) {
        return new MpiOptions(BackendOptions.of("mpi", KEYS, options), Map.copyOf(env));
    }

    /** The options of this rank JVM: the system properties its launcher set (no environment fallbacks). */
    static MpiOptions ofRank() {
        return of(Map.of(), Map.of());
    }

    /** The system property of {@code key}: {@code hpjava.mpi.KEY}. */
    static String property(String key) {
        return "hpjava.mpi." + key;
    }

    /** The implementation named ({@code impl}, else {@value #IMPL_ENV}), or null to take the first installed. */
    String impl() {
        return nonBlank(options.string("impl", env.get(IMPL_ENV)));
    }

    /** {@code binding}, or {@code dflt}; must be {@code ffm} or {@code jni}. */
    String binding(String dflt) {
        String b = options.string("binding", dflt);
        if (!b.equals("ffm") && !b.equals("jni"))
            throw new IllegalArgumentException("mpi option binding must be ffm or jni, not '" + b + "'");
        return b;
    }

    /** {@code hostfile} as an absolute path, or null. */
    String hostfile() {
        String h = nonBlank(options.raw("hostfile"));
        return h == null ? null : Path.of(h).toAbsolutePath().toString();
    }

    /** {@code launcher}, or null to look for the implementation's usual names. */
    String launcher() {
        return nonBlank(options.raw("launcher"));
    }

    /** {@value #MPIRUN_ARGS_ENV}, then {@code mpirun-args}, each split at spaces. */
    List<String> mpirunArgs() {
        List<String> args = new ArrayList<>(split(env.get(MPIRUN_ARGS_ENV)));
        args.addAll(split(options.raw("mpirun-args")));
        return args;
    }

    /** {@code jvm-args}, split at spaces. */
    List<String> jvmArgs() {
        return split(options.raw("jvm-args"));
    }

    /** {@code abi-dir}, else {@value #ABI_DIR_ENV}, else {@code ~/.hpjava/mpi-abi}. */
    Path abiDir() {
        String p = nonBlank(options.string("abi-dir", env.get(ABI_DIR_ENV)));
        return p != null ? Path.of(p) : Path.of(System.getProperty("user.home"), ".hpjava", "mpi-abi");
    }

    /** {@code abi} (the ABI table file), or null for the chosen implementation's table in {@link #abiDir()}. */
    String abi() {
        return nonBlank(options.raw("abi"));
    }

    /** {@code jar} (Open MPI's {@code mpi.jar}), or null for where the build recorded it. */
    String jar() {
        return nonBlank(options.raw("jar"));
    }

    /** {@code watch-address}, or null to choose it from the job's hosts. */
    String watchAddress() {
        return nonBlank(options.raw("watch-address"));
    }

    boolean verbose() {
        return options.flag("verbose", false);
    }

    int channels() {
        return (int) options.number("channels", DEFAULT_CHANNELS, 1, 1 << 16);
    }

    /** {@code thread-level} as {@link MpiBinding#THREAD_SINGLE} or {@link MpiBinding#THREAD_SERIALIZED}. */
    int threadLevel(boolean openMpi) {
        String v = options.string("thread-level", openMpi ? "single" : "serialized");
        return switch (v) {
            case "single" -> MpiBinding.THREAD_SINGLE;
            case "serialized" -> MpiBinding.THREAD_SERIALIZED;
            default -> throw new IllegalArgumentException("mpi option thread-level must be single or serialized, not '" + v + "'");
        };
    }

    int spinRounds(boolean oversubscribed) {
        return (int) options.number("spin-rounds", oversubscribed ? OVERSUBSCRIBED_SPIN_ROUNDS : DEFAULT_SPIN_ROUNDS, 0,
                Integer.MAX_VALUE);
    }

    /** {@code -Dhpjava.mpi.KEY=VALUE} for every rank key given as an option or a property here. */
    List<String> rankProperties() {
        List<String> props = new ArrayList<>();
        for (String k : RANK_KEYS) {
            String v = options.raw(k);
            if (v != null) props.add("-D" + property(k) + "=" + v);
        }
        return props;
    }

    static List<String> split(String s) {
        if (s == null || s.isBlank()) return List.of();
        return Arrays.asList(s.trim().split("\\s+"));
    }

    private static String nonBlank(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
