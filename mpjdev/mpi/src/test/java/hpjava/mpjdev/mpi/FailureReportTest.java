package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import hpjava.mpjdev.Launcher;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A failing rank's report is never lost ({@link FailureReport}): jobs started as {@code hpjava run} starts them
 * ({@code hpjava.mpjdev.Launcher} in a JVM of its own), on Open MPI and MPICH.
 */
class FailureReportTest {
    private static final String REPORT = "mpjdev: rank 1 failed: java.lang.IllegalStateException: deliberate";
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(120);
    /** Aborted jobs per implementation in the stress test; {@code -Dhpjava.test.abort-runs=N} for more. */
    private static final int ABORT_RUNS = Integer.getInteger("hpjava.test.abort-runs", 10);

    @Test
    void theRankPrefixGoesBeforeEveryLine() {
        assertEquals("[3] a\n[3] \tat b\n", FailureReport.prefixed("a\n\tat b\n", "[3] "));
        assertEquals("a\nb", FailureReport.prefixed("a\nb", ""));
    }

    /**
     * The process that forwards the ranks' output (MPICH's hydra_pmi_proxy, Open MPI's mpirun) is stopped while rank 1
     * fails: the report must reach the launcher's standard error all the same, before the job ends, and once.
     * (Before the report went through the launcher this failed: nothing can pass a stopped forwarder.)
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void theReportDoesNotWaitForTheMpiLaunchersForwarding(String impl, @TempDir Path dir) throws Exception {
        MpiTestSupport.require(impl, "ffm");
        Path err = dir.resolve("stderr");
        Process job = new ProcessBuilder(launcherCommand(impl, "--prefix-output", LateFailureProgram.class.getName(), dir.toString()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(dir.resolve("stdout").toFile()).redirectError(err.toFile()).start();
        ProcessHandle forwarder = null;
        try {
            awaitOrFail(() -> Files.exists(dir.resolve("ready")), job, "rank 1 never started");
            forwarder = forwarder(job, impl).orElseThrow(() -> new AssertionError("no output forwarder under " + job.pid()));
            signal("STOP", forwarder);
            Files.writeString(dir.resolve("go"), "");
            awaitOrFail(() -> read(err).contains(REPORT), job,
                    "the report did not arrive while " + forwarder.info().command().orElse("the forwarder") + " was stopped");
            signal("CONT", forwarder);
            forwarder = null;
            if (!job.waitFor(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) fail("the job did not end\n" + ChildProcess.dumpAndKill(job));
            assertNotEquals(0, job.exitValue());
            assertEquals(1, count(read(err), "[1] " + REPORT), read(err));
            assertEquals(1, count(read(err), "LateFailureProgram.main("), read(err));
        } finally {
            if (forwarder != null) signal("CONT", forwarder);
            if (job.isAlive()) ChildProcess.dumpAndKill(job);
        }
    }

    /** What the MPI implementations print about a rank's {@code MPI_Abort} ({@link AbortNotices}). */
    private static final List<String> ABORT_NOTICES = List.of("MPI_ABORT was invoked", "application called MPI_Abort",
            "sent help message help-mpi-api.txt / mpi-abort", "orte/util/show_help.c");

