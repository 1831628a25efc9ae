package hpjava.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;


import hpjava.compiler.HpjavaCompiler;
import hpjava.compiler.compile.SourceFileRewriter;
import hpjava.compiler.Phase;
import hpjava.compiler.diag.Diagnostic;
import hpjava.compiler.diag.DiagnosticFormatter;
import hpjava.compiler.parse.SourceUnit;

/**
 * One goal's build of the .hpj sources under a root, independent of Maven (the mojos are thin adapters).
 *
 * <p><b>How .hpj and .java of one module see each other.</b> The .hpj sources are compiled by ECJ (through
 * {@link HpjavaCompiler}) <em>before</em> javac, with the module's .java source roots as ECJ's source path: a .hpj
 * using a .java class gets it compiled from source; only the classes of the .hpj sources are kept (written to the
 * output directory), so javac then compiles the .java sources against them. This keeps the translator's own error
 * positions ({@code File.hpj:line:col}, ECJ's errors mapped back) and its class files (SourceFile is the .hpj, lines
 * are .hpj lines), which translating to Java for javac would lose.
 *
 * <p><b>Incremental.</b> {@link BuildState} records each source's hash and class files. A build recompiles the
 * sources that are new or changed and, transitively, every source whose text names a type declared by a recompiled
 * or removed source or by a changed .java file of the source path (a conservative reading of "dependents": by
 * identifier, not by resolved reference). A changed class path or translator recompiles everything. Nothing changed:
 * nothing is compiled.
 */
final class IncrementalBuild {

    /**
     * @param sourceRoot       where the .hpj sources are ({@code src/main/hpj})
     * @param classPath        the goal's class path (includes the output directory, holding unchanged sources' classes)
     * @param javaSourceRoots  the module's .java source roots (ECJ's source path)
     * @param outputDir        where class files go ({@code target/classes})
     * @param generatedJavaDir where the generated Java is kept for inspection
     * @param stateFile        the {@link BuildState} file
     */
    record Request(Path sourceRoot, List<Path> classPath, List<Path> javaSourceRoots, Path outputDir,
                   Path generatedJavaDir, Path stateFile) {
    }

    /**
     * @param compiled the sources compiled (paths relative to the source root), empty when nothing was stale
     * @param errors   each diagnostic formatted as {@code File.hpj:line:col: error: message}, source line, caret
     */
    record Outcome(List<String> compiled, List<String> errors) {
        boolean failed() {
            return !errors.isEmpty();
        }
    }

    private static final Pattern IDENTIFIER = Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*");

    private IncrementalBuild() {
    }

    static Outcome run(Request r) throws IOException {
        Map<String, Path> sources = scan(r.sourceRoot(), ".hpj");
        BuildState old = BuildState.read(r.stateFile());
        BuildState next = new BuildState();
        next.fingerprint = Fingerprints.ofClassPath(r.classPath(), r.outputDir(), translatorVersion());
        Map<String, String> javaStamps = new LinkedHashMap<>();
        for (Path root : r.javaSourceRoots())
            for (Path f : scan(root, ".java").values()) javaStamps.put(f.toString(), Fingerprints.stamp(f));
        next.javaStamps.putAll(javaStamps);

        Map<String, byte[]> texts = new HashMap<>();
        Map<String, String> hashes = new HashMap<>();
        for (var e : sources.entrySet()) {
            byte[] b = Files.readAllBytes(e.getValue());
            texts.put(e.getKey(), b);
            hashes.put(e.getKey(), Fingerprints.sha256(b));
        }
        boolean all = !old.fingerprint.equals(next.fingerprint);
        Set<String> dirty = new TreeSet<>();
        Set<String> changedTypes = new HashSet<>();
        for (String rel : sources.keySet()) {
            BuildState.Unit u = old.units.get(rel);
            if (all || u == null || !u.hash().equals(hashes.get(rel))) {
                dirty.add(rel);
                changedTypes.add(baseName(rel));
                if (u != null) changedTypes.addAll(u.topLevelTypes());
            }
        }
        boolean removed = false;
        for (var e : old.units.entrySet())
            if (!sources.containsKey(e.getKey())) {
                changedTypes.addAll(e.getValue().topLevelTypes());
                removed = true;
            }
        for (String f : union(old.javaStamps.keySet(), javaStamps.keySet()))
            if (!java.util.Objects.equals(old.javaStamps.get(f), javaStamps.get(f))) changedTypes.add(baseName(f));
        addDependents(sources.keySet(), texts, old, dirty, changedTypes);

        // Class files of removed and stale sources go first, so nothing stale stays in the output.
        for (var e : old.units.entrySet()) {
            if (sources.containsKey(e.getKey()) && !dirty.contains(e.getKey())) next.units.put(e.getKey(), e.getValue());
            else for (String c : e.getValue().classFiles()) Files.deleteIfExists(r.outputDir().resolve(c));
        }
        if (dirty.isEmpty()) {
            next.write(r.stateFile());
            if (removed) invalidateJavaDependents(r, changedTypes);
            return new Outcome(List.of(), List.of());
        }
        List<String> errors = compile(r, sources, texts, hashes, dirty, next);
        next.write(r.stateFile()); // sources that failed are not recorded: the next build retries them
        if (errors.isEmpty()) {
            for (String rel : dirty) changedTypes.addAll(next.units.get(rel).topLevelTypes());
            invalidateJavaDependents(r, changedTypes);
        }
        return new Outcome(List.copyOf(dirty), errors);
    }

