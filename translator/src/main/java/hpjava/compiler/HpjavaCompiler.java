package hpjava.compiler;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import javax.lang.model.SourceVersion;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.Attributor;
import hpjava.compiler.check.Checker;
import hpjava.compiler.compile.EcjCompiler;
import hpjava.compiler.diag.Diagnostic;
import hpjava.compiler.diag.DiagnosticKey;
import hpjava.compiler.lower.Lowerer;
import hpjava.compiler.parse.SourceUnit;

/**
 * The translator's driver: runs the phases of {@link Phase} over a set of .hpj sources. Thread-safe per call.
 */
public final class HpjavaCompiler {

    /**
     * @param stopAfter   last phase to run ({@link Phase#CHECK} for a language server)
     * @param classPath   where hpjava.lang, hpjava.adlib, mpjdev and user classes are found (COMPILE only)
     * @param outDir      class file output (COMPILE)
     * @param emitJavaDir where the generated Java is kept, or null to use a temporary directory
     * @param sourcePath  directories of plain .java sources the .hpj sources may use (COMPILE): ECJ compiles the
     *                    classes they need from there, so .hpj and .java of one module can refer to each other (the
     *                    Maven plugin); only classes of the .hpj sources are meant to be kept from {@code outDir}
     * @param vector      whether qualifying element loops also get their vector form (jdk.incubator.vector)
     * @param overlap     whether ghost exchanges overlap with the interior of the nest after them where provably
     *                    legal (translator/README.md, "Communication overlap"; {@code hpjavac --overlap}); off by default
     */
    public record Options(Phase stopAfter, List<Path> classPath, Path outDir, Path emitJavaDir, List<Path> sourcePath,
                          boolean vector, boolean overlap) {
        public Options {
            classPath = List.copyOf(classPath);
            sourcePath = List.copyOf(sourcePath);
        }

        /** Options with overlap off. */
        public Options(Phase stopAfter, List<Path> classPath, Path outDir, Path emitJavaDir, List<Path> sourcePath,
                       boolean vector) {
            this(stopAfter, classPath, outDir, emitJavaDir, sourcePath, vector, false);
        }

        /** Options with the vector form of qualifying element loops (translator/README.md) and overlap off. */
        public Options(Phase stopAfter, List<Path> classPath, Path outDir, Path emitJavaDir, List<Path> sourcePath) {
            this(stopAfter, classPath, outDir, emitJavaDir, sourcePath, true);
        }

        /** These options with the vector form of element loops on or off ({@code hpjavac --no-vector}). */
        public Options withVector(boolean on) {
            return new Options(stopAfter, classPath, outDir, emitJavaDir, sourcePath, on, overlap);
        }

        /** These options with communication overlap on or off ({@code hpjavac --overlap}). */
        public Options withOverlap(boolean on) {
            return new Options(stopAfter, classPath, outDir, emitJavaDir, sourcePath, vector, on);
        }

        /** Options without a source path. */
        public Options(Phase stopAfter, List<Path> classPath, Path outDir, Path emitJavaDir) {
            this(stopAfter, classPath, outDir, emitJavaDir, List.of());
        }

        public static Options checkOnly() {
            return new Options(Phase.CHECK, List.of(), null, null);
        }
    }

    /** Per source: its diagnostics, and (after LOWER) the generated Java. */
    public record UnitResult(SourceUnit unit, Lowerer.Lowered lowered) {
        public List<Diagnostic> diagnostics() {
            return unit.diagnostics().sorted();
        }

        /**
         * The generated Java as a JavaParser tree (for tools and tests), parsed on each call; null before LOWER or if
         * JavaParser cannot read it. The compile itself never parses the generated Java again.
         */
        public CompilationUnit javaTree() {
            return lowered == null ? null : HpjavaCompiler.javaTree(lowered.javaText());
        }
    }

    public record Result(List<UnitResult> units, boolean success) {
        public List<Diagnostic> diagnostics() {
            return units.stream().flatMap(u -> u.diagnostics().stream()).toList();
        }

        /** The diagnostics printed as {@code File.hpj:line:col: error: message}, source line and caret. */
        public String formatted() {
            StringBuilder sb = new StringBuilder();
            for (UnitResult u : units)
                for (Diagnostic d : u.diagnostics())
                    sb.append(hpjava.compiler.diag.DiagnosticFormatter.format(d, u.unit().text()));
            return sb.toString();
        }

        /** Fully qualified names of the classes declaring a main method (static or instance; first source first). */
        public List<String> mainClasses() {
            List<String> l = new ArrayList<>();
            for (UnitResult u : units)
                if (u.lowered() != null && u.lowered().hasMain())
                    l.add((u.lowered().packageName().isEmpty() ? "" : u.lowered().packageName() + ".") + u.lowered().className());
            return l;
        }
    }

    private HpjavaCompiler() {
    }

    /**
     * Runs the phases up to {@code options.stopAfter()} over {@code sources}. Runs on a {@link DeepStack} thread, so
     * deep nesting compiles; nesting beyond even that is reported as a {@link DiagnosticKey#TOO_DEEP} error.
     */
    public static Result compile(List<SourceUnit> sources, Options options) throws IOException {
        try {
            return DeepStack.call(() -> compileHere(sources, options));
        } catch (DeepStack.TooDeepException e) {
            List<UnitResult> results = new ArrayList<>();
            for (SourceUnit s : sources) {
                if (!s.diagnostics().hasErrors())
                    s.diagnostics().add(new Diagnostic(DiagnosticKey.TOO_DEEP, List.of(e.getMessage()), s.name(), 1, 1, 0));
                results.add(new UnitResult(s, null));
            }
            return new Result(results, false);
        }
    }

