package hpjava.mpjdev.conformance;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How to launch one conformance job: backend, number of ranks, which cases, time limit, and what to add to the
 * launching JVM. Immutable; start from {@link #of(String, int)} and refine with the {@code with...} methods.
 *
 * @param backend     backend name as the launcher knows it ({@code "mt"}, {@code "mpi"}, {@code "ucx"})
 * @param np          number of ranks, {@code >= 1}
 * @param cases       case names to run in this order; empty = every case of {@link ConformanceCases#names()}
 * @param timeout     the whole job's time limit; when it passes, the thread dumps of every JVM of the job are
 *                    collected, the job is killed and the report says so
 * @param jvmOptions  options for the launching JVM (for example {@code -Xmx2g}); for backends that start one JVM per
 *                    rank, how those JVMs are started is the backend's launcher's business
 * @param launcherArgs extra options for {@link hpjava.mpjdev.Launcher} placed before the main class, for example
 *                    {@code --virtual-threads}, {@code --prefix-output}, {@code --option KEY=VALUE}
 * @param env         extra environment variables for the launching process
 * @param classPath   class path of the launching JVM; {@code null} = the class path of the calling test JVM (which
 *                    must contain this module, mpjdev-core and the backend)
 */
public record ConformanceRun(String backend, int np, List<String> cases, Duration timeout, List<String> jvmOptions,
                             List<String> launcherArgs, Map<String, String> env, String classPath) {

    /** Default time limit of a job. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(3);

    public ConformanceRun {
        Objects.requireNonNull(backend, "backend");
        if (np < 1) throw new IllegalArgumentException("np must be >= 1, was " + np);
        cases = List.copyOf(cases);
        Objects.requireNonNull(timeout, "timeout");
        jvmOptions = List.copyOf(jvmOptions);
        launcherArgs = List.copyOf(launcherArgs);
        env = Map.copyOf(env);
        for (String c : cases) ConformanceCases.require(c);
    }

    /** Every case, default timeout, no extra options. */
    public static ConformanceRun of(String backend, int np) {
        return new ConformanceRun(backend, np, List.of(), DEFAULT_TIMEOUT, List.of(), List.of(), Map.of(), null);
    }

    public ConformanceRun withCases(String... names) {
        return new ConformanceRun(backend, np, List.of(names), timeout, jvmOptions, launcherArgs, env, classPath);
    }

    public ConformanceRun withCases(List<String> names) {
        return new ConformanceRun(backend, np, names, timeout, jvmOptions, launcherArgs, env, classPath);
    }

    public ConformanceRun withTimeout(Duration t) {
        return new ConformanceRun(backend, np, cases, t, jvmOptions, launcherArgs, env, classPath);
    }

    public ConformanceRun withJvmOptions(String... options) {
        return new ConformanceRun(backend, np, cases, timeout, List.of(options), launcherArgs, env, classPath);
    }

    public ConformanceRun withLauncherArgs(String... args) {
        return new ConformanceRun(backend, np, cases, timeout, jvmOptions, List.of(args), env, classPath);
    }

    public ConformanceRun withEnv(Map<String, String> e) {
        return new ConformanceRun(backend, np, cases, timeout, jvmOptions, launcherArgs, e, classPath);
    }

    public ConformanceRun withClassPath(String cp) {
        return new ConformanceRun(backend, np, cases, timeout, jvmOptions, launcherArgs, env, cp);
    }

    /** The cases this run executes, in order. */
    public List<String> effectiveCases() {
        return cases.isEmpty() ? ConformanceCases.names() : cases;
    }

    @Override
    public String toString() {
        return "backend " + backend + ", np " + np + ", cases " + effectiveCases();
    }
}