    /**
     * Deletes javac's class files of the .java sources that name a type of a recompiled or removed .hpj source, so
     * that javac's own staleness check (a source without its class is stale) compiles them again against the new
     * classes. Class files are found by the source's path under its root (the package directory by convention).
     */
    private static void invalidateJavaDependents(Request r, Set<String> changedTypes) throws IOException {
        for (Path root : r.javaSourceRoots()) {
            for (var e : scan(root, ".java").entrySet()) {
                if (identifiers(Files.readString(e.getValue(), StandardCharsets.UTF_8)).stream().noneMatch(changedTypes::contains))
                    continue;
                String rel = e.getKey().substring(0, e.getKey().length() - ".java".length());
                Path dir = r.outputDir().resolve(rel).getParent();
                String base = rel.substring(rel.lastIndexOf('/') + 1);
                if (dir == null || !Files.isDirectory(dir)) continue;
                try (Stream<Path> s = Files.list(dir)) {
                    for (Path c : s.filter(c -> isClassOf(c.getFileName().toString(), base)).toList()) Files.deleteIfExists(c);
                }
            }
        }
    }

    private static boolean isClassOf(String classFile, String base) {
        return classFile.equals(base + ".class") || (classFile.startsWith(base + "$") && classFile.endsWith(".class"));
    }

    /** Marks dirty, to a fixed point, every clean source whose identifiers include a changed type name. */
    private static void addDependents(Set<String> all, Map<String, byte[]> texts, BuildState old, Set<String> dirty,
                                      Set<String> changedTypes) {
        Map<String, Set<String>> identifiers = new HashMap<>();
        boolean grew = true;
        while (grew) {
            grew = false;
            for (String rel : all) {
                if (dirty.contains(rel)) continue;
                Set<String> ids = identifiers.computeIfAbsent(rel, k -> identifiers(new String(texts.get(k), StandardCharsets.UTF_8)));
                if (ids.stream().anyMatch(changedTypes::contains)) {
                    dirty.add(rel);
                    changedTypes.addAll(old.units.get(rel).topLevelTypes());
                    grew = true;
                }
            }
        }
    }

