package hpjava.compiler.compile;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;

import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;

import hpjava.compiler.diag.Diagnostic;
import hpjava.compiler.diag.DiagnosticKey;
import hpjava.compiler.lower.Lowerer;
import hpjava.compiler.parse.SourceUnit;

/**
 * The COMPILE phase: ECJ in-process ({@code --release 25}, through its javax.tools interface) on the generated
 * Java; errors are mapped back to .hpj positions; class files get the .hpj file as SourceFile.
 */
public final class EcjCompiler {

    /** The system property that keeps ECJ on the calling thread. */
    private static final String SINGLE_THREAD = "jdt.compiler.useSingleThread";
    /** Generated code that names this package needs the incubating module (the vector loops of the lowering). */
    private static final String VECTOR_PACKAGE = "jdk.incubator.vector.";

    /** One generated compilation unit. */
    public record Input(SourceUnit unit, Lowerer.Lowered lowered) {
        String relativeJavaPath() {
            String pkg = lowered.packageName();
            return (pkg.isEmpty() ? "" : pkg.replace('.', '/') + "/") + lowered.className() + ".java";
        }
    }

    private EcjCompiler() {
    }

    /**
     * Compiles {@code inputs} against {@code classPath} into {@code outDir}; the generated Java is written under
     * {@code javaDir}. Returns whether it succeeded; errors are added to each unit's diagnostics.
     */
    public static boolean compile(List<Input> inputs, List<Path> classPath, Path javaDir, Path outDir) throws IOException {
        return compile(inputs, classPath, List.of(), javaDir, outDir);
    }

    /**
     * As {@link #compile(List, List, Path, Path)}, with {@code sourcePath}: directories of .java sources from which
     * ECJ compiles the classes the inputs use (their class files are written to {@code outDir} as well).
     */
    public static boolean compile(List<Input> inputs, List<Path> classPath, List<Path> sourcePath, Path javaDir, Path outDir)
            throws IOException {
        Map<Path, Input> byFile = new HashMap<>();
        List<Path> files = new ArrayList<>();
        for (Input in : inputs) {
            Path f = javaDir.resolve(in.relativeJavaPath()).toAbsolutePath().normalize();
            Files.createDirectories(f.getParent());
            Files.writeString(f, in.lowered().javaText(), StandardCharsets.UTF_8);
            byFile.put(f, in);
            files.add(f);
        }
        Path classes = Files.createTempDirectory("hpjavac-classes");
        try {
            // ECJ parses on a helper thread with a default stack unless single-threaded, where deep nesting overflows
            // (an internal error at 1000 nested ons): keep all of it on the caller's DeepStack thread. ECJ reads this
            // property when it creates its compiler; a user's own setting wins.
            if (System.getProperty(SINGLE_THREAD) == null) System.setProperty(SINGLE_THREAD, "true");
            JavaCompiler ecj = new EclipseCompiler();
            DiagnosticCollector<JavaFileObject> collector = new DiagnosticCollector<>();
            StringWriter log = new StringWriter();
            boolean ok;
            try (StandardJavaFileManager fm = ecj.getStandardFileManager(collector, Locale.ROOT, StandardCharsets.UTF_8)) {
                List<String> options = new ArrayList<>(List.of("--release", "25", "-proc:none", "-nowarn",
                        "-g", "-preserveAllLocals", "-encoding", "UTF-8", "-d", classes.toString()));
                if (!classPath.isEmpty()) {
                    options.add("-classpath");
                    options.add(String.join(java.io.File.pathSeparator, classPath.stream().map(Path::toString).toList()));
                }
                if (inputs.stream().anyMatch(in -> in.lowered().javaText().contains(VECTOR_PACKAGE))) {
                    options.add("--add-modules");  // the vector loops of the lowering (Vectorizer)
                    options.add("jdk.incubator.vector");
                }
                if (!sourcePath.isEmpty()) {
                    options.add("-sourcepath");
                    options.add(String.join(java.io.File.pathSeparator, sourcePath.stream().map(Path::toString).toList()));
                }
                Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(files);
                ok = ecj.getTask(new PrintWriter(log), fm, collector, options, null, units).call();
            }
            for (javax.tools.Diagnostic<? extends JavaFileObject> d : collector.getDiagnostics()) {
                if (d.getKind() != javax.tools.Diagnostic.Kind.ERROR) continue;
                Input in = d.getSource() == null ? null : byFile.get(Path.of(d.getSource().toUri()).toAbsolutePath().normalize());
                if (in == null && d.getSource() != null) {
                    // An error in a .java file of the source path: named as that file, at ECJ's line and column.
                    inputs.get(0).unit().diagnostics().addIfAbsent(new Diagnostic(DiagnosticKey.JAVA,
                            List.of(userMessage(d.getMessage(Locale.ROOT))), Path.of(d.getSource().toUri()).toString(),
                            (int) Math.max(1, d.getLineNumber()), (int) Math.max(1, d.getColumnNumber()), -1));
                    ok = false;
                    continue;
                }
                SourceUnit u = in != null ? in.unit() : inputs.get(0).unit();
                int src = in != null && d.getStartPosition() >= 0 ? in.lowered().map().toSource((int) d.getStartPosition()) : -1;
                int[] lc = lineCol(u.text(), src, (int) d.getLineNumber());
                u.diagnostics().addIfAbsent(new Diagnostic(DiagnosticKey.JAVA, List.of(userMessage(d.getMessage(Locale.ROOT))), u.name(),
                        lc[0], lc[1], src));
                ok = false;
            }
            if (!ok && inputs.stream().noneMatch(i -> i.unit().diagnostics().hasErrors())) {
                inputs.get(0).unit().diagnostics().add(new Diagnostic(DiagnosticKey.JAVA,
                        List.of("the Java compiler failed: " + log.toString().strip()), inputs.get(0).unit().name(), 1, 1, 0));
            }
            if (!ok) return false;
            copyClasses(inputs, classes, outDir);
            return true;
        } finally {
            deleteTree(classes);
        }
    }

