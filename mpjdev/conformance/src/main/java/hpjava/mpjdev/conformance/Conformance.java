package hpjava.mpjdev.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.opentest4j.AssertionFailedError;

import hpjava.mpjdev.Launcher;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;

/**
 * The JUnit side of the conformance suite: launches {@link ConformanceDriver} through the backend launcher
 * ({@link Launcher}, which finds the backend by name through the {@link hpjava.mpjdev.spi.Backend} SPI) in a child
 * JVM ({@link ChildProcess} of hpjava-test-support), so that a hung or crashed job cannot take the test JVM with it;
 * waits with a time limit, parses every rank's result lines and asserts.
 *
 * <p>Typical use in a backend's test (the test class path must hold this module, mpjdev-core and the backend):
 * <pre>{@code
 * @ParameterizedTest @ValueSource(ints = {1, 2, 4})
 * void conformance(int np) {
 *     Conformance.assertAllPass(ConformanceRun.of("mpi", np));
 * }
 * @Test void peerFailure() { Conformance.assertPeerFailureDetected(ConformanceRun.of("mpi", 2), false); }
 * }</pre>
 *
 * The launcher runs with {@code --prefix-output}, so every line names its rank. On failure the assertion message
 * holds the problems (case and rank), every rank's last event, each rank's output (all ranks up to np = 8, beyond
 * that the ranks with problems), the launcher's own output and, after a timeout, the thread dumps of the job's JVMs. Thread-safe; every call launches its own job.
 */
public final class Conformance {

    private Conformance() {}

    /** Launches the job described by {@code run}, waits (at most {@code run.timeout()}) and returns what it did. */
    public static ConformanceReport run(ConformanceRun run) {
        List<String> launcherArgs = new ArrayList<>(List.of("--backend", run.backend(), "--np", Integer.toString(run.np())));
        if (!run.launcherArgs().contains("--prefix-output")) launcherArgs.add("--prefix-output");
        launcherArgs.addAll(run.launcherArgs());
        launcherArgs.add(ConformanceDriver.class.getName());
        launcherArgs.addAll(run.effectiveCases());
        JobRun o = ChildProcess.java(run.jvmOptions(), run.classPath() != null ? run.classPath() : testClassPath(),
                Launcher.class.getName(), launcherArgs).env(run.env()).timeout(run.timeout()).mergeStreams()
                .runAllowingTimeout();
        return new ConformanceReport(run, o.exitStatus(), o.timedOut(), o.output(), o.threadDumps(), o.elapsed());
    }

    /** Asserts every case of {@code run} passed on every rank, and the job exited with status 0 in time. */
    public static ConformanceReport assertAllPass(ConformanceRun run) {
        ConformanceReport r = run(run);
        if (r.timedOut() || r.exitStatus() != 0 || !r.problems().isEmpty()) {
            throw new AssertionFailedError("conformance failed on backend " + run.backend() + " with np=" + run.np()
                    + "\n" + r.describe());
        }
        return r;
    }

    /** {@link #assertAllPass(ConformanceRun)} for every case with the default time limit. */
    public static ConformanceReport assertAllPass(String backend, int np) {
        return assertAllPass(ConformanceRun.of(backend, np));
    }

    /**
     * The launcher-level failure test: runs case {@value ConformanceCases#PEER_FAILURE} alone, in which the last rank
     * throws while every other rank waits to receive from it. Asserts that the job ends within the time limit with a
     * non-zero exit status, that the output shows the injected exception ({@value PeerFailureCase#MARKER}), and that
     * no surviving rank reported FAIL (a receive that returned normally, or an error other than a device exception).
     *
     * @param survivorsMustReport {@code true} when every surviving rank must report PASS, i.e. observe the failure as
     *        a device exception ({@code mt}); {@code false} when the backend may instead kill the survivors (an MPI
     *        job abort), in which case a survivor may report nothing after START, or nothing at all
     */
    public static ConformanceReport assertPeerFailureDetected(ConformanceRun run, boolean survivorsMustReport) {
        ConformanceRun r0 = run.withCases(ConformanceCases.PEER_FAILURE);
        ConformanceReport r = run(r0);
        List<String> problems = new ArrayList<>();
        if (r.timedOut()) problems.add("the job hung: it did not end within " + r0.timeout().toSeconds() + " s");
        else if (r.exitStatus() == 0) problems.add("the job exited with status 0 although rank " + (r0.np() - 1) + " threw");
        if (!r.output().contains(PeerFailureCase.MARKER)) {
            problems.add("the output does not show the failing rank's exception (" + PeerFailureCase.MARKER + ")");
        }
        for (int rank = 0; rank < r0.np() - 1; rank++) {
            Optional<CaseResult.Status> s = r.outcome(ConformanceCases.PEER_FAILURE, rank);
            // Where the backend may kill the survivors (an MPI job abort), a survivor's last output can die with it
            // (still in the rank's output pump: MPI does not promise it either); that it started is then proven by
            // the marker: the last rank throws only after a message from every other rank saying so.
            if (s.isEmpty()) {
                if (survivorsMustReport) problems.add("rank " + rank + " never started the case");
            } else if (s.get() == CaseResult.Status.FAIL) {
                problems.add("rank " + rank + " FAIL: " + r.failure(ConformanceCases.PEER_FAILURE, rank).orElse(""));
            } else if (s.get() == CaseResult.Status.START && survivorsMustReport) {
                problems.add("rank " + rank + " did not report the peer failure (no PASS after START)");
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionFailedError("peer failure not handled on backend " + run.backend() + " with np="
                    + run.np() + ":\n  " + String.join("\n  ", problems) + "\n" + r.describe());
        }
        return r;
    }

    /** The class path of the calling JVM as entries: {@link ChildProcess#testClassPath()}. */
    public static String testClassPath() {
        return ChildProcess.testClassPath();
    }
}
