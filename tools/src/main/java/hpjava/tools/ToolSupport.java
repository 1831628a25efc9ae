package hpjava.tools;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;

/** What every tool's command line shares: exit statuses, the short error form, running a picocli command. */
final class ToolSupport {
    /** Exit status of success. */
    static final int OK = 0;
    /** Exit status of errors in the sources or a failed job. */
    static final int FAILED = 1;
    /** Exit status of a usage error. */
    static final int USAGE = 2;

    /**
     * The JVM argument that puts the vector module in a program's JVM (so the vector loops of hpjavac's output run,
     * translator/README.md), or none when this JDK has no such module (the program then runs its scalar loops).
     */
    static final List<String> VECTOR_MODULE_ARGS = java.lang.module.ModuleFinder.ofSystem().find("jdk.incubator.vector").isPresent()
            ? List.of("--add-modules=jdk.incubator.vector") : List.of();

    /** Where Linux says whether transparent huge pages are used always, on request ({@code madvise}) or never. */
    static final java.nio.file.Path THP_MODE_FILE = java.nio.file.Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

    /**
     * The JVM argument that backs the heap by transparent huge pages where the kernel gives them only on request, as
     * this machine does: a grid of 2048^2 doubles then costs one TLB entry per 2 MB instead of per 4 KB, and the
     * generated sweeps run 1.3-1.4x faster (docs/benchmarks/HISTORY.md, "Transparent huge pages"). None where the kernel uses
     * them always (the heap gets them anyway) or never (the JVM would print a warning and ignore it), nor off Linux.
     * A job overrides it with {@code --jvm-arg=-XX:-UseTransparentHugePages} (the later flag wins).
     */
    static final List<String> HUGE_PAGE_ARGS = hugePageArgs(readThpMode());

    /**
     * The JVM arguments that compile HPJava's own classes ({@code hpjava.*}: the runtime, Adlib, mpjdev) at a fifth of
     * HotSpot's invocation and loop counts, and keep HotSpot from echoing that command on the program's stdout. A
     * method called once or twice an iteration (writeHalo's path: {@code Transfer.execute}, the device's requests)
     * otherwise reaches C2's threshold of 5000 calls after thousands of iterations, and its compilation (150 ms of a
     * vCPU for {@code Transfer.execute} alone) then stalls one rank while the others wait for it: at bench/scaling's
     * N = 1024 Jacobi and 2048 red-black that burst fell at the start of the timed window, in every JVM, and made
     * np 2 8-37 % slower (docs/benchmarks/HISTORY.md, "np 2 variance at N = 1024 and red-black 2048"). Only hpjava.* is
     * scaled: scaling every class (-XX:CompileThresholdScaling) compiled so much more of the JDK that the mpi warm-up
     * got 25 % slower. A job adds its own {@code --jvm-arg=-XX:CompileCommand=...} after these.
     */
    static final List<String> JIT_ARGS = List.of("-XX:CompileCommand=quiet",
            "-XX:CompileCommand=CompileThresholdScaling,hpjava.*::*,0.2");

    /** {@link #HUGE_PAGE_ARGS} for the content of {@link #THP_MODE_FILE} ({@code always [madvise] never}), or "". */
    static List<String> hugePageArgs(String thpMode) {
        return thpMode.contains("[madvise]") ? List.of("-XX:+UseTransparentHugePages") : List.of();
    }

    private static String readThpMode() {
        try {
            return java.nio.file.Files.readString(THP_MODE_FILE);
        } catch (java.io.IOException | SecurityException e) {
            return "";   // not Linux, or no THP: no huge-page argument
        }
    }

    private ToolSupport() {
    }

    /** A usage error found after picocli's parse (a bad combination, a missing file): reported in the short form. */
    static final class UsageError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Runs {@code command} on {@code args} with {@code out}/{@code err} as its streams and returns the exit status.
     * Usage errors print one line of error, the one-line synopsis and a pointer to {@code --help} (status 2).
     */
    static int execute(CommandLine command, String[] args, PrintStream out, PrintStream err) {
        command.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        command.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        command.setParameterExceptionHandler(SHORT_ERRORS);
        command.setExecutionExceptionHandler((e, cl, parsed) -> {
            if (e instanceof UsageError u) return shortError(cl, u.getMessage());
            throw e;
        });
        return command.execute(args);
    }

    private static final IParameterExceptionHandler SHORT_ERRORS = (ParameterException e, String[] args) ->
            shortError(e.getCommandLine(), e.getMessage());

    /** Prints {@code tool: message}, the synopsis and the pointer to --help on the command's error stream; returns 2. */
    static int shortError(CommandLine cl, String message) {
        PrintWriter err = cl.getErr();
        String name = cl.getCommandSpec().qualifiedName();
        String tool = name.contains(" ") ? name.substring(0, name.indexOf(' ')) : name;
        err.println(tool + ": " + message);
        err.println("Usage: " + cl.getHelp().synopsis(0).strip());
        err.println("Try '" + name + " --help' for more information.");
        err.flush();
        return USAGE;
    }
}
