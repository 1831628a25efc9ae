package hpjava.tools;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Stack;
import java.util.concurrent.Callable;

import hpjava.compiler.HpjavaCompiler;
import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.Launcher;
import hpjava.mpjdev.watch.HangReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hpjava run [OPTIONS] PROGRAM [--] [ARGS...]}: compiles the program's {@code .hpj} sources when needed (cached,
 * see {@link ProgramCache}) and runs it on N ranks. One parse: the options become one {@link LaunchSpec}, passed to
 * {@link Launcher#launch} (mt in this JVM, or in a JVM started with the JVM arguments or the debugger agent;
 * mpi/ucx start their rank JVMs with the JVM arguments). The program and argument rule is {@link ProgramLine}'s.
 */
@Command(name = "run", mixinStandardHelpOptions = true, usageHelpWidth = 110, versionProvider = VersionInfo.class,
        customSynopsis = "hpjava run [OPTIONS] (FILE.hpj|DIR)... | MAINCLASS [--] [ARGS...]%n",
        description = {"Compiles (when needed) and runs an HPJava program on N ranks.",
                "PROGRAM is one or more .hpj files and directories of .hpj files (compiled together, cached in .hpjava-cache/),"
                        + " or the name of an already compiled main class (found on -cp).",
                "Options go before the program; everything after it is the program's. An option of hpjava run there is refused:"
                        + " put it before the program, or write -- before it to pass it to the program.", ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every rank returned normally", "1:compile errors, a rank failed, or a deadlock",
                "2:usage error", "3:the backend cannot run here",
                "124:the watchdog ended a hung job (no communication progress for --timeout seconds)"})
final class RunCommand implements Callable<Integer> {
    static final int DEFAULT_DEBUG_PORT = 5005;
    /** The property adlib's reproducible sums read (hpjava.adlib.Reproducible). */
    static final String REPRODUCIBLE_PROPERTY = "hpjava.adlib.reproducible";

    @Option(names = {"--np", "-np"}, paramLabel = "N",
            description = "number of ranks (default: property hpjava.numprocs, else 1)")
    Integer np;

    @Option(names = "--backend", paramLabel = "NAME", completionCandidates = BackendNames.class,
            description = "mt (default: ranks are threads of one JVM, the debugging mode), mpi, ucx; hpjava --version lists those available here")
    String backend = "mt";

    @Option(names = {"-cp", "-classpath", "--class-path"}, paramLabel = "CLASSPATH",
            description = "class path of the program (directories and jars)")
    String classPath = "";