    /**
     * After the failing rank's report the MPI library's own notice of the abort that follows (Open MPI's mpirun: a
     * 7-line help block; MPICH: the rank's {@code Abort(1) on node ...} line) is left out: it repeats the report in
     * worse words. Three jobs at np 3 per implementation (before it was left out, it followed the report in about
     * two jobs of three on Open MPI and nine of ten on MPICH).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void theMpiLibrarysAbortNoticeDoesNotRepeatTheReport(String impl) {
        MpiTestSupport.require(impl, "ffm");
        for (int i = 0; i < 3; i++) {
            JobRun r = ChildProcess.of(launcherCommand(impl, 3, FailingProgram.class.getName()))
                    .describedAs("aborted job " + i + " on " + impl).timeout(JOB_TIMEOUT).run();
            assertEquals(1, count(r.stderr(), "mpjdev: rank 1 failed: java.lang.IllegalStateException: deliberate"), r.describe());
            for (String notice : ABORT_NOTICES) assertEquals(-1, r.stderr().indexOf(notice), notice + " in\n" + r.describe());
        }
    }

    /**
     * A program that calls {@code MPI_Abort} itself (no report of ours) still gets the MPI library's notice: it is the
     * only word about the abort. Open MPI only: there mpirun prints the notice itself. MPICH's notice is written by
     * the aborting rank and did not reach mpiexec's stderr in 3 of 20 such jobs of a JVM rank, with this filter and
     * without it alike (2026-11-28; a C rank under mpiexec.mpich: shown in 30 of 30), so it cannot be asserted end to
     * end; AbortNoticesTest checks that the filter passes it.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi"})
    void anAbortWithoutAReportKeepsTheMpiLibrarysNotice(String impl) {
        MpiTestSupport.require(impl, "ffm");
        JobRun r = ChildProcess.of(launcherCommand(impl, 2, DirectAbortProgram.class.getName()))
                .describedAs("MPI_Abort by the program on " + impl).timeout(JOB_TIMEOUT).run();
        assertNotEquals(0, r.exitStatus(), r.describe());
        String notice = impl.equals("openmpi") ? "MPI_ABORT was invoked on rank 1" : "application called MPI_Abort(MPI_COMM_WORLD, 3)";
        // Open MPI's mpirun may print its block cut off (ORTE_ERROR_LOG in show_help.c) instead: then that line shows
        assertTrue(r.stderr().contains(notice) || r.stderr().contains("orte/util/show_help.c"), r.describe());
    }

    /**
     * Many aborted jobs in a row, each must print rank 1's report exactly once ({@code bench/abort-report/loop.sh}
     * runs hundreds under load). Tagged slow: about 1.5 s per job.
     */
    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void everyAbortedJobPrintsTheReportOnce(String impl) {
        MpiTestSupport.require(impl, "ffm");
        List<String> bad = new ArrayList<>();
        for (int i = 0; i < ABORT_RUNS; i++) {
            JobRun r = ChildProcess.of(launcherCommand(impl, FailingProgram.class.getName()))
                    .describedAs("aborted job " + i + " on " + impl).timeout(JOB_TIMEOUT).run();
            int reports = count(r.stderr(), "mpjdev: rank 1 failed: java.lang.IllegalStateException: deliberate failure in rank 1");
            boolean notice = ABORT_NOTICES.stream().anyMatch(r.stderr()::contains);
            if (r.exitStatus() == 0 || reports != 1 || notice || !r.stderr().contains("at hpjava.mpjdev.mpi.FailingProgram.main"))
                bad.add("run " + i + ": exit " + r.exitStatus() + ", " + reports + " reports\n" + r.describe());
        }
        if (!bad.isEmpty()) fail(bad.size() + " of " + ABORT_RUNS + " aborted jobs on " + impl + " lost or repeated the report, or the MPI library's notice followed it:\n"
                + String.join("\n", bad));
    }

    private static List<String> launcherCommand(String impl, String... mainAndArgs) {
        return launcherCommand(impl, 2, mainAndArgs);
    }

    private static List<String> launcherCommand(String impl, int np, String... mainAndArgs) {
        List<String> args = new ArrayList<>(List.of("--backend", "mpi", "--np", Integer.toString(np), "--option", "impl=" + impl));
        args.addAll(List.of(mainAndArgs));
        return ChildProcess.javaCommand(List.of(), ChildProcess.testClassPath(), Launcher.class.getName(), args);
    }

    /** The process reading the ranks' stdout and stderr pipes: MPICH's proxy, or Open MPI's mpirun itself. */
    private static Optional<ProcessHandle> forwarder(Process job, String impl) {
        if (impl.equals("openmpi")) return job.children().findFirst();
        return job.descendants().filter(h -> h.info().command().orElse("").endsWith("hydra_pmi_proxy")).findFirst();
    }

    private static void signal(String name, ProcessHandle p) throws IOException, InterruptedException {
        // the shell's own kill: a minimal Debian may lack procps' /usr/bin/kill
        int rc = new ProcessBuilder("sh", "-c", "kill -" + name + " " + p.pid()).inheritIO().start().waitFor();
        if (rc != 0) throw new IllegalStateException("kill -" + name + " " + p.pid() + " failed: " + rc);
    }

    private interface Condition {
        boolean holds() throws IOException;
    }

    private static void awaitOrFail(Condition c, Process job, String what) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!c.holds()) {
            if (System.nanoTime() > deadline || !job.isAlive())
                fail(what + (job.isAlive() ? " within 60 s\n" + ChildProcess.dumpAndKill(job) : " (the job ended with " + job.exitValue() + ")"));
            Thread.sleep(20);
        }
    }

    private static String read(Path f) throws IOException {
        return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "";
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) n++;
        return n;
    }
}
