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
 * the callers fail with {@link JobRun#describe()}). Stdout and stderr are merged, each line prefixed with its rank.
 */
final class Job {
    private Job() {}

    /** The backend of a label: {@code mpi:mpich} is the mpi backend on MPICH ({@code --option impl=mpich}). */
    static String backendName(String label) {
        int colon = label.indexOf(':');
        return colon < 0 ? label : label.substring(0, colon);
    }

    static JobRun run(String backend, int np, Duration timeout, String... programArgs) {
        return run(AdlibCheck.class.getName(), backend, np, timeout, programArgs);
    }

    /** The same for another main class of the test class path. */
    static JobRun run(String mainClass, String backend, int np, Duration timeout, String... programArgs) {
        return run(List.of(), mainClass, backend, np, timeout, programArgs);
    }

    /** The same with options for the launcher's JVM (on mt, the JVM of every rank). */
    static JobRun run(List<String> jvmOptions, String mainClass, String backend, int np, Duration timeout, String... programArgs) {
        List<String> args = new ArrayList<>(List.of("--backend", backendName(backend), "--np", Integer.toString(np), "--prefix-output"));
        if (backend.indexOf(':') >= 0) args.addAll(List.of("--option", "impl=" + backend.substring(backend.indexOf(':') + 1)));
        args.add(mainClass);
        args.addAll(List.of(programArgs));
        return ChildProcess.java(jvmOptions, ChildProcess.testClassPath(), Launcher.class.getName(), args)
                .describedAs("backend " + backend + ", np " + np).timeout(timeout).mergeStreams().runAllowingTimeout();
    }
}
