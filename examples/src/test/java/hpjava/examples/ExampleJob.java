package hpjava.examples;

import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One run of an example as a user runs it, {@code hpjava run --np N --backend B --prefix-output X.hpj}, in a child
 * JVM with a time limit ({@link ChildProcess}: when the limit passes, the thread dump of every JVM of the job is taken
 * and the job's process tree killed). Stdout and stderr are kept apart: the examples print their results on stdout
 * from rank 0 only, so stdout is what must be identical across process counts and backends.
 */
record ExampleJob(String example, String backend, int np, JobRun run) {

    /** Time limit of one job: generous for a loaded 2-core machine; a healthy job takes seconds. */
    static final Duration TIMEOUT = Duration.ofSeconds(150);

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
        List<String> hpjavaArgs = new ArrayList<>(List.of("run", "--np", Integer.toString(np), "--backend",
                backendName(backend), "--prefix-output"));
        hpjavaArgs.addAll(program);
        hpjavaArgs.addAll(args);
        String cache = System.getProperty("hpjava.examples.cache", examplesDir().resolve("target/hpjava-cache").toString());
        ChildProcess job = ChildProcess.java(List.of("-Dhpjava.cache=" + cache), testClassPath(), "hpjava.tools.Hpjava",
                hpjavaArgs).describedAs(example + ".hpj on " + backend + " at np = " + np).timeout(timeout);
        // mpi:IMPL: the mpi backend on that MPI implementation, chosen as a user does, by HPJAVA_MPI.
        if (backend.startsWith("mpi:")) job.env("HPJAVA_MPI", backend.substring(4));
        return new ExampleJob(example, backend, np, job.runAllowingTimeout());
    }

    /** The class path of this test JVM as entries. */
    static String testClassPath() {
        return ChildProcess.testClassPath();
    }

    int exitStatus() {
        return run.exitStatus();
    }

    boolean timedOut() {
        return run.timedOut();
    }

    String stdout() {
        return run.stdout();
    }

    String stderr() {
        return run.stderr();
    }

    Duration elapsed() {
        return run.elapsed();
    }

    /** Stdout and stderr lines grouped by the rank that printed them ({@code [r] } prefixes); "job" for the rest. */
    Map<String, List<String>> outputByRank() {
        return run.outputByRank();
    }

    /** Everything known about the run, for assertion messages. */
    String describe() {
        return run.describe();
    }
}