    @Option(names = "--main", paramLabel = "CLASS",
            description = "the main class, when the sources declare several")
    String mainClass;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "option for every rank JVM (mpi, ucx) or for the job's JVM (mt: runs the job in a JVM of its own), e.g. --jvm-arg=-Xmx4g; repeatable")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--option", paramLabel = "KEY=VALUE",
            description = "backend option (mt: spin, eager, debug, threads, rank-classes; mpi: impl, binding, hostfile, launcher, mpirun-args, jvm-args, ...; ucx: jvm-args, bootstrap-timeout, abort-grace); repeatable")
    Map<String, String> backendOptions = new LinkedHashMap<>();

    @Option(names = "-D", paramLabel = "NAME=VALUE",
            description = "system property for the job, in every rank (e.g. -Dhpjava.numprocs=4, HPJava 1.0's way to give N)")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "end the job, with a report of every rank's state and exit status 124, when no rank has made communication progress for SECONDS while some rank waits in the device (default ${DEFAULT-VALUE}; 0: never)")
    int timeoutSeconds = LaunchSpec.DEFAULT_TIMEOUT_SECONDS;

    @Option(names = "--hang-report", paramLabel = "FILE",
            description = "also append every deadlock, hang or on-request report (kill -USR1 <pid of hpjava>) to FILE")
    Path hangReport;

    @Option(names = "--overlap", negatable = true, description = "compile with ghost exchanges overlapped with "
            + "computation where legal (hpjavac --overlap; off by default)")
    boolean overlap;

    @Option(names = "--reproducible",
            description = "floating-point sums and dot products (Adlib sum, dotProduct) add exactly and round once: the same bits at every process count, distribution and backend (docs/PROFILING.md)")
    boolean reproducible;

    @Option(names = "--comm-profile", arity = "0..1", paramLabel = "FILE.json", parameterConsumer = ProfileFileConsumer.class,
            description = "print a table of each line's Adlib communication (calls, messages, bytes, time waiting; min/median/max over ranks) when the job ends, and write it as JSON to FILE.json (default .hpjava-profile/NAME.json beside the program; docs/PROFILING.md)")
    String commProfile;

    @Option(names = "--prefix-output", description = "prefix each output line with [rank]")
    boolean prefixOutput;

    @Option(names = "--virtual-threads", description = "mt: run ranks as virtual threads (the default beyond the core count)")
    boolean virtualThreads;

    @Option(names = "--platform-threads", description = "mt: run ranks as platform threads even beyond the core count")
    boolean platformThreads;

    @Option(names = "--debug", arity = "0..1", paramLabel = "PORT", parameterConsumer = DebugPortConsumer.class,
            description = "mt: wait for a debugger on localhost:PORT (default " + DEFAULT_DEBUG_PORT + ") once the program's classes are loaded, and print how to attach")
    Integer debugPort;

    @Parameters(paramLabel = "PROGRAM", description = "FILE.hpj and directories, or MAINCLASS; then the program's arguments")
    List<String> program = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        if (Launcher.backend(backend).isEmpty())
            throw new ToolSupport.UsageError("--backend: unknown backend '" + backend + "'; available: "
                    + String.join(", ", Launcher.backendNames()));
        int ranks = ranks();
        if (timeoutSeconds < 0)
            throw new ToolSupport.UsageError("--timeout: the number of seconds must be >= 0 (0: no timeout), not " + timeoutSeconds);
        if (virtualThreads && platformThreads)
            throw new ToolSupport.UsageError("--virtual-threads and --platform-threads contradict each other: choose one");
        if (platformThreads) backendOptions.put("threads", "platform");
        if (reproducible) properties.put(REPRODUCIBLE_PROPERTY, "true");
        if (debugPort != null) checkDebug();
        if (hangReport != null) {   // read where the reports are made: this JVM, or an mt job's own JVM
            String file = hangReport.toAbsolutePath().toString();
            System.setProperty(HangReports.FILE_PROPERTY, file);
            properties.put(HangReports.FILE_PROPERTY, file);
        }
        ProgramLine line = ProgramLine.split(program, spec, endOfOptionsBeforeProgram());
        List<Path> cp = HpjavaCompiler.parseClassPath(classPath);
        String main;
        List<Path> programCp = new ArrayList<>(cp);
        if (line.isSources()) {
            ProgramCache.Compiled compiled;
            try {
                compiled = ProgramCache.compile(line.sources(), line.sourceDirs(), cp, overlap, ProgramCache.root(properties),
                        err);
            } catch (IOException e) {
                err.println("hpjava: " + e.getMessage());
                err.flush();
                return ToolSupport.FAILED;
            }
            if (compiled == null) return ToolSupport.FAILED;
            main = compiled.mainClass(mainClass, line.firstFile());
            programCp.add(0, compiled.classes());
        } else {
            if (mainClass != null)
                throw new ToolSupport.UsageError("--main goes with .hpj sources; to run a compiled class, give its name as the program");
            main = line.mainClass();
            if (programCp.isEmpty()) programCp.add(Path.of("."));
        }
        CommProfileRun profile = commProfile == null ? null : CommProfileRun.prepare(commProfile, line, properties);
        LaunchSpec launch = new LaunchSpec(ranks, main, line.args(), programCp, prefixOutput, virtualThreads,
                backendOptions, rankJvmArgs(), timeoutSeconds);
        JobStart job = new JobStart(backend, launch, properties, err);
        if (debugPort != null) return job.debug(debugPort, line.sourceDirs());
        int status = jvmArgs.isEmpty() ? job.run() : job.runInOwnJvm(List.of());
        if (profile != null) profile.finish(status, ranks, backend, err);
        return status;
    }

    /**
     * The JVM arguments of rank JVMs: the vector module (the vector loops of hpjavac's output, Vectorizer; the JVM's
     * "Using incubator modules" line is filtered by bin/hpjava), transparent huge pages where the kernel gives them on
     * request ({@link ToolSupport#HUGE_PAGE_ARGS}; bin/hpjava does the same for the launching JVM, which runs mt
     * jobs), HPJava's classes compiled early ({@link ToolSupport#JIT_ARGS}, bin/hpjava alike), --jvm-arg, then each
     * -D property (so every rank sees it).
     */
    private List<String> rankJvmArgs() {
        List<String> all = new ArrayList<>(ToolSupport.VECTOR_MODULE_ARGS);
        all.addAll(ToolSupport.HUGE_PAGE_ARGS);
        all.addAll(ToolSupport.JIT_ARGS);
        all.addAll(jvmArgs);
        properties.forEach((k, v) -> all.add("-D" + k + "=" + v));
        return all;
    }

    private int ranks() {
        if (np != null) {
            if (np < 1) throw new ToolSupport.UsageError("--np: the number of ranks must be at least 1, not " + np);
            return np;
        }
        String p = properties.getOrDefault("hpjava.numprocs", System.getProperty("hpjava.numprocs"));
        if (p == null) return 1;
        try {
            int n = Integer.parseInt(p.trim());
            if (n >= 1) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ToolSupport.UsageError("-Dhpjava.numprocs: the number of ranks must be a positive integer, not '" + p + "'");
    }

    private void checkDebug() {
        if (!backend.equals("mt"))
            throw new ToolSupport.UsageError("--debug works on the mt backend (the debugging mode), not on " + backend
                    + "; to debug a rank JVM of " + backend + ", pass a JDWP agent with --jvm-arg");
        if (debugPort < 1 || debugPort > 65535)
            throw new ToolSupport.UsageError("--debug: the port must be between 1 and 65535, not " + debugPort);
    }

    /** Whether picocli consumed a {@code --} before the program: then nothing after the program is checked. */
    private boolean endOfOptionsBeforeProgram() {
        List<String> original = spec.commandLine().getParseResult().originalArgs();
        long given = original.stream().filter("--"::equals).count();
        long kept = program.stream().filter("--"::equals).count();
        return given > kept;
    }

    /** {@code --debug} takes a port only when the next argument is a number: {@code --debug App.hpj} debugs App.hpj. */
    static final class DebugPortConsumer implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
            int port = DEFAULT_DEBUG_PORT;
            if (!args.isEmpty() && args.peek().matches("\\d{1,9}")) port = Integer.parseInt(args.pop());
            argSpec.setValue(port);
        }
    }

    /** {@code --comm-profile} takes a following argument only when it names a {@code .json} file (else the program). */
    static final class ProfileFileConsumer implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
            argSpec.setValue(!args.isEmpty() && args.peek().endsWith(".json") ? args.pop() : "");
        }
    }

    /** Backend names for shell completion. */
    static final class BackendNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Launcher.backendNames().iterator();
        }
    }

    static String joinClassPath(List<Path> cp) {
        return String.join(File.pathSeparator, cp.stream().map(Path::toString).toList());
    }
}
