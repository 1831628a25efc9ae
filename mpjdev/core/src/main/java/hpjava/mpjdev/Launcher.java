package hpjava.mpjdev;

import hpjava.mpjdev.spi.Backend;

import java.io.File;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Starts a job of N ranks on a backend chosen by name; what {@code hpjava run} uses.
 *
 * <pre>
 * java hpjava.mpjdev.Launcher [--np N] [--backend NAME] [--prefix-output] [--virtual-threads|--platform-threads]
 *                             [-cp|--class-path CP] [--option KEY=VALUE]... [--timeout S] MainClass [args...]
 * </pre>
 * Defaults: {@code --np} from the system property {@code hpjava.numprocs} (HPJava 1.0), else 1; {@code --backend mt}.
 * Exit status: the job's (0 ok, 1 a rank failed or deadlock, 3 backend cannot run here, 124 the watchdog's timeout:
 * no communication progress for {@code --timeout} seconds, default 60, 0 off); 2 for a usage error. A JVM started with
 * {@code -Dhpjava.launcher.pid=PID} (by {@code hpjava run}) ends when that process has gone
 * ({@link hpjava.mpjdev.watch.LauncherWatch}).
 * Backends are found through {@link ServiceLoader} ({@link Backend}); {@code mt} is in this module.
 */
public final class Launcher {

    /** Exit status of a usage error. */
    public static final int USAGE_ERROR = 2;

    private static final String USAGE = """
            usage: hpjava.mpjdev.Launcher [--np N] [--backend NAME] [--prefix-output] [--virtual-threads|--platform-threads]
                                          [-cp CLASSPATH] [--option KEY=VALUE]... [--timeout S] MainClass [args...]
              --np N              number of ranks (default: property hpjava.numprocs, else 1)
              --backend NAME      device backend (default mt); available: %s
              --prefix-output     prefix each output line with [rank]
              --virtual-threads   mt: run ranks as virtual threads (the default beyond the core count)
              --platform-threads  mt: run ranks as platform threads even beyond the core count
              -cp, --class-path   the program's class path (default: this JVM's class path)
              --option KEY=VALUE  backend-specific option
              --timeout S         end a job whose ranks make no communication progress for S seconds while
                                  one waits (default 60; 0: never), with a report and exit status 124""";

    private Launcher() {
    }

    public static void main(String[] args) {
        hpjava.mpjdev.watch.LauncherWatch.startFromProperties("the job");
        System.exit(run(args));
    }

    /** Parses {@code args}, launches the job and returns the exit status; usage errors go to standard error (status 2). */
    public static int run(String... args) {
        return run(args, System.err);
    }

    static int run(String[] args, PrintStream err) {
        int np = -1;
        String backend = "mt";
        boolean prefix = false, virtual = false;
        int timeout = LaunchSpec.DEFAULT_TIMEOUT_SECONDS;
        List<Path> cp = List.of();
        Map<String, String> options = new HashMap<>();
        int i = 0;
        try {
            for (; i < args.length && args[i].startsWith("-"); i++) {
                String a = args[i];
                switch (a) {
                    case "--np", "-np" -> np = parseNp(value(args, i++, a));
                    case "--backend" -> backend = value(args, i++, a);
                    case "--prefix-output" -> prefix = true;
                    case "--virtual-threads" -> virtual = true;
                    case "--timeout" -> timeout = parseTimeout(value(args, i++, a));
                    case "--platform-threads" -> options.put("threads", "platform");
                    case "-cp", "--class-path", "-classpath" -> cp = parseClassPath(value(args, i++, a));
                    case "--option" -> {
                        String kv = value(args, i++, a);
                        int eq = kv.indexOf('=');
                        if (eq <= 0) throw new UsageException("--option needs KEY=VALUE, not '" + kv + "'");
                        options.put(kv.substring(0, eq), kv.substring(eq + 1));
                    }
                    case "--help", "-h" -> {
                        err.println(usage());
                        return USAGE_ERROR;
                    }
                    default -> throw new UsageException("unknown option '" + a + "'");
                }
            }
            if (i >= args.length) throw new UsageException("no main class given");
            if (np < 0) {
                String p = System.getProperty("hpjava.numprocs");
                np = p == null ? 1 : parseNp(p);
            }
            Optional<Backend> b = backend(backend);
            if (b.isEmpty())
                throw new UsageException("unknown backend '" + backend + "'; available: " + String.join(", ", backendNames()));
            LaunchSpec spec = new LaunchSpec(np, args[i], List.of(args).subList(i + 1, args.length), cp, prefix, virtual, options, List.of(), timeout);
            return b.get().launch(spec);
        } catch (UsageException e) {
            err.println("hpjava.mpjdev.Launcher: " + e.getMessage());
            err.println(usage());
            return USAGE_ERROR;
        } catch (IllegalArgumentException e) {
            err.println("hpjava.mpjdev.Launcher: " + e.getMessage());
            return USAGE_ERROR;
        }
    }

    /**
     * Launches {@code spec} on the backend named {@code backend} and returns the job's exit status.
     *
     * @throws IllegalArgumentException if no backend has that name (the message lists those available)
     */
    public static int launch(String backend, LaunchSpec spec) {
        return backend(backend).orElseThrow(() -> new IllegalArgumentException(
                "unknown backend '" + backend + "'; available: " + String.join(", ", backendNames()))).launch(spec);
    }

    /** The backend with this name, found through {@link ServiceLoader} on the library's class loader. */
    public static Optional<Backend> backend(String name) {
        for (Backend b : ServiceLoader.load(Backend.class, Launcher.class.getClassLoader()))
            if (b.name().equals(name)) return Optional.of(b);
        return Optional.empty();
    }

    /** Names of the available backends, sorted. */
    public static List<String> backendNames() {
        TreeMap<String, Backend> m = new TreeMap<>();
        for (Backend b : ServiceLoader.load(Backend.class, Launcher.class.getClassLoader())) m.put(b.name(), b);
        return new ArrayList<>(m.keySet());
    }

    private static String usage() {
        return USAGE.formatted(String.join(", ", backendNames()));
    }

    private static String value(String[] args, int i, String option) {
        if (i + 1 >= args.length) throw new UsageException(option + " needs a value");
        return args[i + 1];
    }

    private static int parseNp(String s) {
        try {
            int n = Integer.parseInt(s.trim());
            if (n < 1) throw new UsageException("the number of ranks must be at least 1, not " + n);
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("the number of ranks must be a positive integer, not '" + s + "'");
        }
    }

    private static int parseTimeout(String s) {
        try {
            int n = Integer.parseInt(s.trim());
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--timeout must be a number of seconds >= 0 (0: no timeout), not '" + s + "'");
    }

    private static List<Path> parseClassPath(String s) {
        List<Path> out = new ArrayList<>();
        for (String e : s.split(File.pathSeparator)) {
            if (e.isEmpty()) continue;
            Path p = Path.of(e);
            if (!p.toFile().exists()) throw new UsageException("class path entry '" + e + "' does not exist");
            out.add(p);
        }
        return out;
    }

    private static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String m) {
            super(m);
        }
    }
}
