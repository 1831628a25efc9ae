package hpjava.mpjdev.mpi;

import hpjava.mpjdev.LaunchSpec;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarFile;

/**
 * Builds the launch command of a job. With the default binding ({@code ffm}):
 * <pre>
 * LAUNCHER [impl options] NP_OPTION N [HOSTFILE_OPTION F] [--bind-to none] [mpirun-args...]
 *        JAVA --enable-native-access=ALL-UNNAMED -Dhpjava.mpi.binding=ffm -Dhpjava.mpi.abi=TABLE [rank keys]
 *             [jvm-args...] -cp CP
 *        hpjava.mpjdev.mpi.MpiRankMain N PREFIX PROGRAM_CLASS_PATH MainClass args...
 * </pre>
 * LAUNCHER is the chosen implementation's ({@link MpiImplementation}: {@code mpirun.openmpi --oversubscribe -np},
 * {@code mpiexec.mpich -n}; Open MPI's ranks unbound unless the user binds them, {@link MpiImplementation#bindingArgs});
 * TABLE its ABI table; JAVA this JVM's launcher and CP this JVM's class path. With
 * {@code binding=jni} (Open MPI only) the rank JVMs get {@code -Djava.library.path=<dir of libmpi_java.so>} and
 * {@code mpi.jar} on their class path instead of the table. Every rank must see the same paths (one machine, or the
 * same installation on every host of a cluster).
 *
 * <p>The options ({@code impl}, {@code binding}, {@code hostfile}, {@code launcher}, {@code mpirun-args},
 * {@code jvm-args}, ...) and their environment fallbacks are read by {@link MpiOptions}; the rank keys given are passed
 * on as {@code -Dhpjava.mpi.KEY=VALUE}.
 */
final class MpiLaunchCommand {

    /** MPI, its launcher, its ABI table or the chosen binding is missing. */
    static final class NotInstalledException extends Exception {
        private static final long serialVersionUID = 1L;

        NotInstalledException(String message) {
            super(message);
        }
    }

    static final String SETUP_HINT = " (bin/setup-mpi.sh installs it, as root on Debian)";

    private MpiLaunchCommand() {}

    /**
     * The command for {@code spec}, its options read by {@link MpiOptions} (with {@code env} for the environment
     * fallbacks).
     *
     * @throws IllegalArgumentException for an unknown or malformed option
     */
    static List<String> build(LaunchSpec spec, Map<String, String> env) throws NotInstalledException {
        return build(spec, env, List.of());
    }

    /**
     * As {@link #build(LaunchSpec, Map)}, the launcher told to pass the environment variables {@code exported} (set in
     * its own environment by the caller) to every rank ({@link MpiImplementation#exportArgs}).
     */
    static List<String> build(LaunchSpec spec, Map<String, String> env, java.util.Collection<String> exported)
            throws NotInstalledException {
        MpiOptions options = MpiOptions.of(spec.options(), env);
        String binding = options.binding(defaultBinding(spec));
        options.channels();  // rank keys are checked here, before any process starts
        options.threadLevel(true);
        options.spinRounds(false);
        Path abiDir = options.abiDir();
        MpiImplementation impl = choose(options.impl(), binding, options);
        String launcher = options.launcher();
        Path launcherPath = launcher != null ? Path.of(launcher) : findLauncher(impl).orElseThrow(
                () -> new NotInstalledException(impl.id + "'s launcher (" + String.join(" or ", impl.launchers)
                        + ") is not on the PATH" + SETUP_HINT));

        List<String> cmd = new ArrayList<>();
        cmd.add(launcherPath.toString());
        cmd.addAll(impl.launcherArgs(spec.np(), options.hostfile(), "root".equals(System.getProperty("user.name"))));
        cmd.addAll(impl.exportArgs(exported));
        cmd.addAll(impl.bindingArgs(options.mpirunArgs(), env));
        cmd.addAll(options.mpirunArgs());
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-D" + MpiOptions.property("binding") + "=" + binding);
        String classPath = System.getProperty("java.class.path");
        if (binding.equals("ffm")) {
            String abi = options.abi();
            cmd.add("-D" + MpiOptions.property("abi") + "=" + (abi != null ? abi : impl.abiTable(abiDir)));
        } else {
            Path mpiJar = mpiJar(options);
            cmd.add("-Djava.library.path=" + jniLibraryDir(mpiJar));
            classPath = classPath + File.pathSeparator + mpiJar;
        }
        cmd.addAll(options.rankProperties());
        cmd.addAll(spec.jvmArgs());
        cmd.addAll(options.jvmArgs());
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(MpiRankMain.class.getName());
        cmd.add(Integer.toString(spec.np()));
        cmd.add(spec.prefixOutput() ? "1" : "0");
        cmd.add(MpiRankMain.encodeClassPath(spec.classPath()));
        cmd.add(spec.mainClass());
        cmd.addAll(spec.args());
        return cmd;
    }

