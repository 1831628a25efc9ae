package hpjava.mpjdev.mpi;

import hpjava.mpjdev.LaunchSpec;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarFile;

/**
 * Builds the launch command of a job. With the default binding ({@code ffm}):
 * <pre>
 * LAUNCHER [impl options] NP_OPTION N [HOSTFILE_OPTION F] [mpirun-args...]
 *        JAVA --enable-native-access=ALL-UNNAMED -Dhpjava.mpi.binding=ffm -Dhpjava.mpi.abi=TABLE [jvm-args...] -cp CP
 *        hpjava.mpjdev.mpi.MpiRankMain N PREFIX PROGRAM_CLASS_PATH MainClass args...
 * </pre>
 * LAUNCHER is the chosen implementation's ({@link MpiImplementation}: {@code mpirun.openmpi --oversubscribe -np},
 * {@code mpiexec.mpich -n}); TABLE its ABI table; JAVA this JVM's launcher and CP this JVM's class path. With
 * {@code mpi.binding=jni} (Open MPI only) the rank JVMs get {@code -Djava.library.path=<dir of libmpi_java.so>} and
 * {@code mpi.jar} on their class path instead of the table. Every rank must see the same paths (one machine, or the
 * same installation on every host of a cluster).
 *
 * <p>Options ({@code --option KEY=VALUE}): {@code mpi.impl} ({@code openmpi}/{@code mpich}; else {@code $HPJAVA_MPI};
 * else the first installed of Open MPI and MPICH), {@code mpi.binding} ({@code ffm}/{@code jni}), {@code mpi.hostfile}
 * (spelled for the launcher), {@code mpi.launcher} (the launcher program, when it is not one of the usual names),
 * {@code mpirun-args} (extra launcher arguments, split at spaces; {@code $HPJAVA_MPIRUN_ARGS} is added too) and
 * {@code jvm-args} (extra JVM arguments for every rank).
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
    /** Options this backend knows, for the error message on an unknown one. */
    static final String OPTIONS = "mpi.impl, mpi.binding, mpi.hostfile, mpi.launcher, mpirun-args, jvm-args";

    private MpiLaunchCommand() {}

    /** The command for {@code spec}, reading {@code HPJAVA_MPI} and {@code HPJAVA_MPIRUN_ARGS} from {@code env}. */
    static List<String> build(LaunchSpec spec, Map<String, String> env) throws NotInstalledException {
        List<String> launcherArgs = new ArrayList<>(split(env.get("HPJAVA_MPIRUN_ARGS")));
        List<String> jvmArgs = new ArrayList<>(spec.jvmArgs());
        String implName = env.get(MpiImplementation.ENV), binding = defaultBinding(spec), hostfile = null, launcher = null;
        for (var e : spec.options().entrySet()) {
            switch (e.getKey()) {
                case "mpirun-args" -> launcherArgs.addAll(split(e.getValue()));
                case "jvm-args" -> jvmArgs.addAll(split(e.getValue()));
                case "mpi.impl" -> implName = e.getValue();
                case "mpi.binding" -> binding = e.getValue();
                case "mpi.hostfile" -> hostfile = Path.of(e.getValue()).toAbsolutePath().toString();
                case "mpi.launcher" -> launcher = e.getValue();
                default -> throw new IllegalArgumentException("the mpi backend has no option '" + e.getKey()
                        + "' (known: " + OPTIONS + ")");
            }
        }
        if (!binding.equals("ffm") && !binding.equals("jni")) {
            throw new IllegalArgumentException("mpi.binding must be ffm or jni, not '" + binding + "'");
        }
        Path abiDir = abiDir(env);
        MpiImplementation impl = choose(implName, binding, abiDir);
        Path launcherPath = launcher != null ? Path.of(launcher) : findLauncher(impl).orElseThrow(
                () -> new NotInstalledException(impl.id + "'s launcher (" + String.join(" or ", impl.launchers)
                        + ") is not on the PATH" + SETUP_HINT));

        List<String> cmd = new ArrayList<>();
        cmd.add(launcherPath.toString());
        cmd.addAll(impl.launcherArgs(spec.np(), hostfile, "root".equals(System.getProperty("user.name"))));
        cmd.addAll(launcherArgs);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-D" + MpiBinding.BINDING_PROPERTY + "=" + binding);
        String classPath = System.getProperty("java.class.path");
        if (binding.equals("ffm")) {
            cmd.add("-D" + MpiAbi.PROPERTY + "=" + impl.abiTable(abiDir));
        } else {
            Path mpiJar = mpiJar();
            cmd.add("-Djava.library.path=" + jniLibraryDir(mpiJar));
            classPath = classPath + File.pathSeparator + mpiJar;
        }
        cmd.addAll(jvmArgs);
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
    static MpiImplementation choose(String name, String binding, Path abiDir) throws NotInstalledException {
        if (name != null && !name.isBlank()) {
            MpiImplementation impl = MpiImplementation.byId(name.trim()).orElseThrow(() -> new IllegalArgumentException(
                    "unknown MPI implementation '" + name + "' (from --option mpi.impl or " + MpiImplementation.ENV
                            + "); known: " + MpiImplementation.ids()));
            if (binding.equals("jni") && impl != MpiImplementation.OPENMPI) {
                throw new IllegalArgumentException("the jni binding is Open MPI's Java bindings; it cannot run on " + impl.id
                        + " (use the default binding, ffm)");
            }
            String problem = problem(impl, binding, abiDir);
            if (problem != null) throw new NotInstalledException(problem);
            return impl;
        }
        List<String> problems = new ArrayList<>();
        for (MpiImplementation impl : MpiImplementation.values()) {
            if (binding.equals("jni") && impl != MpiImplementation.OPENMPI) continue;
            String problem = problem(impl, binding, abiDir);
            if (problem == null) return impl;
            problems.add(problem);
        }
        throw new NotInstalledException("no MPI implementation is ready: " + String.join("; ", problems));
    }

    /** Why {@code impl} cannot run here, or null. */
    static String problem(MpiImplementation impl, String binding, Path abiDir) {
        if (findLauncher(impl).isEmpty()) {
            return impl.id + ": no launcher (" + String.join(" or ", impl.launchers) + ") on the PATH" + SETUP_HINT;
        }
        if (binding.equals("ffm") && !Files.isRegularFile(impl.abiTable(abiDir))) {
            return impl.id + ": no ABI table " + impl.abiTable(abiDir) + " (bin/setup-mpi.sh makes it from the installed mpi.h)";
        }
        if (binding.equals("jni")) {
            try {
                jniLibraryDir(mpiJar());
            } catch (NotInstalledException e) {
                return e.getMessage();
            }
        }
        return null;
    }

    /**
     * Where the ABI tables are: {@code -Dhpjava.mpi.abiDir}, else {@code $HPJAVA_MPI_ABI_DIR}, else
     * {@code ~/.hpjava/mpi-abi} (where {@code bin/setup-mpi.sh} writes them by default).
     */
    static Path abiDir(Map<String, String> env) {
        String p = System.getProperty("hpjava.mpi.abiDir");
        if (p == null || p.isBlank()) p = env.get("HPJAVA_MPI_ABI_DIR");
        if (p == null || p.isBlank()) return Path.of(System.getProperty("user.home"), ".hpjava", "mpi-abi");
        return Path.of(p);
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

    /** The Open MPI Java bindings jar: {@code -Dhpjava.mpi.jar}, else where the build found it. */
    static Path mpiJar() throws NotInstalledException {
        String p = System.getProperty("hpjava.mpi.jar");
        if (p == null) {
            Properties props = new Properties();
            try (InputStream in = MpiLaunchCommand.class.getResourceAsStream("build.properties")) {
                if (in != null) props.load(in);
            } catch (IOException e) {
                // treated as unknown below
            }
            p = props.getProperty("mpi.jar");
        }
        if (p == null || p.isBlank()) throw new NotInstalledException("the location of mpi.jar is unknown; set -Dhpjava.mpi.jar");
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

    static List<String> split(String s) {
        if (s == null || s.isBlank()) return List.of();
        return Arrays.asList(s.trim().split("\\s+"));
    }
}
