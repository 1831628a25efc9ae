package hpjava.mpjdev.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command (a launcher JVM) with a time limit, collecting stdout and stderr merged. When the limit passes,
 * it first collects the thread dump of every JVM in the process tree (the state of each rank: in {@code mt} the rank
 * threads of one JVM, under {@code mpirun} one JVM per rank), then kills the whole tree.
 */
final class ChildProcess {

    /** What became of the command. {@code exitStatus} is -1 when it timed out. */
    record Outcome(int exitStatus, boolean timedOut, String output, String threadDumps, Duration elapsed) {}

    private ChildProcess() {}

    static Outcome run(List<String> command, Map<String, String> env, Duration timeout) {
        long t0 = System.nanoTime();
        Path log;
        try {
            log = Files.createTempFile("hpjava-conformance-", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a log file for the launched job", e);
        }
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullFile()));
            pb.environment().putAll(env);
            Process p = pb.start();
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            String dumps = "";
            if (!done) {
                dumps = threadDumps(p);
                killTree(p.toHandle());
                p.waitFor(30, TimeUnit.SECONDS);
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            return new Outcome(done ? p.exitValue() : -1, !done, out, dumps, Duration.ofNanos(System.nanoTime() - t0));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the launched job", e);
        } finally {
            try {
                Files.deleteIfExists(log);
            } catch (IOException ignored) {
                // a temporary file left behind is harmless
            }
        }
    }

    private static java.io.File nullFile() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** Thread dumps (jcmd Thread.print) of the process and of every descendant that is a JVM. */
    private static String threadDumps(Process p) {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(p.toHandle());
        p.descendants().forEach(all::add);
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        StringBuilder sb = new StringBuilder();
        for (ProcessHandle h : all) {
            String cmd = h.info().command().orElse("");
            if (!cmd.endsWith("/java") && !cmd.endsWith("\\java.exe")) continue;
            sb.append("---- thread dump of pid ").append(h.pid()).append(" (")
                    .append(h.info().commandLine().orElse(cmd)).append(")\n");
            if (!Files.isExecutable(jcmd)) {
                sb.append("(no jcmd in ").append(jcmd.getParent()).append(")\n");
                continue;
            }
            try {
                Process d = new ProcessBuilder(jcmd.toString(), Long.toString(h.pid()), "Thread.print")
                        .redirectErrorStream(true).start();
                byte[] text;
                try (InputStream in = d.getInputStream()) {
                    text = in.readAllBytes();
                }
                if (!d.waitFor(20, TimeUnit.SECONDS)) d.destroyForcibly();
                sb.append(new String(text, StandardCharsets.UTF_8)).append('\n');
            } catch (IOException e) {
                sb.append("(jcmd failed: ").append(e.getMessage()).append(")\n");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return sb.toString();
    }

    private static void killTree(ProcessHandle root) {
        root.descendants().forEach(ProcessHandle::destroyForcibly);
        root.destroyForcibly();
    }
}
