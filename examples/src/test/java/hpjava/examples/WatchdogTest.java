package hpjava.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.Requires;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import hpjava.tools.Hpjavac;

/**
 * The job watchdog and the launcher's hold on its job, on every backend as a user meets them:
 * {@code hpjava run --timeout S} in a child JVM, with the programs of {@code src/test/resources/watchdog}. A rank
 * in an endless loop while the others reduce ends with the hang report and status 124 within timeout + 5 s; a
 * receive deadlock is reported (each rank's operation and {@code .hpj} line) after under 2 s of blocking; killing the
 * launcher with SIGKILL leaves no process of the job after 2 s; a 3 s computation under {@code --timeout 5} is no
 * hang; a rank that skips a collective ends the job with a report. Times are taken from the moment every rank has
 * printed "started" (JVM start-up on a loaded machine is not the watchdog's). Every job has a time limit after which
 * the thread dump of each of its JVMs (each rank's state) is printed.
 */
class WatchdogTest {
    private static final List<String> BACKENDS = List.of("mt", "ucx", "mpi:openmpi", "mpi:mpich");
    private static final long LIMIT_SECONDS = 90;
    private static final Pattern WAITED = Pattern.compile("waiting in .* for (\\d+\\.\\d) s");
    private static Path classes;

    @BeforeAll
    static void compile() throws IOException {
        classes = ExampleJob.examplesDir().resolve("target/watchdog-classes");
        Files.createDirectories(classes);
        Path dir = ExampleJob.examplesDir().resolve("src/test/resources/watchdog");
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", Libraries.programClassPath()));
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.toString().endsWith(".hpj")).sorted().forEach(p -> args.add(p.toString()));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = Hpjavac.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals(0, status, "hpjavac failed on the watchdog programs:\n" + out.toString(StandardCharsets.UTF_8));
    }

    static Stream<Arguments> np2and4() {
        List<Arguments> l = new ArrayList<>();
        for (String b : BACKENDS) for (int np : new int[] {2, 4}) l.add(Arguments.of(b, np));
        return l.stream();
    }

    static Stream<String> backends() {
        return BACKENDS.stream();
    }

    @ParameterizedTest(name = "endless loop vs reduction on {0} at np = {1}")
    @MethodSource("np2and4")
    void anEndlessLoopAgainstACollectiveIsReportedAndEnded(String backend, int np) throws Exception {
        Requires.backend(backend);
        Path reportFile = Files.createTempFile("hpjava-hang-", ".txt");
        try (Job job = Job.start(backend, np, 2, "LoopVsCollective", List.of("--hang-report=" + reportFile))) {
            long started = job.awaitStarted(np);
            job.awaitEnd();
            double seconds = (job.endedAt - started) / 1e9;
            String err = job.stderr();
            assertEquals(124, job.status(), job.describe());
            assertTrue(err.contains("mpjdev: hang: no rank has made communication progress for 2 s"), job.describe());
            assertTrue(err.contains("rank 1: running") && err.contains("LoopVsCollective.hpj:12)"), job.describe());
            for (int r = 0; r < np; r++) {
                if (r != 1) assertTrue(Pattern.compile("rank " + r + ": .*Adlib.maxval at .*LoopVsCollective.hpj:14\\)")
                        .matcher(err).find(), "rank " + r + "'s line\n" + job.describe());
            }
            assertTrue(seconds <= 2 + 5, "ended " + seconds + " s after every rank started\n" + job.describe());
            String filed = Files.readString(reportFile);
            assertTrue(filed.startsWith("mpjdev: hang:") && filed.contains("LoopVsCollective.hpj:14)"),
                    "--hang-report file:\n" + filed + "\n" + job.describe());
            System.out.printf("watchdog: hang on %s at np %d ended %.1f s after start%n", backend, np, seconds);
        } finally {
            Files.deleteIfExists(reportFile);
        }
    }

    /** {@code kill -USR1 <pid of hpjava>}: every rank's state while the job runs on. */
    @ParameterizedTest(name = "the state on request on {0}")
    @ValueSource(strings = {"mt", "ucx"})   // ucx's JobWatch is mpi's too
    void theStateIsReportedOnRequest(String backend) throws Exception {
        Requires.backend(backend);
        try (Job job = Job.start(backend, 2, 0, "LoopVsCollective")) {
            job.awaitStarted(2);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            String err = "";
            while (System.nanoTime() < deadline && !err.contains("LoopVsCollective.hpj:14)")) {
                Thread.sleep(1_000);   // until rank 0 waits (and, on ucx, has been sampled)
                new ProcessBuilder("kill", "-USR1", Long.toString(job.process.pid())).start().waitFor();
                Thread.sleep(300);
                err = job.stderr();
            }
            assertTrue(err.contains("mpjdev: the job's state (on request)"), job.describe());
            assertTrue(err.contains("LoopVsCollective.hpj:12)") && err.contains("LoopVsCollective.hpj:14)"), job.describe());
            assertTrue(job.process.isAlive(), "the job runs on after the report\n" + job.describe());
        }
    }

    @ParameterizedTest(name = "receive deadlock on {0} at np = {1}")
    @MethodSource("np2and4")
    void aReceiveDeadlockIsReportedWithinTwoSeconds(String backend, int np) throws Exception {
        Requires.backend(backend);
        try (Job job = Job.start(backend, np, 60, "RecvDeadlock")) {
            long started = job.awaitStarted(np);
            job.awaitEnd();
            double seconds = (job.endedAt - started) / 1e9;
            String err = job.stderr();
            assertEquals(1, job.status(), job.describe());
            assertTrue(err.contains("mpjdev: deadlock: every live rank is blocked in the device"), job.describe());
            for (int r = 0; r < np; r++) {
                Matcher m = Pattern.compile("rank " + r + ": .*recv\\(source " + (r + 1) % np + ", tag 7.*RecvDeadlock.hpj:11\\)")
                        .matcher(err);
                assertTrue(m.find(), "rank " + r + "'s line\n" + job.describe());
            }
            // mpi/ucx: the report says how long each rank had been blocked when the launcher decided
            Matcher w = WAITED.matcher(err);
            while (w.find()) assertTrue(Double.parseDouble(w.group(1)) < 2.0, "decided late: " + w.group() + "\n" + job.describe());
            assertTrue(seconds < 2 + 3, "ended " + seconds + " s after every rank started\n" + job.describe());
            System.out.printf("watchdog: deadlock on %s at np %d ended %.1f s after start%n", backend, np, seconds);
        }
    }

    @ParameterizedTest(name = "SIGKILL of the launcher on {0} at np = 4")
    @MethodSource("backends")
    void killingTheLauncherEndsEveryProcessOfTheJob(String backend) throws Exception {
        Requires.backend(backend);
        // on mt with --jvm-arg the job runs in a JVM of its own, which must end too
        List<String> extra = backend.equals("mt") ? List.of("--jvm-arg=-Xmx256m") : List.of();
        try (Job job = Job.start(backend, 4, 0, "LoopVsCollective", extra)) {
            job.awaitStarted(4);
            List<ProcessHandle> tree = job.process.descendants().toList();
            assertTrue(!tree.isEmpty(), "the job has no processes of its own\n" + job.describe());
            job.process.destroyForcibly();   // SIGKILL: no shutdown hook runs
            long killed = System.nanoTime();
            Thread.sleep(2_000);
            List<String> left = new ArrayList<>();
            for (ProcessHandle h : tree) if (running(h.pid())) left.add(h.pid() + " " + h.info().commandLine().orElse("?"));
            if (!left.isEmpty()) {
                tree.forEach(ProcessHandle::destroyForcibly);
                fail("2 s after the launcher was killed these processes of the job remain:\n  " + String.join("\n  ", left)
                        + "\n" + job.describe());
            }
            System.out.printf("watchdog: launcher killed on %s at np 4: %d processes, none left when checked %.1f s after%n", backend,
                    tree.size(), (System.nanoTime() - killed) / 1e9);
        }
    }

    @ParameterizedTest(name = "a 3 s computation under --timeout 5 on {0}")
    @MethodSource("backends")
    void aLongComputationIsNoHang(String backend) throws Exception {
        Requires.backend(backend);
        try (Job job = Job.start(backend, 2, 5, "LongCompute")) {
            job.awaitEnd();
            assertEquals(0, job.status(), job.describe());
            assertTrue(job.stdout().contains("maxval = 63.0"), job.describe());
            assertTrue(!job.stderr().contains("mpjdev:"), job.describe());
        }
    }

    @ParameterizedTest(name = "a rank skipping a collective on {0} at np = 4")
    @MethodSource("backends")
    void aRankSkippingACollectiveEndsTheJob(String backend) throws Exception {
        Requires.backend(backend);
        try (Job job = Job.start(backend, 4, 60, "SkipCollective")) {
            job.awaitEnd();
            assertEquals(1, job.status(), job.describe());
            assertTrue(job.stderr().contains("SkipCollective.hpj:10)"), "no .hpj line in the report\n" + job.describe());
        }
    }

    /** Whether {@code pid} is a process that still runs (a zombie has ended: only its exit status is left). */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return false;
        }
    }

    /** One {@code hpjava run} in a child JVM, its output in files; closing kills whatever is left of it. */
    private static final class Job implements AutoCloseable {
        final String backend;
        final Process process;
        final Path out, err;
        long endedAt;

        private Job(String backend, Process process, Path out, Path err) {
            this.backend = backend;
            this.process = process;
            this.out = out;
            this.err = err;
        }

        static Job start(String backend, int np, int timeout, String main) throws IOException {
            return start(backend, np, timeout, main, List.of());
        }

        static Job start(String backend, int np, int timeout, String main, List<String> extra) throws IOException {
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "-cp", ExampleJob.testClassPath(), "hpjava.tools.Hpjava", "run",
                    "--np", Integer.toString(np), "--backend", ExampleJob.backendName(backend), "--prefix-output",
                    "--timeout", Integer.toString(timeout)));
            cmd.addAll(extra);
            cmd.addAll(List.of("-cp", classes + File.pathSeparator + Libraries.programClassPath(), main));
            Path out = Files.createTempFile("hpjava-watchdog-", ".out"), err = Files.createTempFile("hpjava-watchdog-", ".err");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            if (backend.startsWith("mpi:")) pb.environment().put("HPJAVA_MPI", backend.substring(4));
            return new Job(backend, pb.start(), out, err);
        }

        /** Waits until {@code np} ranks have printed "started"; returns when (nanoTime). */
        long awaitStarted(int np) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
            while (System.nanoTime() < deadline) {
                if (stdout().lines().filter(l -> l.endsWith("started")).count() >= np) return System.nanoTime();
                if (!process.isAlive()) fail("the job ended before every rank started\n" + describe());
                Thread.sleep(20);
            }
            fail("not every rank started within " + LIMIT_SECONDS + " s\n" + dumpAndKill());
            return 0;
        }

        void awaitEnd() throws Exception {
            if (!process.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) fail("the job did not end within " + LIMIT_SECONDS + " s\n" + dumpAndKill());
            endedAt = System.nanoTime();
        }

        private String dumpAndKill() {
            String report = describe() + "\n---- thread dumps (each rank's state):\n" + ChildProcess.dumpAndKill(process);
            close();
            return report;
        }

        int status() {
            return process.exitValue();
        }

        String stdout() throws IOException {
            return Files.readString(out, StandardCharsets.UTF_8);
        }

        String stderr() throws IOException {
            return Files.readString(err, StandardCharsets.UTF_8);
        }

        String describe() {
            try {
                return "---- " + backend + (process.isAlive() ? " (running)" : " exit status " + process.exitValue())
                        + "\n---- stdout:\n" + stdout() + "---- stderr:\n" + stderr();
            } catch (IOException e) {
                return "(output unreadable: " + e + ")";
            }
        }

        @Override
        public void close() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            try {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            } catch (IOException ignored) {
                // temporary files
            }
        }
    }
}
