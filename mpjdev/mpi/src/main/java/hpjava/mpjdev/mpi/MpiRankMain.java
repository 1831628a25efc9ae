package hpjava.mpjdev.mpi;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.spi.ProgramRunner;
import hpjava.mpjdev.spi.RankPrefixedOutput;
import hpjava.mpjdev.watch.LauncherWatch;
import hpjava.mpjdev.watch.RankReporter;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The main class of every rank process of an mpi job (started by mpirun, see {@link MpiLaunchCommand}):
 * {@code MpiRankMain NP PREFIX(0|1) PROGRAM_CLASS_PATH MainClass args...}.
 *
 * <p>Initialises MPI, runs the program through {@link ProgramRunner#runProcessRank}, then finalises MPI. Failure: an
 * exception escaping the program's main (or any thread of the rank) is reported as {@code mpjdev: rank R failed: ...}
 * with its stack trace ({@link FailureReport}: through the {@code hpjava} launcher, so that it cannot be lost), then the
 * whole job is aborted with {@code MPI_Abort} (status 1), which ends every other rank at once, wherever it is blocked.
 */
public final class MpiRankMain {
    private static final String NO_CLASS_PATH = "-";

    private MpiRankMain() {}

    public static void main(String[] args) {
        if (args.length < 4) {
            System.err.println("usage: MpiRankMain NP PREFIX(0|1) PROGRAM_CLASS_PATH MainClass [args...] (started by the mpi backend's launcher)");
            System.exit(2);
        }
        int np = Integer.parseInt(args[0]);
        boolean prefix = args[1].equals("1");
        LaunchSpec spec = new LaunchSpec(np, args[3], Arrays.asList(args).subList(4, args.length),
                programClassPath(decodeClassPath(args[2]), System.getProperty("java.class.path", ""), mpiJarLocation()),
                prefix, false, Map.of());
        MpiDevice device;
        try {
            device = MpiDevice.start();
        } catch (RuntimeException e) {
            System.err.println("mpjdev: the mpi backend cannot start: " + e.getMessage());
            System.exit(3);
            return;
        }
        int rank = device.worldRank();
        LauncherWatch.startFromProperties("rank " + rank);
        RankReporter reporter = RankReporter.start(rank, device.activity, Thread.currentThread());
        FailureReport.configure(reporter, rank, prefix);
        if (device.worldSize() != np) {
            FailureReport.abortJob("mpjdev: rank " + rank + ": mpirun started " + device.worldSize() + " ranks, but " + np
                    + " were asked for (check the extra mpirun arguments)", 1);
        }
        Thread.setDefaultUncaughtExceptionHandler((thread, t) -> FailureReport.abortJob(ProgramRunner.failureReport(rank, t), 1));
        RankPrefixedOutput prefixedOut = null, prefixedErr = null;
        if (reporter != null && RankReporter.forwardsOutput()) {
            // to the hpjava launcher, which prints whole lines (and adds the prefix): ranks' lines never mix mid-line
            PrintStream out = System.out, err = System.err;
            System.setOut(new PrintStream(reporter.output(false, out), true, out.charset()));
            System.setErr(new PrintStream(reporter.output(true, err), true, err.charset()));
            prefix = false;
        } else if (prefix) {
            prefixedOut = new RankPrefixedOutput(System.out, np);
            prefixedErr = new RankPrefixedOutput(System.err, np);
            System.setOut(new PrintStream(prefixedOut, true));
            System.setErr(new PrintStream(prefixedErr, true));
        }
        StringBuilder failure = new StringBuilder();
        int status = ProgramRunner.runProcessRank(device.world(), spec, failure::append);
        if (prefix) {
            prefixedOut.finish();
            prefixedErr.finish();
        }
        System.out.flush();
        System.err.flush();
        if (status != 0) FailureReport.abortJob(failure.toString(), status);
        if (reporter != null) reporter.finished();
        MpiDevice.finish();
        System.exit(0);
    }

    static String encodeClassPath(List<Path> cp) {
        if (cp.isEmpty()) return NO_CLASS_PATH;
        List<String> parts = new ArrayList<>();
        for (Path p : cp) parts.add(p.toAbsolutePath().toString());
        return String.join(File.pathSeparator, parts);
    }

    /**
     * The class path of the rank's program loader, without the Open MPI bindings jar: the program loader is
     * child-first, so a second copy of {@code mpi.*} in it would be a second, uninitialised MPI whose native methods
     * cannot link (the JNI library belongs to the backend's loader); every other jar holding {@code mpi.MPI} is left out
     * too. Without the jar, a program that calls Open MPI directly (alongside mpjdev) uses the backend's initialised
     * {@code mpi.MPI}. An empty {@code given} means this JVM's class path, as for every backend.
     */
    static List<Path> programClassPath(List<Path> given, String javaClassPath, Path mpiJar) {
        List<Path> cp = given;
        if (cp.isEmpty()) {
            cp = new ArrayList<>();
            for (String p : javaClassPath.split(File.pathSeparator)) if (!p.isEmpty()) cp.add(Path.of(p));
        }
        Path jar = mpiJar == null ? null : mpiJar.toAbsolutePath().normalize();
        List<Path> out = new ArrayList<>(cp.size());
        for (Path p : cp) if (!p.toAbsolutePath().normalize().equals(jar) && !holdsBindings(p)) out.add(p);
        return out;
    }

    /**
     * Whether {@code p} is a jar holding {@code mpi.MPI}: another copy of the bindings jar (e.g. one from another local
     * Maven repository on the launcher's class path, beside the one the launcher adds), which would load a second MPI.
     */
    private static boolean holdsBindings(Path p) {
        if (!p.toString().endsWith(".jar") || !java.nio.file.Files.isRegularFile(p)) return false;
        try (java.util.jar.JarFile j = new java.util.jar.JarFile(p.toFile())) {
            return j.getEntry("mpi/MPI.class") != null;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Where this JVM loaded {@code mpi.MPI} from (the jni binding), or null if it is absent or unknown. */
    private static Path mpiJarLocation() {
        try {
            var src = Class.forName("mpi.MPI", false, MpiRankMain.class.getClassLoader()).getProtectionDomain().getCodeSource();
            return src == null ? null : Path.of(src.getLocation().toURI());
        } catch (ClassNotFoundException | LinkageError | java.net.URISyntaxException | SecurityException
                 | IllegalArgumentException e) {
            return null;
        }
    }

    static List<Path> decodeClassPath(String s) {
        if (s.equals(NO_CLASS_PATH)) return List.of();
        List<Path> cp = new ArrayList<>();
        for (String p : s.split(File.pathSeparator)) if (!p.isEmpty()) cp.add(Path.of(p));
        return cp;
    }
}