    private static final java.util.regex.Pattern RANGE_HELPER = java.util.regex.Pattern.compile(
            "The method range\\(hpjava\\.lang\\.Range\\) in the type (?:hpjava\\.lang\\.)?LoweringSupport is not applicable for the arguments \\((.*)\\)");

    /** ECJ's message in the user's terms where it names generated helpers. */
    static String userMessage(String m) {
        java.util.regex.Matcher r = RANGE_HELPER.matcher(m);
        if (r.matches()) return "a dimension of a multiarray creation must be a Range or an int extent, not " + r.group(1);
        m = m.replace("hpjava.lang.", "").replace("hpjava.adlib.", "");
        m = OBJECT_ARRAY.matcher(m).replaceAll(g -> java.util.regex.Matcher.quoteReplacement(
                g.group(1).replace("java.lang.", "") + " [[...]]"));
        return PRIMITIVE_ARRAY.matcher(m).replaceAll(g -> g.group(1).toLowerCase(java.util.Locale.ROOT) + " [[...]]");
    }

    /** Runtime classes of multiarrays in ECJ's messages, shown as multiarray types of unstated rank. */
    private static final java.util.regex.Pattern OBJECT_ARRAY =
            java.util.regex.Pattern.compile("\\bObjectMultiarray<((?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*)>");
    private static final java.util.regex.Pattern PRIMITIVE_ARRAY =
            java.util.regex.Pattern.compile("\\b(Boolean|Byte|Char|Short|Int|Long|Float|Double)Multiarray\\b");

    /** 1-based line and column of a source offset (or of the given line when the offset is unknown). */
    static int[] lineCol(String text, int offset, int fallbackLine) {
        if (offset < 0) return new int[] {Math.max(1, fallbackLine), 1};
        offset = Math.min(offset, text.length());
        int line = 1, lineStart = 0;
        for (int i = 0; i < offset; i++) if (text.charAt(i) == '\n') { line++; lineStart = i + 1; }
        return new int[] {line, offset - lineStart + 1};
    }

    private static void copyClasses(List<Input> inputs, Path classes, Path outDir) throws IOException {
        Map<String, Input> hpjNames = new HashMap<>();
        for (Input in : inputs) {
            String pkgDir = in.lowered().packageName().replace('.', '/');
            hpjNames.put(pkgDir + "|" + in.lowered().className() + ".java", in);
        }
        try (Stream<Path> all = Files.walk(classes)) {
            for (Path p : all.filter(f -> f.toString().endsWith(".class")).toList()) {
                Path rel = classes.relativize(p);
                String pkgDir = rel.getParent() == null ? "" : rel.getParent().toString().replace('\\', '/');
                byte[] bytes = Files.readAllBytes(p);
                String javaName = SourceFileRewriter.sourceFile(bytes);
                Input hpj = hpjNames.get(pkgDir + "|" + javaName);
                if (hpj != null) {
                    bytes = SourceFileRewriter.rewrite(bytes, hpj.unit().fileName(),
                            javaName, hpj.unit().text().lines().count());
                    bytes = CapturedNames.name(bytes);  // user locals visible inside outlined nests
                }
                Path target = outDir.resolve(rel.toString());
                Files.createDirectories(target.getParent());
                Files.write(target, bytes);
            }
        }
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) return;
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
