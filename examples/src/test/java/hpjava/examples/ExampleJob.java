package hpjava.examples;

import java.io.File;
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
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of an example as a user runs it, {@code hpjava run --np N --backend B --prefix-output X.hpj}, in a child
 * JVM (so a hung or crashed job cannot take the test JVM with it) with a time limit. When the limit passes, the
 * thread dump of every JVM of the job (the launcher; under mpirun or ucx also one JVM per rank) is collected and the
 * job's process tree is killed. Stdout and stderr are kept apart: the examples print their results on stdout from
 * rank 0 only, so stdout is what must be identical across process counts and backends.
 */
record ExampleJob(String example, String backend, int np, Duration timeout, int exitStatus, boolean timedOut, String stdout,
                  String stderr, String threadDumps, Duration elapsed) {

    /** Time limit of one job: generous for a loaded 2-core machine; a healthy job takes seconds. */
    static final Duration TIMEOUT = Duration.ofSeconds(150);

    private static final Pattern RANK_PREFIX = Pattern.compile("^\\[(\\d+)\\] ?(.*)$");

    /** The directory holding the example sources (the module's base directory). */
    static Path examplesDir() {
        return Path.of(System.getProperty("hpjava.examples.dir", ".")).toAbsolutePath().normalize();
    }

    /**
     * Runs the compiled example {@code example} (main class of that name in {@code classes}) with {@code args}:
     * {@code hpjava run --np N --backend B --prefix-output -cp classes:libraries Example args}.
     */
    static ExampleJob runCompiled(Path classes, String example, String backend, int np, List<String> args) {
        return runCompiled(classes, example, backend, np, args, TIMEOUT);
    }

    static ExampleJob runCompiled(Path classes, String example, String backend, int np, List<String> args,
                                  Duration timeout) {
        return launch(example, backend, np, List.of("-cp", classes + File.pathSeparator + Libraries.programClassPath(),
                example), args, timeout);
    }

    /**
     * Runs {@code example.hpj} from the examples directory as a user does, {@code hpjava run --np N --backend B
     * --prefix-output X.hpj args}: compiled by hpjava run into its cache (under target/).
     */
    static ExampleJob runSource(String example, String backend, int np, List<String> args) {
        Path source = examplesDir().resolve(example + ".hpj");
        if (!Files.isRegularFile(source)) throw new IllegalArgumentException("no example " + source);
        return launch(example, backend, np, List.of("-cp", Libraries.programClassPath(), source.toString()), args, TIMEOUT);
    }

    /** The backend of a label: {@code mpi:mpich} is the mpi backend (on MPICH). */
    static String backendName(String label) {
        int colon = label.indexOf(':');
        return colon < 0 ? label : label.substring(0, colon);
    }

    private static ExampleJob launch(String example, String backend, int np, List<String> program, List<String> args,
                                     Duration timeout) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-Dhpjava.cache=" + System.getProperty("hpjava.examples.cache",
                examplesDir().resolve("target/hpjava-cache").toString()));
        cmd.add("-cp");
        cmd.add(testClassPath());
        cmd.add("hpjava.tools.Hpjava");
        cmd.addAll(List.of("run", "--np", Integer.toString(np), "--backend", backendName(backend), "--prefix-output"));
        cmd.addAll(program);
        cmd.addAll(args);
        return launch(example, backend, np, cmd, timeout);
    }

    private static ExampleJob launch(String example, String backend, int np, List<String> cmd, Duration timeout) {
        long t0 = System.nanoTime();
        Path out, err;
        try {
            out = Files.createTempFile("hpjava-example-", ".out");
            err = Files.createTempFile("hpjava-example-", ".err");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the job's output files", e);
        }
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            // mpi:IMPL: the mpi backend on that MPI implementation, chosen as a user does, by HPJAVA_MPI.
            if (backend.startsWith("mpi:")) pb.environment().put("HPJAVA_MPI", backend.substring(4));
            Process p = pb.start();
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            String dumps = "";
            if (!done) {
                dumps = threadDumps(p);
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(30, TimeUnit.SECONDS);
            }
            return new ExampleJob(example, backend, np, timeout, done ? p.exitValue() : -1, !done,
                    Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8),
                    dumps, Duration.ofNanos(System.nanoTime() - t0));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + String.join(" ", cmd), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + example, e);
        } finally {
            try {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            } catch (IOException ignored) {
                // a temporary file left behind is harmless
            }
        }
    }

    /** The class path of this test JVM as entries (under Surefire the JVM's own may be a manifest-only jar). */
    static String testClassPath() {
        String cp = System.getProperty("surefire.test.class.path");
        return cp == null || cp.isBlank() ? System.getProperty("java.class.path") : cp;
    }

    /** Stdout and stderr lines grouped by the rank that printed them ({@code [r] } prefixes); "job" for the rest. */
    Map<String, List<String>> outputByRank() {
        Map<String, List<String>> m = new TreeMap<>();
        for (String text : List.of(stdout, stderr)) {
            for (String line : text.split("\n", -1)) {
                if (line.isEmpty()) continue;
                Matcher r = RANK_PREFIX.matcher(line);
                String who = r.matches() ? "rank " + r.group(1) : "job";
                m.computeIfAbsent(who, k -> new ArrayList<>()).add(r.matches() ? r.group(2) : line);
            }
        }
        return m;
    }

    /** Everything known about the run, for assertion messages. */
    String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append(example).append(".hpj on ").append(backend).append(" at np = ").append(np).append(": ");
        if (timedOut) sb.append("TIMED OUT after ").append(timeout.toSeconds()).append(" s");
        else sb.append("exit status ").append(exitStatus);
        sb.append(" (").append(elapsed.toMillis()).append(" ms)\n");
        for (Map.Entry<String, List<String>> e : outputByRank().entrySet()) {
            sb.append("---- output of ").append(e.getKey()).append(" so far:\n");
            for (String l : e.getValue()) sb.append("  ").append(l).append('\n');
        }
        if (!threadDumps.isEmpty()) sb.append("---- thread dumps:\n").append(threadDumps);
        return sb.toString();
    }

    /** Thread dumps ({@code jcmd PID Thread.print}) of the process and of every descendant that is a JVM. */
    static String threadDumps(Process p) {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(p.toHandle());
        p.descendants().forEach(all::add);
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        StringBuilder sb = new StringBuilder();
        for (ProcessHandle h : all) {
            String command = h.info().command().orElse("");
            if (!command.endsWith("/java")) continue;
            sb.append("---- thread dump of pid ").append(h.pid()).append(" (")
                    .append(h.info().commandLine().orElse(command)).append(")\n");
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
}
