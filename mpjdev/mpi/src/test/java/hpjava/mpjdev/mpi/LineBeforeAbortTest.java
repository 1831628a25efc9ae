package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import hpjava.mpjdev.Launcher;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A line a rank printed before another rank's failure reaches the job's output although the abort kills the rank
 * ({@link LineBeforeAbortProgram}; the launcher drains every other rank's output before it lets the failing rank
 * abort: {@code hpjava.mpjdev.watch.RankLinks}). Jobs started as {@code hpjava run} starts them, on Open MPI (whose
 * mpirun ends the ranks with SIGTERM, then SIGKILL) and MPICH (whose hydra sends SIGKILL at once).
 */
class LineBeforeAbortTest {
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(120);
    /** Filler lines rank 0 prints before its line: about 1 MB, several times what the pipes and socket buffers hold. */
    private static final int FILLER_LINES = 10_000;
    /** Jobs per implementation in the repeated test; {@code -Dhpjava.test.abort-runs=N} for more. */
    private static final int RUNS = Integer.getInteger("hpjava.test.abort-runs", 10);

    /**
     * The job's standard output is read slowly (about 0.8 MB/s), so rank 0's line is still in its output pump, behind
     * a megabyte of filler, when rank 1 fails. (Before the launcher drained the other ranks this lost the line every
     * time: the abort killed rank 0 within milliseconds.)
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void aLineStillInTheSurvivorsPumpIsNotLost(String impl) throws Exception {
        MpiTestSupport.require(impl, "ffm");
        Process job = new ProcessBuilder(launcherCommand(impl, Integer.toString(FILLER_LINES)))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(job.getInputStream(), true));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(job.getErrorStream(), false));
        if (!job.waitFor(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) fail("the job did not end\n" + ChildProcess.dumpAndKill(job));
        String stdout = out.get(30, TimeUnit.SECONDS), stderr = err.get(30, TimeUnit.SECONDS);
        assertNotEquals(0, job.exitValue(), stderr);
        assertEquals(1, count(stderr, "mpjdev: rank 1 failed: java.lang.IllegalStateException: " + LineBeforeAbortProgram.FAILURE), stderr);
        assertTrue(stdout.contains(LineBeforeAbortProgram.LINE + "\n"), () -> "rank 0's line is missing; stdout has "
                + count(stdout, "filler ") + " of " + FILLER_LINES + " filler lines; stderr:\n" + stderr);
        assertEquals(FILLER_LINES, count(stdout, "filler "), "every filler line before it");
    }

    /**
     * Rank 0 prints its line and at once tells rank 1 to fail, job after job, the output read at full speed: the line
     * is there every time. Tagged slow: about 1.5 s per job. (Before the drain: lost in 1 of 30 MPICH jobs with a busy
     * loop on each CPU.)
     */
    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openmpi", "mpich"})
    void everyJobKeepsTheLinePrintedBeforeTheFailure(String impl) {
        MpiTestSupport.require(impl, "ffm");
        List<String> bad = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            JobRun r = ChildProcess.of(launcherCommand(impl)).describedAs("job " + i + " on " + impl).timeout(JOB_TIMEOUT).run();
            if (!r.stdout().contains(LineBeforeAbortProgram.LINE + "\n") || r.exitStatus() == 0) bad.add("run " + i + ":\n" + r.describe());
        }
        if (!bad.isEmpty()) fail(bad.size() + " of " + RUNS + " jobs on " + impl + " lost rank 0's line:\n" + String.join("\n", bad));
    }

    private static List<String> launcherCommand(String impl, String... args) {
        List<String> a = new ArrayList<>(List.of("--backend", "mpi", "--np", "2", "--option", "impl=" + impl,
                LineBeforeAbortProgram.class.getName()));
        a.addAll(List.of(args));
        return ChildProcess.javaCommand(List.of(), ChildProcess.testClassPath(), Launcher.class.getName(), a);
    }

    /** All of {@code in}; {@code slowly}: 4 KiB at a time, 5 ms apart (at most 0.8 MB/s). */
    private static String read(InputStream in, boolean slowly) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] b = new byte[4096];
        try (in) {
            int n;
            while ((n = in.read(b)) >= 0) {
                all.write(b, 0, n);
                if (slowly) Thread.sleep(5);
            }
        } catch (IOException e) {
            // the job has gone: what was read is the answer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return all.toString(StandardCharsets.UTF_8);
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) n++;
        return n;
    }
}
