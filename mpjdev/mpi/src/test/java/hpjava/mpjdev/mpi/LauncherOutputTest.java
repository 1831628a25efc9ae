package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import hpjava.mpjdev.Launcher;
import hpjava.mpjdev.conformance.OutputLines;
import hpjava.mpjdev.conformance.WatchSecretCheck;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hpjava launcher of an mpi job, started as {@code hpjava run} starts it ({@code hpjava.mpjdev.Launcher} in a JVM
 * of its own), on Open MPI and MPICH: the ranks' lines reach its standard output and error whole, however the ranks
 * print them at once ({@link OutputLines}), with or without {@code --prefix-output}, also when a rank aborts with a
 * partial line; a burst of output from every rank arrives complete ({@link OutputBurstProgram}); and the job's watch
 * secret is on no command line ({@link WatchSecretCheck}).
 */
class LauncherOutputTest {
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(180);
    private static final int LINES = 40;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void fourRanksPrintingLongLinesAtOnceNeverMixWithinALine(String impl) {
        MpiTestSupport.require(impl, "ffm");
        JobRun r = job(impl, List.of(), "normal");
        assertEquals(0, r.exitStatus(), r.describe());
        assertNoProblems(OutputLines.check(r.stdout(), r.stderr(), 4, LINES, false, false), r);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void withPrefixOutputEveryWholeLineNamesItsRank(String impl) {
        MpiTestSupport.require(impl, "ffm");
        JobRun r = job(impl, List.of("--prefix-output"), "normal");
        assertEquals(0, r.exitStatus(), r.describe());
        assertNoProblems(OutputLines.check(r.stdout(), r.stderr(), 4, LINES, true, false), r);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void aRankThatAbortsLosesNotItsLastPartialLine(String impl) {
        MpiTestSupport.require(impl, "ffm");
        JobRun r = job(impl, List.of(), "abort");
        assertNotEquals(0, r.exitStatus(), r.describe());
        assertTrue(r.stderr().contains("mpjdev: rank 1 failed: java.lang.IllegalStateException: OutputLines"), r.describe());
        assertNoProblems(OutputLines.check(r.stdout(), r.stderr(), 4, LINES, false, true), r);
    }

    /**
     * A burst of output from every rank arrives complete and in order per rank (the ranks' output pumps batch it into
     * large messages), and rank 0 printing 200,000 lines without pause while the others wait for it in the device is
     * not judged a deadlock: its state reports are not held up behind its output.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void aBurstOfOutputFromEveryRankArrivesComplete(String impl) {
        MpiTestSupport.require(impl, "ffm");
        int first = 200_000, others = 20_000;
        JobRun r = ChildProcess.of(launcherCommand(impl, List.of(), OutputBurstProgram.class.getName(),
                Integer.toString(first), Integer.toString(others))).describedAs("OutputBurstProgram on " + impl)
                .timeout(JOB_TIMEOUT).run();
        assertEquals(0, r.exitStatus(), () -> "exit status " + r.exitStatus() + "; stderr (start):\n"
                + r.stderr().substring(0, Math.min(4000, r.stderr().length())));
        List<String> problems = OutputBurstProgram.check(r.stdout(), 4, first, others);
        if (!problems.isEmpty()) fail(problems.size() + " problems, first: " + String.join("\n", problems.subList(0,
                Math.min(10, problems.size()))) + "\nstderr (start):\n" + r.stderr().substring(0, Math.min(4000, r.stderr().length())));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void theWatchSecretIsOnNoCommandLine(String impl, @TempDir Path dir) throws Exception {
        MpiTestSupport.require(impl, "ffm");
        Process job = new ProcessBuilder(launcherCommand(impl, List.of(), LateFailureProgram.class.getName(), dir.toString()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(dir.resolve("ready"))) {
                if (System.nanoTime() > deadline || !job.isAlive()) fail("rank 1 never started\n" + Files.readString(dir.resolve("stderr")));
                Thread.sleep(20);
            }
            Thread.sleep(500);   // every rank connected to the watch
            List<String> problems = WatchSecretCheck.problems(job.toHandle(), MpiRankMain.class.getName());
            assertTrue(problems.isEmpty(), String.join("\n", problems));
            Files.writeString(dir.resolve("go"), "");
            if (!job.waitFor(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) fail("the job did not end\n" + ChildProcess.dumpAndKill(job));
            String err = Files.readString(dir.resolve("stderr"));
            assertTrue(!err.contains("cannot reach the job watchdog") && err.contains("deliberate late failure in rank 1"), err);
        } finally {
            if (job.isAlive()) ChildProcess.dumpAndKill(job);
        }
    }

    private static JobRun job(String impl, List<String> flags, String mode) {
        return ChildProcess.of(launcherCommand(impl, flags, OutputLines.class.getName(), Integer.toString(LINES), mode))
                .describedAs("OutputLines " + mode + " on " + impl + " " + flags).timeout(JOB_TIMEOUT).run();
    }

    private static List<String> launcherCommand(String impl, List<String> flags, String... mainAndArgs) {
        List<String> args = new ArrayList<>(List.of("--backend", "mpi", "--np", "4", "--option", "impl=" + impl));
        args.addAll(flags);
        args.addAll(List.of(mainAndArgs));
        return ChildProcess.javaCommand(List.of(), ChildProcess.testClassPath(), Launcher.class.getName(), args);
    }

    private static void assertNoProblems(List<String> problems, JobRun r) {
        if (!problems.isEmpty()) fail(problems.size() + " problems, first: " + String.join("\n", problems.subList(0,
                Math.min(10, problems.size()))) + "\nstderr (start):\n" + r.stderr().substring(0, Math.min(4000, r.stderr().length())));
    }
}
