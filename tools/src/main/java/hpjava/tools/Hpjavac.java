package hpjava.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import hpjava.compiler.HpjavaCompiler;
import hpjava.compiler.Phase;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code hpjavac [-d DIR] [-cp CP] [--emit-java DIR] [--check-only] files.hpj...}: translates and compiles. Exit
 * status 0 compiled, 1 errors in the sources, 2 usage error.
 */
@Command(name = "hpjavac", mixinStandardHelpOptions = true, usageHelpWidth = 110, versionProvider = VersionInfo.class,
        customSynopsis = "hpjavac [-d DIR] [-cp CLASSPATH] [--emit-java DIR] [--check-only] [--no-vector] [--[no-]overlap] FILE.hpj...%n",
        description = "Translates HPJava sources to Java and compiles them to class files.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:compiled", "1:errors in the sources", "2:usage error"})
public final class Hpjavac implements Callable<Integer> {

    @Option(names = "-d", paramLabel = "DIR", description = "where class files go (default: the current directory)")
    Path outDir = Path.of(".");

    @Option(names = {"-cp", "-classpath", "--class-path"}, paramLabel = "CLASSPATH",
            description = "class path of the program (the HPJava libraries next to hpjavac are always added)")
    String classPath = "";

    @Option(names = "--emit-java", paramLabel = "DIR", description = "keep the generated Java under DIR")
    Path emitJava;

    @Option(names = "--check-only", description = "stop after checking (no Java generated, no class files)")
    boolean checkOnly;

    @Option(names = "--no-vector", description = "no vector form (jdk.incubator.vector) of element loops: scalar loops only")
    boolean noVector;

    @Option(names = "--overlap", negatable = true, description = "overlap ghost exchanges with the interior of the nest "
            + "after them where provably legal (off by default: it costs time on mpi today, translator/README.md)")
    boolean overlap;

    @Parameters(paramLabel = "FILE.hpj", arity = "1..*", description = "the sources")
    List<Path> files = new ArrayList<>();

    private PrintStream err = System.err;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs hpjavac with {@code args}; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Hpjavac tool = new Hpjavac();
        tool.err = err;
        return ToolSupport.execute(new CommandLine(tool), args, out, err);
    }

    @Override
    public Integer call() {
        List<Path> sources = checkedSources(files);
        if (!checkOnly && Files.exists(outDir) && !Files.isDirectory(outDir))
            throw new ToolSupport.UsageError("-d: '" + outDir + "' is a file, not a directory");
        try {
            List<Path> sourceDirs = sources.stream().map(p -> p.toAbsolutePath().normalize().getParent()).distinct().toList();
            HpjavaCompiler.Result r = Compilation.compile(sources, HpjavaCompiler.parseClassPath(classPath), sourceDirs,
                    checkOnly ? Phase.CHECK : Phase.COMPILE, outDir, emitJava, !noVector, overlap);
            err.print(r.formatted());
            if (!r.success()) {
                int n = r.diagnostics().size();
                err.println(n + (n == 1 ? " error" : " errors"));
                return ToolSupport.FAILED;
            }
            return ToolSupport.OK;
        } catch (IOException e) {
            err.println("hpjavac: " + e.getMessage());
            return ToolSupport.FAILED;
        } catch (OutOfMemoryError e) {
            err.println(Compilation.outOfMemoryMessage("hpjavac"));
            return ToolSupport.FAILED;
        } catch (RuntimeException e) {
            err.println("hpjavac: internal error, please report it with the source that caused it: " + e);
            return ToolSupport.FAILED;
        }
    }

    /**
     * {@code files} checked as a compiler's inputs: each a readable {@code .hpj} file, none given twice (under any
     * spelling of its path).
     */
    static List<Path> checkedSources(List<Path> files) {
        Map<Path, Path> seen = new HashMap<>();
        for (Path f : files) {
            if (!f.toString().endsWith(".hpj")) throw new ToolSupport.UsageError("'" + f + "' is not a .hpj file");
            if (!Files.exists(f)) throw new ToolSupport.UsageError("file not found: " + f);
            if (!Files.isRegularFile(f)) throw new ToolSupport.UsageError("'" + f + "' is not a file");
            Path key = realPath(f);
            Path earlier = seen.putIfAbsent(key, f);
            if (earlier != null)
                throw new ToolSupport.UsageError("'" + f + "' is given twice" + (earlier.equals(f) ? "" : " (also as '" + earlier + "')"));
        }
        return List.copyOf(files);
    }

    private static Path realPath(Path f) {
        try {
            return f.toRealPath();
        } catch (IOException e) {
            return f.toAbsolutePath().normalize();
        }
    }
}
