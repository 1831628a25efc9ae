package hpjava.compiler.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import hpjava.compiler.HpjavaCompiler;
import hpjava.compiler.Phase;
import hpjava.compiler.parse.SourceUnit;

/**
 * {@code hpjavac [-d DIR] [-cp CP] [--emit-java DIR] files.hpj...}: translates and compiles. Exit status 0 ok,
 * 1 compile errors, 2 usage error.
 */
public final class Hpjavac {
    static final String USAGE = """
            usage: hpjavac [-d DIR] [-cp CLASSPATH] [--emit-java DIR] [--check-only] files.hpj...
              -d DIR            where class files go (default: the current directory)
              -cp, --class-path  class path of the program (the HPJava libraries next to hpjavac are always added)
              --emit-java DIR   keep the generated Java under DIR
              --check-only      stop after checking (no Java generated, no class files)
              --help            this text
            exit status: 0 compiled, 1 errors in the sources, 2 usage error""";

    private Hpjavac() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Options parsed from the command line. */
    public record Args(Path outDir, List<Path> classPath, Path emitJava, boolean checkOnly, List<Path> files) {
    }

    public static Args parse(String[] args) throws UsageException {
        Path out = Path.of(".");
        List<Path> cp = new ArrayList<>();
        Path emit = null;
        boolean check = false;
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-d" -> out = Path.of(value(args, ++i, a));
                case "-cp", "-classpath", "--class-path" -> cp.addAll(HpjavaCompiler.parseClassPath(value(args, ++i, a)));
                case "--emit-java" -> emit = Path.of(value(args, ++i, a));
                case "--check-only" -> check = true;
                default -> {
                    if (a.startsWith("-")) throw new UsageException("unknown option '" + a + "'");
                    Path f = Path.of(a);
                    if (!a.endsWith(".hpj")) throw new UsageException("'" + a + "' is not a .hpj file");
                    if (!Files.isRegularFile(f)) throw new UsageException("file not found: " + a);
                    files.add(f);
                }
            }
        }
        if (files.isEmpty()) throw new UsageException("no source files");
        return new Args(out, cp, emit, check, files);
    }

    private static String value(String[] args, int i, String option) throws UsageException {
        if (i >= args.length) throw new UsageException(option + " needs a value");
        return args[i];
    }

    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String m) {
            super(m);
        }
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        for (String a : args)
            if (a.equals("--help") || a.equals("-h")) {
                out.println(USAGE);
                return 0;
            }
        Args p;
        try {
            p = parse(args);
        } catch (UsageException e) {
            err.println("hpjavac: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        try {
            HpjavaCompiler.Result r = compile(p);
            err.print(r.formatted());
            if (!r.success()) {
                int n = r.diagnostics().size();
                err.println(n + (n == 1 ? " error" : " errors"));
                return 1;
            }
            return 0;
        } catch (IOException e) {
            err.println("hpjavac: " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            err.println("hpjavac: internal error, please report it with the source that caused it: " + e);
            return 1;
        }
    }

    /** Compiles with the libraries next to the tool added to the class path. */
    public static HpjavaCompiler.Result compile(Args p) throws IOException {
        List<SourceUnit> units = new ArrayList<>();
        for (Path f : p.files()) units.add(SourceUnit.read(f));
        List<Path> cp = new ArrayList<>(p.classPath());
        cp.addAll(HpjavaCompiler.toolClassPath());
        if (!p.checkOnly()) Files.createDirectories(p.outDir());
        return HpjavaCompiler.compile(units, new HpjavaCompiler.Options(p.checkOnly() ? Phase.CHECK : Phase.COMPILE,
                cp, p.outDir(), p.emitJava()));
    }
}
