package hpjava.adlib.backends;

import hpjava.mpjdev.Launcher;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One launch of {@link AdlibCheck} (or another main class of the test class path) in a child JVM: {@code java -cp
 * <test class path> hpjava.mpjdev.Launcher --backend B --np N --prefix-output Main args}, with a time limit
 * ({@link ChildProcess}: on timeout the thread dumps of every JVM of the job are taken and its process tree killed;
 * the callers fail with {@link #describe()}). Stdout and stderr are merged, each line prefixed with its rank.
 */
record Job(String backend, int np, JobRun run) {

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
        List<String> args = new ArrayList<>(List.of("--backend", backendName(backend), "--np", Integer.toString(np), "--prefix-output"));
        if (backend.indexOf(':') >= 0) args.addAll(List.of("--option", "mpi.impl=" + backend.substring(backend.indexOf(':') + 1)));
        args.add(mainClass);
        args.addAll(List.of(programArgs));
        JobRun r = ChildProcess.java(List.of(), ChildProcess.testClassPath(), Launcher.class.getName(), args)
                .describedAs("backend " + backend + ", np " + np).timeout(timeout).mergeStreams().runAllowingTimeout();
        return new Job(backend, np, r);
    }

    int exitStatus() {
        return run.exitStatus();
    }

    boolean timedOut() {
        return run.timedOut();
    }

    String output() {
        return run.output();
    }

    Duration elapsed() {
        return run.elapsed();
    }

    /** The lines rank {@code rank} printed, without their {@code [rank] } prefix. */
    List<String> linesOf(int rank) {
        return run.linesOf(rank);
    }

    /** Everything about this job, for a failure message: status, time, each rank's output, thread dumps. */
    String describe() {
        return run.describe();
    }
}
