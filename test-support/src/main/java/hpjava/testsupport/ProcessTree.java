package hpjava.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The processes of a job (the child and everything it started): their thread dumps, and killing them all. */
final class ProcessTree {

    /** How long one {@code jcmd Thread.print} may take before it is given up. */
    private static final long DUMP_SECONDS = 20;

    private ProcessTree() {}

    /**
     * The root and all its descendants now. Taken before anything is killed: once a parent is gone its children are
     * re-parented and no longer found through it.
     */
    static List<ProcessHandle> snapshot(ProcessHandle root) {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(root);
        root.descendants().forEach(all::add);
        return all;
    }

    /** {@code jcmd PID Thread.print} of every process of {@code tree} that is a JVM, each headed by its command line. */
    static String threadDumps(List<ProcessHandle> tree) {
        StringBuilder sb = new StringBuilder();
        for (ProcessHandle h : tree) {
            if (!h.isAlive() || !isJvm(h)) continue;
            sb.append("---- thread dump of pid ").append(h.pid()).append(" (")
                    .append(h.info().commandLine().orElse(h.info().command().orElse("?"))).append(")\n");
            sb.append(threadDump(h.pid())).append('\n');
            if (Thread.currentThread().isInterrupted()) break;
        }
        return sb.toString();
    }

    /** Kills every process of {@code tree} and waits (at most {@code reap} in all) for them to be gone. */
    static void kill(List<ProcessHandle> tree, Duration reap) {
        tree.forEach(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + reap.toNanos();
        for (ProcessHandle h : tree) {
            long left = deadline - System.nanoTime();
            if (left <= 0) return;
            try {
                h.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static boolean isJvm(ProcessHandle h) {
        String c = h.info().command().orElse("");
        return c.endsWith("/java") || c.endsWith("\\java.exe");
    }

    private static String threadDump(long pid) {
        Path jcmd = Path.of(ChildProcess.jdkTool("jcmd"));
        if (!Files.isExecutable(jcmd)) return "(no jcmd in " + jcmd.getParent() + ": the JDK has no tools)";
        Path out = null;
        try {
            out = Files.createTempFile("hpjava-jcmd-", ".txt");
            Process d = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print").redirectErrorStream(true)
                    .redirectOutput(out.toFile()).start();
            if (!d.waitFor(DUMP_SECONDS, TimeUnit.SECONDS)) {
                d.destroyForcibly();
                return "(jcmd gave no dump within " + DUMP_SECONDS + " s)\n" + read(out);
            }
            return read(out);
        } catch (IOException e) {
            return "(jcmd failed: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted while taking the dump)";
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }

    private static String read(Path f) throws IOException {
        return new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
    }
}
