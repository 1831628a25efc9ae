package hpjava.compiler.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import hpjava.compiler.HpjavaCompiler;

/**
 * {@code hpjava run [--np N] [--backend NAME] [-cp CP] Program.hpj|MainClass [args]}: compiles a .hpj when needed
 * (cached under {@code .hpjava-cache/<hash>} of the current directory, or property {@code hpjava.cache}, keyed by the source text and the translator
 * build) and runs it on N ranks through {@code hpjava.mpjdev.Launcher}. Exit status 0 ok, 1 compile or run failure,
 * 2 usage error.
 */
public final class HpjavaRun {
    static final String USAGE = """
            usage: hpjava run [--np N] [--backend NAME] [-cp CLASSPATH] Program.hpj|MainClass [args...]
              --np N           number of processes (default: property hpjava.numprocs, else 1)
              --backend NAME   mt (default: ranks are threads of this JVM), mpi, ucx
              -cp CLASSPATH    extra class path of the program
              --prefix-output  prefix each output line with [rank]
              -Dname=value     set a property for the job (e.g. -Dhpjava.numprocs=4, HPJava 1.0's way to give N)
            A .hpj program is compiled first (cached in .hpjava-cache/); a class name runs an already compiled program.
            exit status: 0 success, 1 compile or run failure, 2 usage error""";

    /**
     * The launcher, reached by reflection: the translator does not depend on mpjdev-core, which bin/hpjava puts on the
     * class path (dist/target/lib).
     */
    private static final String LAUNCHER = "hpjava.mpjdev.Launcher";

