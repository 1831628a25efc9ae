package hpjava.adlib.backends;

import hpjava.mpjdev.Launcher;
import hpjava.mpjdev.conformance.Conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One launch of {@link AdlibCheck} in a child JVM: {@code java -cp <test class path> hpjava.mpjdev.Launcher
 * --backend B --np N --prefix-output AdlibCheck}, with a time limit. When the limit passes, the thread dump of every
 * JVM of the job (the launcher, and the rank JVMs of mpi/ucx) is taken with jcmd before the process tree is killed.
 * (mpjdev-conformance's own child-process runner does the same but is not public; its class path helper is reused.)
 */
record Job(String backend, int np, int exitStatus, boolean timedOut, String output, String threadDumps, Duration elapsed) {

    /** The backend of a label: {@code mpi:mpich} is the mpi backend on MPICH ({@code --option mpi.impl=mpich}). */
    static String backendName(String label) {
        int colon = label.indexOf(':');
        return colon < 0 ? label : label.substring(0, colon);
    }

    static Job run(String backend, int np, Duration timeout, String... programArgs) {
        return run(AdlibCheck.class.getName(), backend, np, timeout, programArgs);
    }

    /** The same for another main class of the test class path. */
    static Job run(String mainClass, String backend, int np, Duration timeout, String... programArgs) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", Conformance.testClassPath(), Launcher.class.getName(),
                "--backend", backendName(backend), "--np", Integer.toString(np), "--prefix-output"));
        if (backend.indexOf(':') >= 0) cmd.addAll(List.of("--option", "mpi.impl=" + backend.substring(backend.indexOf(':') + 1)));
        cmd.add(mainClass);
        cmd.addAll(List.of(programArgs));
        long t0 = System.nanoTime();
        Path log;
        try {
            log = Files.createTempFile("adlib-backends-", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            String dumps = "";
            if (!done) {
                dumps = threadDumps(p);
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(30, TimeUnit.SECONDS);
            }
            return new Job(backend, np, done ? p.exitValue() : -1, !done, Files.readString(log, StandardCharsets.UTF_8), dumps,
                    Duration.ofNanos(System.nanoTime() - t0));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + String.join(" ", cmd), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + backend + " np=" + np, e);
        } finally {
            try {
                Files.deleteIfExists(log);
            } catch (IOException ignored) {
                // a temporary file left behind is harmless
            }
        }
    }

    private static String threadDumps(Process p) {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(p.toHandle());
        p.descendants().forEach(all::add);
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        StringBuilder sb = new StringBuilder();
        for (ProcessHandle h : all) {
            String c = h.info().command().orElse("");
            if (!c.endsWith("/java")) continue;
            sb.append("---- thread dump of pid ").append(h.pid()).append(" (").append(h.info().commandLine().orElse(c)).append(")\n");
            try {
                Process d = new ProcessBuilder(jcmd.toString(), Long.toString(h.pid()), "Thread.print").redirectErrorStream(true).start();
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

    /** The lines rank {@code rank} printed, without their {@code [rank] } prefix. */
    List<String> linesOf(int rank) {
        String prefix = "[" + rank + "] ";
        return output.lines().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length())).toList();
    }

    /** Everything about this job, for a failure message: status, time, each rank's output, thread dumps. */
    String describe() {
        StringBuilder sb = new StringBuilder("backend " + backend + ", np " + np + ": "
                + (timedOut ? "TIMED OUT" : "exit status " + exitStatus) + " after " + elapsed.toMillis() + " ms\n");
        String out = output.length() > 200_000 ? "...\n" + output.substring(output.length() - 200_000) : output;
        sb.append("---- output (every rank, prefixed [rank]) ----\n").append(out);
        if (!threadDumps.isEmpty()) sb.append("---- thread dumps ----\n").append(threadDumps);
        return sb.toString();
    }
}
