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
import java.util.Properties;
import java.util.jar.JarFile;

/**
 * Builds the mpirun command line of a job:
 * <pre>
 * mpirun [--allow-run-as-root] --oversubscribe -np N [mpirun-args...]
 *        JAVA --enable-native-access=ALL-UNNAMED -Djava.library.path=DIR [jvm-args...] -cp CP
 *        hpjava.mpjdev.mpi.MpiRankMain N PREFIX PROGRAM_CLASS_PATH MainClass args...
 * </pre>
 * where JAVA is this JVM's launcher, DIR holds {@code libmpi_java.so}, and CP is this JVM's class path (which holds
 * mpjdev and this backend) plus {@code mpi.jar}. Every rank must see the same paths (one machine, or a shared file
 * system on a cluster).
 */
final class MpiLaunchCommand {

    /** Open MPI, its Java bindings or their JNI library is missing. */
    static final class NotInstalledException extends Exception {
        private static final long serialVersionUID = 1L;

        NotInstalledException(String message) {
            super(message);
        }
    }

    private static final String SETUP_HINT = " (bin/setup-mpi.sh installs it, as root on Debian)";

    private MpiLaunchCommand() {}

    static List<String> build(LaunchSpec spec, String envMpirunArgs) throws NotInstalledException {
        List<String> mpirunArgs = new ArrayList<>(split(envMpirunArgs));
        List<String> jvmArgs = new ArrayList<>(spec.jvmArgs());
        for (var e : spec.options().entrySet()) {
            switch (e.getKey()) {
                case "mpirun-args" -> mpirunArgs.addAll(split(e.getValue()));
                case "jvm-args" -> jvmArgs.addAll(split(e.getValue()));
                default -> throw new IllegalArgumentException("the mpi backend has no option '" + e.getKey()
                        + "' (known: mpirun-args, jvm-args)");
            }
        }
        Path mpirun = findOnPath("mpirun").orElseThrow(() -> new NotInstalledException("Open MPI's mpirun is not on the PATH" + SETUP_HINT));
        Path mpiJar = mpiJar();
        Path jniDir = jniLibraryDir(mpiJar);

        List<String> cmd = new ArrayList<>();
        cmd.add(mpirun.toString());
        if ("root".equals(System.getProperty("user.name"))) cmd.add("--allow-run-as-root");
        cmd.add("--oversubscribe");
        cmd.add("-np");
        cmd.add(Integer.toString(spec.np()));
        cmd.addAll(mpirunArgs);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-Djava.library.path=" + jniDir);
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path") + File.pathSeparator + mpiJar);
        cmd.add(MpiRankMain.class.getName());
        cmd.add(Integer.toString(spec.np()));
        cmd.add(spec.prefixOutput() ? "1" : "0");
        cmd.add(MpiRankMain.encodeClassPath(spec.classPath()));
        cmd.add(spec.mainClass());
        cmd.addAll(spec.args());
        return cmd;
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

    static java.util.Optional<Path> findOnPath(String program) {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) continue;
                Path p = Path.of(dir, program);
                if (Files.isExecutable(p)) return java.util.Optional.of(p);
            }
        }
        return java.util.Optional.empty();
    }

    static List<String> split(String s) {
        if (s == null || s.isBlank()) return List.of();
        return Arrays.asList(s.trim().split("\\s+"));
    }
}
