package hpjava.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.opentest4j.AssertionFailedError;

/**
 * A command run as a child process with a time limit, so that a hung or crashed job cannot take the test JVM with
 * it. Standard input is empty; stdout and stderr are captured to files (kept apart, or merged in the order they were
 * written with {@link #mergeStreams()}). When the limit passes, the thread dump of every JVM in the process tree is
 * taken ({@code jcmd PID Thread.print}: in {@code mt} the rank threads of one JVM, under mpirun or ucx one JVM per
 * rank), then the whole tree is killed.
 *
 * <pre>{@code
 * JobRun r = ChildProcess.java(List.of(), ChildProcess.testClassPath(), "hpjava.mpjdev.Launcher",
 *         List.of("--np", "4", "--prefix-output", "MyProgram")).timeout(Duration.ofMinutes(2)).run();
 * assertEquals(0, r.exitStatus(), r.describe());
 * }</pre>
 *
 * Not thread-safe while being configured; each {@code run} starts its own process.
 */
public final class ChildProcess {

    private static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);
    /** How long the killed tree gets to disappear before the run reports anyway. */
    private static final Duration REAP = Duration.ofSeconds(30);

    private final List<String> command;
    private final Map<String, String> env = new LinkedHashMap<>();
    private final List<String> unsetEnv = new ArrayList<>();
    private Duration timeout = DEFAULT_TIMEOUT;
    private Path directory;
    private boolean mergeStreams;
    private String description;

    private ChildProcess(List<String> command) {
        if (command.isEmpty()) throw new IllegalArgumentException("empty command");
        this.command = List.copyOf(command);
    }

    /** Any command; the first element is the program. */
    public static ChildProcess of(List<String> command) {
        return new ChildProcess(command);
    }

    public static ChildProcess of(String... command) {
        return new ChildProcess(List.of(command));
    }

    /** {@code java <jvmOptions> -cp classPath mainClass args} with the JDK of this JVM (see {@link #javaCommand}). */
    public static ChildProcess java(List<String> jvmOptions, String classPath, String mainClass, List<String> args) {
        return new ChildProcess(javaCommand(jvmOptions, classPath, mainClass, args));
    }

    /**
     * {@code java <jvmOptions> -cp classPath mainClass args}: the {@code java} of {@code java.home} (the JDK running
     * the tests), with {@code --enable-native-access=ALL-UNNAMED} unless the options say otherwise (the ucx and mpi
     * backends call native code).
     */
    public static List<String> javaCommand(List<String> jvmOptions, String classPath, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdkTool("java"));
        if (jvmOptions.stream().noneMatch(o -> o.startsWith("--enable-native-access"))) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    /** A tool of the running JDK ({@code java}, {@code jcmd}) by absolute path. */
    public static String jdkTool(String name) {
        return Path.of(System.getProperty("java.home"), "bin", name).toString();
    }

    /**
     * The class path of this JVM as entries. Under Surefire the JVM's own {@code java.class.path} may be a
     * manifest-only jar; Surefire's {@code surefire.test.class.path} holds the real entries.
     */
    public static String testClassPath() {
        String cp = System.getProperty("surefire.test.class.path");
        return cp == null || cp.isBlank() ? System.getProperty("java.class.path") : cp;
    }

    /**
     * For tests that drive a process themselves (a debugger session, a job watched while it runs): takes the thread
     * dump of every JVM of {@code p}'s process tree, kills the tree, and returns the dumps for the failure message.
     */
    public static String dumpAndKill(Process p) {
        List<ProcessHandle> tree = ProcessTree.snapshot(p.toHandle());
        String dumps = ProcessTree.threadDumps(tree);
        ProcessTree.kill(tree, REAP);
        return dumps;
    }

    /** The time limit (default 2 minutes). */
    public ChildProcess timeout(Duration limit) {
        if (limit.isNegative() || limit.isZero()) throw new IllegalArgumentException("timeout must be positive: " + limit);
        this.timeout = limit;
        return this;
    }

    /** Sets an environment variable of the child (the rest is inherited). */
    public ChildProcess env(String name, String value) {
        env.put(name, value);
        return this;
    }

    public ChildProcess env(Map<String, String> variables) {
        env.putAll(variables);
        return this;
    }

    /** Removes an inherited environment variable from the child's environment. */
    public ChildProcess unsetEnv(String name) {
        unsetEnv.add(name);
        return this;
    }

    /** The child's working directory (default: this JVM's). */
    public ChildProcess directory(Path dir) {
        this.directory = dir;
        return this;
    }

    /** Stderr merged into stdout, in the order written ({@link JobRun#stderr()} is then empty). */
    public ChildProcess mergeStreams() {
        this.mergeStreams = true;
        return this;
    }

    /** What the job is, for messages (default: the command). */
    public ChildProcess describedAs(String what) {
        this.description = what;
        return this;
    }

    /**
     * Runs the command to its end; when the time limit passes, takes the thread dumps, kills the process tree and
     * fails the test with {@link JobRun#describe()} (the command, the elapsed time, each rank's last lines, the
     * dumps).
     */
    public JobRun run() {
        JobRun r = runAllowingTimeout();
        if (r.timedOut()) throw new AssertionFailedError(r.describe());
        return r;
    }

    /**
     * As {@link #run()}, but a timeout is returned ({@link JobRun#timedOut()}, exit status -1, the thread dumps)
     * instead of failing, for callers that report it themselves.
     */
    public JobRun runAllowingTimeout() {
        String what = description != null ? description : JobRun.shortCommand(command);
        long t0 = System.nanoTime();
        Path out = tempFile(".out"), err = mergeStreams ? null : tempFile(".err");
        try {
            Process p = start(out, err);
            String dumps = "";
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!done) dumps = dumpAndKill(p);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - t0);
            return new JobRun(what, command, done ? p.exitValue() : -1, !done, timeout, elapsed, read(out),
                    err == null ? "" : read(err), dumps);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + what, e);
        } finally {
            delete(out);
            if (err != null) delete(err);
        }
    }

    private Process start(Path out, Path err) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(nullFile()));
        if (mergeStreams) pb.redirectErrorStream(true);
        else pb.redirectError(err.toFile());
        if (directory != null) pb.directory(directory.toFile());
        unsetEnv.forEach(pb.environment()::remove);
        pb.environment().putAll(env);
        try {
            return pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + String.join(" ", command) + ": " + e.getMessage(), e);
        }
    }

    private static File nullFile() {
        return new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    private static Path tempFile(String suffix) {
        try {
            return Files.createTempFile("hpjava-child-", suffix);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a file for the child's output", e);
        }
    }

    private static String read(Path f) {
        try {
            return new String(Files.readAllBytes(f), StandardCharsets.UTF_8);  // malformed bytes become U+FFFD
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the child's output " + f, e);
        }
    }

    private static void delete(Path f) {
        try {
            Files.deleteIfExists(f);
        } catch (IOException ignored) {
            // a temporary file left behind is harmless
        }
    }
}
