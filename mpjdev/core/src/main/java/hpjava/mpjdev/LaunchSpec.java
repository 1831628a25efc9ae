package hpjava.mpjdev;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What to launch: {@code np} ranks running {@code mainClass.main(args)}.
 *
 * @param np number of ranks, {@code >= 1}
 * @param mainClass binary name of the class whose {@code public static void main(String[])} each rank runs
 * @param args the program's arguments (the same for every rank)
 * @param classPath the user's class path (directories and jars) from which program classes are loaded, one class
 *        loader per rank in mt; empty means the launching JVM's own class path ({@code java.class.path})
 * @param prefixOutput prefix every line a rank writes to standard output and error with {@code "[rank] "}
 * @param virtualThreads mt: run ranks as virtual threads (for large {@code np}); other backends ignore it
 * @param options backend-specific options ({@code key=value}), e.g. extra mpirun arguments; unknown keys are an
 *        error for the backend that receives them
 * @param jvmArgs options for every rank JVM of a backend that starts one JVM per rank ({@code mpi}, {@code ucx}),
 *        placed before the main class (e.g. {@code -Xmx2g}, {@code -Dkey=value}); {@code mt} runs in the launching
 *        JVM and ignores them ({@code hpjava run} starts a JVM with them for an mt job)
 * @param timeoutSeconds the job's watchdog ({@code --timeout}): when no rank has made communication progress for
 *        this long while some rank waits in the device, the job's state is reported and the job ends with
 *        {@link hpjava.mpjdev.watch.JobWatch#HANG_STATUS}; 0 turns the watchdog off (deadlocks are still reported)
 */
public record LaunchSpec(int np, String mainClass, List<String> args, List<Path> classPath, boolean prefixOutput,
                         boolean virtualThreads, Map<String, String> options, List<String> jvmArgs,
                         int timeoutSeconds) {

    /** The watchdog's default: a minute without communication progress while a rank waits. */
    public static final int DEFAULT_TIMEOUT_SECONDS = 60;

    public LaunchSpec {
        if (np < 1) throw new IllegalArgumentException("the number of ranks must be at least 1, not " + np);
        if (timeoutSeconds < 0)
            throw new IllegalArgumentException("the timeout must be a number of seconds >= 0 (0: off), not " + timeoutSeconds);
        if (mainClass == null || mainClass.isBlank()) throw new IllegalArgumentException("no main class given");
        args = List.copyOf(args);
        classPath = List.copyOf(classPath);
        options = Map.copyOf(options);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** A specification with the default watchdog timeout. */
    public LaunchSpec(int np, String mainClass, List<String> args, List<Path> classPath, boolean prefixOutput,
                      boolean virtualThreads, Map<String, String> options, List<String> jvmArgs) {
        this(np, mainClass, args, classPath, prefixOutput, virtualThreads, options, jvmArgs, DEFAULT_TIMEOUT_SECONDS);
    }

    /** A specification without JVM arguments for the rank JVMs. */
    public LaunchSpec(int np, String mainClass, List<String> args, List<Path> classPath, boolean prefixOutput,
                      boolean virtualThreads, Map<String, String> options) {
        this(np, mainClass, args, classPath, prefixOutput, virtualThreads, options, List.of());
    }

    /** {@code np} ranks of {@code mainClass} with {@code args}, on the JVM's class path, no other options. */
    public static LaunchSpec of(int np, String mainClass, String... args) {
        return new LaunchSpec(np, mainClass, List.of(args), List.of(), false, false, Map.of());
    }

    public LaunchSpec withClassPath(List<Path> cp) {
        return new LaunchSpec(np, mainClass, args, cp, prefixOutput, virtualThreads, options, jvmArgs, timeoutSeconds);
    }

    public LaunchSpec withPrefixOutput(boolean on) {
        return new LaunchSpec(np, mainClass, args, classPath, on, virtualThreads, options, jvmArgs, timeoutSeconds);
    }

    public LaunchSpec withVirtualThreads(boolean on) {
        return new LaunchSpec(np, mainClass, args, classPath, prefixOutput, on, options, jvmArgs, timeoutSeconds);
    }

    public LaunchSpec withOptions(Map<String, String> opts) {
        return new LaunchSpec(np, mainClass, args, classPath, prefixOutput, virtualThreads, opts, jvmArgs, timeoutSeconds);
    }

    public LaunchSpec withJvmArgs(List<String> jvm) {
        return new LaunchSpec(np, mainClass, args, classPath, prefixOutput, virtualThreads, options, jvm, timeoutSeconds);
    }

    public LaunchSpec withTimeoutSeconds(int seconds) {
        return new LaunchSpec(np, mainClass, args, classPath, prefixOutput, virtualThreads, options, jvmArgs, seconds);
    }
}