    /**
     * The implementation to launch: the one named (option, else {@code HPJAVA_MPI}), which must be installed; else the
     * first installed of {@link MpiImplementation#values()}. Installed means its ABI table and its launcher exist (for
     * the jni binding: Open MPI's launcher).
     */
    static MpiImplementation choose(String name, String binding, MpiOptions options) throws NotInstalledException {
        if (name != null && !name.isBlank()) {
            MpiImplementation impl = MpiImplementation.byId(name.trim()).orElseThrow(() -> new IllegalArgumentException(
                    "unknown MPI implementation '" + name + "' (from --option impl or " + MpiOptions.IMPL_ENV
                            + "); known: " + MpiImplementation.ids()));
            if (binding.equals("jni") && impl != MpiImplementation.OPENMPI) {
                throw new IllegalArgumentException("the jni binding is Open MPI's Java bindings; it cannot run on " + impl.id
                        + " (use the default binding, ffm)");
            }
            String problem = problem(impl, binding, options);
            if (problem != null) throw new NotInstalledException(problem);
            return impl;
        }
        List<String> problems = new ArrayList<>();
        for (MpiImplementation impl : MpiImplementation.values()) {
            if (binding.equals("jni") && impl != MpiImplementation.OPENMPI) continue;
            String problem = problem(impl, binding, options);
            if (problem == null) return impl;
            problems.add(problem);
        }
        throw new NotInstalledException("no MPI implementation is ready: " + String.join("; ", problems));
    }

    /** Why {@code impl} cannot run here, or null. */
    static String problem(MpiImplementation impl, String binding, MpiOptions options) {
        Path abiDir = options.abiDir();
        if (findLauncher(impl).isEmpty()) {
            return impl.id + ": no launcher (" + String.join(" or ", impl.launchers) + ") on the PATH" + SETUP_HINT;
        }
        Path table = options.abi() != null ? Path.of(options.abi()) : impl.abiTable(abiDir);
        if (binding.equals("ffm") && !Files.isRegularFile(table)) {
            return impl.id + ": no ABI table " + table + " (bin/setup-mpi.sh makes it from the installed mpi.h)";
        }
        if (binding.equals("jni")) {
            try {
                jniLibraryDir(mpiJar(options));
            } catch (NotInstalledException e) {
                return e.getMessage();
            }
        }
        return null;
    }

    static Optional<Path> findLauncher(MpiImplementation impl) {
        for (String name : impl.launchers) {
            Optional<Path> p = findOnPath(name);
            if (p.isPresent()) return p;
        }
        return Optional.empty();
    }

    /**
     * {@code jni} when the program's class path holds the Open MPI Java API (package {@code mpi}: a program written
     * for mpiJava, as HPJava 1.0 programs were, which {@code hpjava run} gives {@code mpi.jar}): only that binding
     * initialises the API's state. Else {@code ffm}.
     */
    static String defaultBinding(LaunchSpec spec) {
        for (Path e : spec.classPath()) {
            if (Files.isDirectory(e) ? Files.isRegularFile(e.resolve("mpi/MPI.class")) : hasEntry(e, "mpi/MPI.class"))
                return "jni";
        }
        return "ffm";
    }

    private static boolean hasEntry(Path jar, String entry) {
        if (!Files.isRegularFile(jar)) return false;
        try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(jar.toFile())) {
            return z.getEntry(entry) != null;
        } catch (java.io.IOException e) {
            return false;  // not a readable jar: it holds no MPI API
        }
    }

    /** The Open MPI Java bindings jar: option {@code jar}, else where the build found it. */
    static Path mpiJar(MpiOptions options) throws NotInstalledException {
        String p = options.jar();
        if (p == null) {
            Properties props = new Properties();
            try (InputStream in = MpiLaunchCommand.class.getResourceAsStream("build.properties")) {
                if (in != null) props.load(in);
            } catch (IOException e) {
                // treated as unknown below
            }
            p = props.getProperty("mpi.jar");
        }
        if (p == null || p.isBlank()) throw new NotInstalledException("the location of mpi.jar is unknown; give --option jar=PATH");
        Path jar = Path.of(p);
        if (!Files.isRegularFile(jar)) throw new NotInstalledException("Open MPI's Java bindings (" + jar + ") are missing" + SETUP_HINT);
        return jar;
    }

    /** The directory of {@code libmpi_java.so}: as recorded in mpi.jar by bin/setup-mpi.sh, else the usual places. */
    static Path jniLibraryDir(Path mpiJar) throws NotInstalledException {
        List<Path> candidates = new ArrayList<>();
        try (JarFile jar = new JarFile(mpiJar.toFile())) {
            var mf = jar.getManifest();
            String lib = mf == null ? null : mf.getMainAttributes().getValue("HPJava-JNI-Library");
            if (lib != null) candidates.add(Path.of(lib));
        } catch (IOException e) {
            throw new NotInstalledException("cannot read " + mpiJar + ": " + e.getMessage());
        }
        for (String dir : List.of("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
                "/usr/local/lib")) {
            candidates.add(Path.of(dir, "libmpi_java.so"));
        }
        for (Path c : candidates) if (Files.exists(c)) return c.toAbsolutePath().getParent();
        throw new NotInstalledException("libmpi_java.so (Open MPI's Java JNI library, package libopenmpi-dev) not found" + SETUP_HINT);
    }

    static Optional<Path> findOnPath(String program) {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) continue;
                Path p = Path.of(dir, program);
                if (Files.isExecutable(p)) return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