    private static List<String> compile(Request r, Map<String, Path> sources, Map<String, byte[]> texts,
                                        Map<String, String> hashes, Set<String> dirty, BuildState next) throws IOException {
        List<SourceUnit> units = new ArrayList<>();
        Map<String, String> relByClassKey = new HashMap<>();
        for (String rel : dirty) {
            SourceUnit u = SourceUnit.parse(sources.get(rel).toString(), new String(texts.get(rel), StandardCharsets.UTF_8));
            units.add(u);
        }
        Path staging = Files.createTempDirectory("hpjava-maven-classes");
        try {
            Files.createDirectories(r.generatedJavaDir());
            HpjavaCompiler.Result result = HpjavaCompiler.compile(units, new HpjavaCompiler.Options(Phase.COMPILE,
                    r.classPath(), staging, r.generatedJavaDir(), existing(r.javaSourceRoots())));
            if (!result.success()) return format(result);
            int i = 0;
            for (String rel : dirty) {
                HpjavaCompiler.UnitResult ur = result.units().get(i++);
                String pkgDir = ur.lowered().packageName().replace('.', '/');
                relByClassKey.put(pkgDir + "|" + ur.unit().fileName(), rel);
            }
            Map<String, List<String>> classesByRel = copyHpjClasses(staging, r.outputDir(), relByClassKey);
            for (String rel : dirty) next.units.put(rel, new BuildState.Unit(hashes.get(rel), classesByRel.getOrDefault(rel, List.of())));
            return List.of();
        } finally {
            HpjavaCompiler.deleteTreeQuietly(staging);
        }
    }

    /**
     * Copies the class files whose SourceFile names one of the compiled .hpj sources (of their package) from
     * {@code staging} to {@code out}; classes ECJ compiled from the .java source path are left for javac.
     */
    private static Map<String, List<String>> copyHpjClasses(Path staging, Path out, Map<String, String> relByClassKey)
            throws IOException {
        Map<String, List<String>> byRel = new HashMap<>();
        for (Path f : scan(staging, ".class").values()) {
            String rel = staging.relativize(f).toString().replace('\\', '/');
            int slash = rel.lastIndexOf('/');
            byte[] bytes = Files.readAllBytes(f);
            String unit = relByClassKey.get((slash < 0 ? "" : rel.substring(0, slash)) + "|" + SourceFileRewriter.sourceFile(bytes));
            if (unit == null) continue;
            Path target = out.resolve(rel);
            Files.createDirectories(target.getParent());
            Files.write(target, bytes);
            byRel.computeIfAbsent(unit, k -> new ArrayList<>()).add(rel);
        }
        byRel.values().forEach(l -> l.sort(null));
        return byRel;
    }

    private static List<String> format(HpjavaCompiler.Result result) {
        List<String> out = new ArrayList<>();
        for (HpjavaCompiler.UnitResult u : result.units())
            for (Diagnostic d : u.diagnostics())
                out.add((d.source().equals(u.unit().name()) ? DiagnosticFormatter.format(d, u.unit().text()) : d.header()).stripTrailing());
        if (out.isEmpty()) out.add("hpjavac failed without a diagnostic");
        return out;
    }

    /** Files under {@code root} ending in {@code suffix}, by path relative to root ('/'-separated), sorted. */
    static Map<String, Path> scan(Path root, String suffix) throws IOException {
        Map<String, Path> m = new java.util.TreeMap<>();
        if (!Files.isDirectory(root)) return m;
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> p.toString().endsWith(suffix) && Files.isRegularFile(p))
                    .forEach(p -> m.put(root.relativize(p).toString().replace('\\', '/'), p));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return m;
    }

    /** {@link #scan} of .hpj files, empty if the directory cannot be read (the build then reports nothing to do). */
    static Map<String, Path> scanQuietly(Path root) {
        try {
            return scan(root, ".hpj");
        } catch (IOException e) {
            return Map.of();
        }
    }

    static Set<String> identifiers(String text) {
        Set<String> s = new HashSet<>();
        Matcher m = IDENTIFIER.matcher(text);
        while (m.find()) s.add(m.group());
        return s;
    }

    private static String baseName(String path) {
        String f = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        int dot = f.lastIndexOf('.');
        return dot > 0 ? f.substring(0, dot) : f;
    }

    private static List<Path> existing(List<Path> dirs) {
        return dirs.stream().filter(Files::isDirectory).toList();
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> s = new TreeSet<>(a);
        s.addAll(b);
        return s;
    }

    /** The translator's jar and its stamp: a new translator recompiles everything. */
    private static String translatorVersion() {
        try {
            Path self = Path.of(HpjavaCompiler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return self + "=" + (Files.isRegularFile(self) ? Fingerprints.stamp(self) : "dir");
        } catch (java.net.URISyntaxException | IOException | SecurityException e) {
            return "unknown";
        }
    }
}
