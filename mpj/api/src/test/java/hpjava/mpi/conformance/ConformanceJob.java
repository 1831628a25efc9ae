package hpjava.mpi.conformance;

import hpjava.mpjdev.Launcher;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import hpjava.testsupport.Requires;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs {@link Conformance} (or another program of the test class path) as a job in a child JVM through the mpjdev
 * launcher: {@code --backend B --np N --prefix-output --timeout S Main areas...}, with a time limit after which the
 * JVMs' thread dumps are taken and the job killed. Labels {@code mpi:openmpi}/{@code mpi:mpich} add
 * {@code --option impl=...}. A backend that cannot run here skips (fails under {@code CI=true}).
 */
public final class ConformanceJob {

    private ConformanceJob() {
    }

    public static JobRun run(String label, int np, Duration limit, String mainClass, String... programArgs) {
        Requires.backend(label);
        int colon = label.indexOf(':');
        List<String> args = new ArrayList<>(List.of("--backend", colon < 0 ? label : label.substring(0, colon), "--np",
                Integer.toString(np), "--prefix-output", "--timeout", "30"));
        if (colon >= 0) args.addAll(List.of("--option", "impl=" + label.substring(colon + 1)));
        args.add(mainClass);
        args.addAll(List.of(programArgs));
        JobRun job = ChildProcess.java(List.of(), ChildProcess.testClassPath(), Launcher.class.getName(), args)
                .describedAs(mainClass + " on " + label + ", np " + np).timeout(limit).mergeStreams().runAllowingTimeout();
        if (job.exitStatus() == 3) Requires.that("the " + label + " backend", "the launcher says it cannot run here:\n" + job.output(), "");
        return job;
    }

    /** Runs every area of {@link Conformance} and fails unless each passed on every rank. */
    public static void runAllAreas(String label, int np) {
        JobRun job = run(label, np, Duration.ofSeconds(180), Conformance.class.getName());
        if (job.timedOut() || job.exitStatus() != 0) fail("the MPI conformance program failed:\n" + job.describe());
        List<String> lines = job.linesOf(0);
        List<String> missing = new ArrayList<>();
        for (String area : Conformance.AREAS.keySet()) if (!lines.contains("ok " + area)) missing.add(area);
        if (!missing.isEmpty() || !lines.contains("DONE " + Conformance.AREAS.size() + " areas"))
            fail("areas not reported as passed: " + missing + "\n" + job.describe());
    }
}
