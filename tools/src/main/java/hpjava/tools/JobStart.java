package hpjava.tools;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.Launcher;
import hpjava.mpjdev.watch.JobWatch;
import hpjava.mpjdev.watch.LauncherWatch;

/**
 * Starts the job {@code hpjava run} specified: in this JVM through {@link Launcher#launch}, or, for an mt job that
 * needs JVM options of its own ({@code --jvm-arg}, {@code --debug}), in a child JVM running
 * {@code hpjava.mpjdev.Launcher} with the same specification. Exit statuses 0-3 and 124 (the watchdog's timeout) are
 * the job's; others become 1.
 */
final class JobStart {
    /** The exception class at which the JDWP agent starts listening (see hpjava.mpjdev.mt.DebugAttachPoint). */
    private static final String ATTACH_POINT = "hpjava.mpjdev.mt.DebugAttachPoint";

    private final String backend;
    private final LaunchSpec spec;
    private final Map<String, String> properties;
    private final PrintWriter err;

    JobStart(String backend, LaunchSpec spec, Map<String, String> properties, PrintWriter err) {
        this.backend = backend;
        this.spec = spec;
        this.properties = properties;
        this.err = err;
    }

    /** Runs the job from this JVM; on mt the ranks are threads of this JVM, which gets the -D properties. */
    int run() {
        if (backend.equals("mt")) properties.forEach(System::setProperty);
        try {
            return status(Launcher.launch(backend, spec));
        } catch (IllegalArgumentException e) {
            err.println("hpjava: " + e.getMessage());
            err.flush();
            return ToolSupport.USAGE;
        }
    }

    /**
     * Runs an mt job in a JVM of its own started with the job's JVM arguments and {@code extraJvmArgs}; other
     * backends start their rank JVMs with them anyway.
     */
    int runInOwnJvm(List<String> extraJvmArgs) throws IOException, InterruptedException {
        if (!backend.equals("mt")) return run();
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(spec.jvmArgs());
        cmd.addAll(extraJvmArgs);
        // the job's JVM ends when this one does, however it ends (LauncherWatch)
        cmd.add("-D" + LauncherWatch.PID_PROPERTY + "=" + ProcessHandle.current().pid());
        cmd.add("-D" + LauncherWatch.HOST_PROPERTY + "=" + LauncherWatch.hostName());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Launcher.class.getName(), "--backend", "mt",
                "--np", Integer.toString(spec.np()), "--timeout", Integer.toString(spec.timeoutSeconds())));
        if (spec.prefixOutput()) cmd.add("--prefix-output");
        if (spec.virtualThreads()) cmd.add("--virtual-threads");
        spec.options().forEach((k, v) -> cmd.addAll(List.of("--option", k + "=" + v)));
        cmd.addAll(List.of("-cp", RunCommand.joinClassPath(spec.classPath()), spec.mainClass()));
        cmd.addAll(spec.args());
        Process job = new ProcessBuilder(cmd).inheritIO().start();
        Thread reaper = new Thread(job::destroy, "hpjava-job-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            return status(job.waitFor());
        } finally {
            job.destroy();
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    /**
     * Runs an mt job in its own JVM with a JDWP agent on {@code localhost:port} that starts listening, and suspends
     * the JVM, once every rank's program classes are loaded (so breakpoints bind in every rank); prints how to attach.
     */
    int debug(int port, List<Path> sourceDirs) throws IOException, InterruptedException {
        Path announce = announceScript(port);
        try {
            String agent = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=localhost:" + port
                    + ",onthrow=" + ATTACH_POINT + ",launch=" + announce;
            printAttachHelp(port, sourceDirs);
            JobStart debugged = new JobStart(backend, withDebugOption(spec), properties, err);
            // every element through the scalar loop, whose lines, index names and locals a debugger steps through
            // (translator/README.md, "Vectorized element loops")
            return debugged.runInOwnJvm(List.of(agent, "-Dhpjava.vector=false"));
        } finally {
            Files.deleteIfExists(announce);
            Files.deleteIfExists(announcedMarker(announce));
        }
    }

    /**
     * The agent's launch command: run each time the agent starts listening (it is given transport and address). The
     * first time the job waits for a debugger at the attach point, and the script says so; the agent listens again
     * after a debugger detaches, while the job runs on, and the script then says that instead (a second "waiting"
     * line would tell the user the job is stopped when it is not). The marker file beside the script tells the two
     * apart.
     */
    private static Path announceScript(int port) throws IOException {
        Path script = Files.createTempFile("hpjava-debug-", ".sh",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.writeString(script, "#!/bin/sh\n"
                + "if [ -e \"$0.announced\" ]; then\n"
                + "  echo \"" + DETACHED + port + ")\" >&2\n"
                + "else\n"
                + "  : > \"$0.announced\"\n"
                + "  echo \"" + WAITING + port + "\" >&2\n"
                + "fi\n");
        return script;
    }

    /** The file the announce script creates when it has announced the wait. */
    private static Path announcedMarker(Path script) {
        return script.resolveSibling(script.getFileName() + ".announced");
    }

    /** What the job prints when it waits for a debugger, followed by the port. */
    static final String WAITING = "hpjava: every rank has loaded the program; waiting for a debugger on localhost:";
    /** What it prints when a debugger has detached, followed by the port and ")". */
    static final String DETACHED = "hpjava: the debugger detached; the job runs on (a debugger can attach again on localhost:";

    private static LaunchSpec withDebugOption(LaunchSpec spec) {
        Map<String, String> options = new java.util.LinkedHashMap<>(spec.options());
        options.put("debug", "true");
        return spec.withOptions(options);
    }

    private void printAttachHelp(int port, List<Path> sourceDirs) {
        String sourcePath = String.join(File.pathSeparator, sourceDirs.stream().map(Path::toString).toList());
        err.printf("""
                hpjava: debugging: the job waits for a debugger on localhost:%1$d once every rank has loaded the program
                  jdb:      jdb %2$s-attach localhost:%1$d
                            then e.g. 'stop at Laplace:45', 'cont'; at a stop 'threads' lists rank-0, rank-1, ...,
                            'where', 'locals', 'print x'; breakpoints fire in every rank thread that reaches them
                  VS Code:  in launch.json: {"type": "java", "request": "attach", "name": "HPJava",
                            "hostName": "localhost", "port": %1$d}, then Run > Start Debugging
                  IntelliJ: Run > Edit Configurations > + > Remote JVM Debug, host localhost, port %1$d, then Debug
                """, port, sourcePath.isEmpty() ? "" : "-sourcepath " + sourcePath + " ");
        err.flush();
    }

    private static int status(int jobStatus) {
        return jobStatus >= 0 && jobStatus <= 3 || jobStatus == JobWatch.HANG_STATUS ? jobStatus : ToolSupport.FAILED;
    }
}
