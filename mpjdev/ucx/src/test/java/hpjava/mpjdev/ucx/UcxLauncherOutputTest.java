package hpjava.mpjdev.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import hpjava.mpjdev.conformance.OutputLines;
import hpjava.mpjdev.conformance.WatchSecretCheck;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ucx launcher's draining of its ranks' pipes: lines of 4 ranks printing long lines at once reach its standard
 * output and error whole ({@link OutputLines}), with or without {@code --prefix-output}, also when a rank fails with
 * a partial line; and the job's watch secret is on no command line ({@link WatchSecretCheck}).
 */
class UcxLauncherOutputTest {
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(180);
    private static final int LINES = 40;

    @BeforeAll
    static void ucx() {
        UcxTestSupport.requireUcx();
    }

    @Test
    void fourRanksPrintingLongLinesAtOnceNeverMixWithinALine() {
        JobRun r = job(List.of(), "normal");
        assertEquals(0, r.exitStatus(), r.describe());
        assertNoProblems(OutputLines.check(r.stdout(), r.stderr(), 4, LINES, false, false), r);
    }

    @Test
    void withPrefixOutputEveryWholeLineNamesItsRank() {
        JobRun r = job(List.of("--prefix-output"), "normal");
        assertEquals(0, r.exitStatus(), r.describe());
        assertNoProblems(OutputLines.check(r.stdout(), r.stderr(), 4, LINES, true, false), r);
    }

    @Test
    void aRankThatFailsLosesNotItsLastPartialLine() {
        JobRun r = job(List.of(), "abort");
        assertNotEquals(0, r.exitStatus(), r.describe());
        assertTrue(r.stderr().contains("OutputLines: rank 1 fails on purpose"), r.describe());
        assertNoProblems(OutputLines.check(r.stdout(), r.stderr(), 4, LINES, false, true), r);
    }

    @Test
    void theWatchSecretIsOnNoCommandLine() throws Exception {
        Process job = new ProcessBuilder(command(List.of(), "hpjava.mpjdev.ucx.programs.Listening", "4"))
                .redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(job.getInputStream(), StandardCharsets.UTF_8))) {
            int ready = 0;
            String line;
            while (ready < 2 && (line = r.readLine()) != null) {
                output.add(line);
                if (line.contains("READY")) ready++;
            }
            assertEquals(2, ready, String.join("\n", output));
            List<String> problems = WatchSecretCheck.problems(job.toHandle(), UcxRankMain.class.getName());
            assertTrue(problems.isEmpty(), String.join("\n", problems));
            while ((line = r.readLine()) != null) output.add(line);
            assertEquals(0, job.waitFor(), String.join("\n", output));
            assertTrue(output.stream().noneMatch(l -> l.contains("cannot reach the job watchdog")), String.join("\n", output));
        } finally {
            if (job.isAlive()) ChildProcess.dumpAndKill(job);
        }
    }

    private static JobRun job(List<String> flags, String mode) {
        return ChildProcess.of(command(flags, OutputLines.class.getName(), Integer.toString(LINES), mode))
                .describedAs("OutputLines " + mode + " on ucx " + flags).timeout(JOB_TIMEOUT).run();
    }

    private static List<String> command(List<String> flags, String... mainAndArgs) {
        List<String> args = new ArrayList<>(List.of("--backend", "ucx", "--np", mainAndArgs[0].endsWith("Listening") ? "2" : "4",
                "--option", "jvm-args=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"));
        args.addAll(flags);
        args.addAll(List.of(mainAndArgs));
        return ChildProcess.javaCommand(List.of("--enable-native-access=ALL-UNNAMED"), ChildProcess.testClassPath(),
                "hpjava.mpjdev.Launcher", args);
    }

    private static void assertNoProblems(List<String> problems, JobRun r) {
        if (!problems.isEmpty()) fail(problems.size() + " problems, first: " + String.join("\n", problems.subList(0,
                Math.min(10, problems.size()))) + "\nstderr (start):\n" + r.stderr().substring(0, Math.min(4000, r.stderr().length())));
    }
}