    private HpjavaRun() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            (args.length == 0 ? err : out).println(USAGE);
            return args.length == 0 ? 2 : 0;
        }
        if (!args[0].equals("run")) return usage(err, "unknown command '" + args[0] + "' (the command is: hpjava run ...)");
        List<String> launcher = new ArrayList<>();
        List<Path> cp = new ArrayList<>();
        int i = 1;
        for (; i < args.length && args[i].startsWith("-"); i++) {
            String a = args[i];
            switch (a) {
                case "--help", "-h" -> {
                    out.println(USAGE);
                    return 0;
                }
                case "--np", "--backend" -> {
                    if (i + 1 >= args.length) return usage(err, a + " needs a value");
                    String v = args[++i];
                    String wrong = a.equals("--np") ? checkNp(v) : checkBackend(v);
                    if (wrong != null) return usage(err, wrong);
                    launcher.add(a);
                    launcher.add(v);
                }
                case "--prefix-output" -> launcher.add(a);
                case String d when d.startsWith("-D") && d.indexOf('=') > 2 ->
                        System.setProperty(d.substring(2, d.indexOf('=')), d.substring(d.indexOf('=') + 1));
                case "-cp", "-classpath", "--class-path" -> {
                    if (i + 1 >= args.length) return usage(err, a + " needs a value");
                    cp.addAll(HpjavaCompiler.parseClassPath(args[++i]));
                }
                default -> {
                    return usage(err, "unknown option '" + a + "'");
                }
            }
        }
        if (i >= args.length) return usage(err, "no program given");
        String program = args[i];
        String mainClass = program;
        if (program.endsWith(".hpj")) {
            Path src = Path.of(program);
            if (!Files.isRegularFile(src)) return usage(err, "file not found: " + program);
            try {
                Path classes = compileCached(src, cp, err);
                if (classes == null) return 1;
                mainClass = Files.readString(classes.resolve("main-class.txt")).strip();
                cp.add(0, classes);
                // a program calling MPI loads on every backend, so that on mt/ucx it can say which backend it needs
                Path mpiJar = hpjava.compiler.compile.MpiBinding.imports(Files.readString(src, StandardCharsets.UTF_8))
                        ? hpjava.compiler.compile.MpiBinding.locate(cp) : null;
                if (mpiJar != null) cp.add(mpiJar);
            } catch (IOException e) {
                err.println("hpjava: " + e.getMessage());
                return 1;
            }
        } else if (cp.isEmpty()) {
            cp.add(Path.of("."));
        }
        launcher.add("-cp");
        launcher.add(String.join(java.io.File.pathSeparator, cp.stream().map(Path::toString).toList()));
        launcher.add(mainClass);
        for (int k = i + 1; k < args.length; k++) launcher.add(args[k]);
        return launch(launcher, err);
    }

    /** Why {@code v} is no process count, or null if it is one (checked before compiling, as the launcher would). */
    private static String checkNp(String v) {
        try {
            int n = Integer.parseInt(v.trim());
            return n >= 1 ? null : "--np: the number of processes must be at least 1, not " + n;
        } catch (NumberFormatException e) {
            return "--np: the number of processes must be a positive integer, not '" + v + "'";
        }
    }

    /** Why {@code name} names no backend the launcher knows, or null (also null if the launcher is missing: reported later). */
    private static String checkBackend(String name) {
        try {
            @SuppressWarnings("unchecked")
            List<String> names = (List<String>) Class.forName(LAUNCHER).getMethod("backendNames").invoke(null);
            return names.contains(name) ? null
                    : "--backend: unknown backend '" + name + "'; available: " + String.join(", ", names);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }

    private static int usage(PrintStream err, String msg) {
        err.println("hpjava: " + msg);
        err.println(USAGE);
        return 2;
    }

    private static int launch(List<String> args, PrintStream err) {
        try {
            Method run = Class.forName(LAUNCHER).getMethod("run", String[].class);
            int status = (Integer) run.invoke(null, (Object) args.toArray(String[]::new));
            return status == 0 ? 0 : status == 2 ? 2 : 1;
        } catch (ClassNotFoundException | NoSuchMethodException | IllegalAccessException e) {
            err.println("hpjava: the mpjdev launcher is not on the class path (" + e + "); build the project: ./mvnw install");
            return 1;
        } catch (InvocationTargetException e) {
            err.println("hpjava: the launcher failed: " + e.getCause());
            return 1;
        }
    }

    /** The class directory of {@code src}, compiled now unless already cached; null on compile errors (printed). */
    static Path compileCached(Path src, List<Path> cp, PrintStream err) throws IOException {
        String text = Files.readString(src, StandardCharsets.UTF_8);
        Path root = cacheRoot();
        Path dir = root.resolve(hash(src.toAbsolutePath().normalize() + "\n" + cp + "\n" + toolStamp() + "\n" + text));
        Path classes = dir.resolve("classes");
        if (Files.isRegularFile(classes.resolve("main-class.txt"))) return classes;
        Path tmp = Files.createDirectories(root).resolve("tmp-" + ProcessHandle.current().pid());
        HpjavaCompiler.deleteTreeQuietly(tmp);
        Hpjavac.Args a = new Hpjavac.Args(tmp.resolve("classes"), cp, tmp.resolve("java"), false, List.of(src));
        HpjavaCompiler.Result r = Hpjavac.compile(a);
        err.print(r.formatted());
        if (!r.success()) {
            HpjavaCompiler.deleteTreeQuietly(tmp);
            return null;
        }
        if (r.mainClasses().isEmpty()) {
            err.println(src + ": error: no class declares 'static void main(String[] args)'");
            HpjavaCompiler.deleteTreeQuietly(tmp);
            return null;
        }
        Files.writeString(tmp.resolve("classes/main-class.txt"), r.mainClasses().get(0) + "\n");
        Files.createDirectories(dir.getParent());
        HpjavaCompiler.deleteTreeQuietly(dir);
        try {
            Files.move(tmp, dir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException raced) {
            if (!Files.isRegularFile(classes.resolve("main-class.txt"))) throw raced;
            HpjavaCompiler.deleteTreeQuietly(tmp);
        }
        return classes;
    }

    /** Where compiled programs are cached: property {@code hpjava.cache}, else {@code .hpjava-cache} here. */
    static Path cacheRoot() {
        return Path.of(System.getProperty("hpjava.cache", ".hpjava-cache"));
    }

    /** Identifies the translator build, so a new hpjavac invalidates the cache. */
    private static String toolStamp() {
        try {
            Path self = Path.of(HpjavaRun.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return self + ":" + Files.getLastModifiedTime(self).toMillis() + ":" + (Files.isRegularFile(self) ? Files.size(self) : 0);
        } catch (Exception e) {
            return "unknown";
        }
    }

    private static String hash(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