    private static Result compileHere(List<SourceUnit> sources, Options options) throws IOException {
        Map<SourceUnit, Attribution> attributions = new LinkedHashMap<>();
        boolean ok = true;
        for (SourceUnit s : sources) {
            checkFileName(s);
            if (s.diagnostics().hasErrors()) { ok = false; continue; }
            if (!options.stopAfter().includes(Phase.ATTRIBUTE)) continue;
            Attribution a = Attributor.attribute(s);
            attributions.put(s, a);
            if (options.stopAfter().includes(Phase.CHECK)) Checker.check(s, a);
            ok &= !s.diagnostics().hasErrors();
        }
        List<UnitResult> results = new ArrayList<>();
        if (!ok || !options.stopAfter().includes(Phase.LOWER)) {
            for (SourceUnit s : sources) results.add(new UnitResult(s, null));
            return new Result(results, ok);
        }
        boolean adlib = onClassPath(options.classPath(), "hpjava/adlib/");
        List<EcjCompiler.Input> inputs = new ArrayList<>();
        for (SourceUnit s : sources) {
            Lowerer.Lowered l = Lowerer.lower(s, attributions.get(s), adlib, options.vector(), options.overlap());
            results.add(new UnitResult(s, l));
            inputs.add(new EcjCompiler.Input(s, l));
        }
        if (!options.stopAfter().includes(Phase.COMPILE)) return new Result(results, true);
        Path javaDir = options.emitJavaDir() != null ? options.emitJavaDir() : Files.createTempDirectory("hpjavac-java");
        try {
            boolean mpi = sources.stream().anyMatch(s -> hpjava.compiler.compile.MpiBinding.imports(s.text()));
            ok = EcjCompiler.compile(inputs, hpjava.compiler.compile.MpiBinding.classPath(options.classPath(), mpi),
                    options.sourcePath(), javaDir, options.outDir());
        } finally {
            if (options.emitJavaDir() == null) deleteTree(javaDir);
        }
        return new Result(results, ok);
    }

    /**
     * A .hpj file is named after its class (the generated Java is named after the file), so its base name must be a
     * Java identifier: {@code my-prog.hpj} is reported here, not as ECJ errors about generated names. As in Java,
     * {@code package-info.hpj} holds a package's annotations and documentation; {@code module-info.hpj} is refused
     * ({@link DiagnosticKey#MODULE_INFO} says why).
     */
    private static void checkFileName(SourceUnit s) {
        String base = s.baseName();
        if (SourceVersion.isIdentifier(base) && !SourceVersion.isKeyword(base) || base.equals("package-info")) return;
        if (base.equals("module-info")) {
            s.diagnostics().add(new Diagnostic(DiagnosticKey.MODULE_INFO, List.of(), s.name(), 1, 1, 0));
            return;
        }
        StringBuilder fix = new StringBuilder();
        for (String part : base.split("[^\\p{javaJavaIdentifierPart}]+"))
            if (!part.isEmpty()) fix.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        if (fix.isEmpty() || !Character.isJavaIdentifierStart(fix.charAt(0))) fix.insert(0, "Program");
        s.diagnostics().add(new Diagnostic(DiagnosticKey.FILE_NAME, List.of(s.fileName(), fix.toString()), s.name(), 1, 1, 0));
    }

    /** The generated Java as a JavaParser tree (for tools and tests), or null if JavaParser cannot read it. */
    static CompilationUnit javaTree(String java) {
        ParseResult<CompilationUnit> r = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21)).parse(java);
        return r.isSuccessful() ? r.getResult().orElse(null) : null;
    }

    /** Whether a directory or jar of {@code classPath} holds the package directory {@code pkgDir} (e.g. a/b/). */
    static boolean onClassPath(List<Path> classPath, String pkgDir) {
        for (Path p : classPath) {
            if (Files.isDirectory(p)) {
                if (Files.isDirectory(p.resolve(pkgDir))) return true;
            } else if (Files.isRegularFile(p)) {
                try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(p.toFile())) {
                    if (z.getEntry(pkgDir) != null || z.stream().anyMatch(e -> e.getName().startsWith(pkgDir))) return true;
                } catch (IOException e) {
                    // not a jar: ignore, as javac does
                }
            }
        }
        return false;
    }

    /** The jars next to the translator's own jar (dist/target/lib): the default class path of generated code. */
    public static List<Path> toolClassPath() {
        try {
            Path self = Path.of(HpjavaCompiler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(self)) return List.of();
            try (Stream<Path> s = Files.list(self.getParent())) {
                return s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
            }
        } catch (URISyntaxException | IOException | SecurityException e) {
            return List.of();
        }
    }

    /** Splits a class path string. */
    public static List<Path> parseClassPath(String cp) {
        List<Path> l = new ArrayList<>();
        for (String s : cp.split(File.pathSeparator)) if (!s.isEmpty()) l.add(Path.of(s));
        return l;
    }

    /** Deletes a directory tree, ignoring failures (temporary and cache directories). */
    public static void deleteTreeQuietly(Path root) {
        try {
            deleteTree(root);
        } catch (IOException ignored) {
            // best effort
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
