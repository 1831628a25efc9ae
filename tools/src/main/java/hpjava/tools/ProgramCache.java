package hpjava.tools;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

import hpjava.compiler.HpjavaCompiler;
import hpjava.compiler.Phase;

/**
 * The class files of {@code hpjava run}'s programs, cached under {@code .hpjava-cache/<hash>} of the current directory
 * (or the property {@code hpjava.cache}), keyed by the sources' paths and texts, the class path and the translator
 * build, so an unchanged program is not compiled again and a changed one, or a new hpjavac, is. The directories of
 * the sources are the source path of plain {@code .java} helper classes ({@link HelperSources}); an entry whose
 * helpers changed is compiled again.
 */
final class ProgramCache {
    private static final String MAIN_CLASSES = "main-classes.txt";

    private ProgramCache() {
    }

    /** A compiled program: its class directory and the classes that declare {@code main}, first source first. */
    record Compiled(Path classes, List<String> mainClasses) {

        /**
         * The class to run: {@code chosen} (--main) if given, else the only main class, else the one named after
         * {@code firstFile}, the first source named as a file (null if a directory came first).
         *
         * @throws ToolSupport.UsageError when the choice is missing, ambiguous or wrong
         */
        String mainClass(String chosen, String firstFile) {
            if (chosen != null) {
                if (mainClasses.contains(chosen)) return chosen;
                throw new ToolSupport.UsageError("--main " + chosen + ": no source declares main in that class"
                        + (mainClasses.isEmpty() ? "" : "; these do: " + String.join(", ", mainClasses)));
            }
            if (mainClasses.size() == 1) return mainClasses.get(0);
            if (mainClasses.isEmpty())
                throw new ToolSupport.UsageError("no class of the sources declares 'public static void main(String[] args)'");
            if (firstFile != null)
                for (String c : mainClasses) if (c.equals(firstFile) || c.endsWith("." + firstFile)) return c;
            throw new ToolSupport.UsageError("several classes declare main (" + String.join(", ", mainClasses)
                    + "): choose one with --main CLASS");
        }
    }

    /** Where programs are cached: {@code hpjava.cache} from -D or the system properties, else {@code .hpjava-cache}. */
    static Path root(Map<String, String> properties) {
        return Path.of(properties.getOrDefault("hpjava.cache", System.getProperty("hpjava.cache", ".hpjava-cache")));
    }

    /**
     * The compiled program, compiled now unless cached; null on compile errors (printed to {@code err}).
     * {@code overlap}: with communication overlap ({@code hpjava run --overlap} turns it on; part of the key).
     */
    static Compiled compile(List<Path> sources, List<Path> sourceDirs, List<Path> cp, boolean overlap, Path root,
                            PrintWriter err) throws IOException {
        StringBuilder key = new StringBuilder(cp + "\n" + toolStamp() + "\n" + (overlap ? "overlap\n" : ""));
        for (Path s : sources) {
            key.append(s.toAbsolutePath().normalize()).append('\n');
            key.append(HelperSources.hash(Files.readAllBytes(s))).append('\n');
        }
        Path dir = root.resolve(HelperSources.hash(key.toString().getBytes(StandardCharsets.UTF_8)));
        Path classes = dir.resolve("classes");
        if (Files.isRegularFile(dir.resolve(MAIN_CLASSES)) && HelperSources.unchanged(dir)) return cached(dir);
        Path tmp = Files.createDirectories(root).resolve("tmp-" + ProcessHandle.current().pid());
        HpjavaCompiler.deleteTreeQuietly(tmp);
        HpjavaCompiler.Result r;
        try {
            r = Compilation.compile(sources, cp, sourceDirs, Phase.COMPILE, tmp.resolve("classes"), tmp.resolve("java"),
                    true, overlap);
        } catch (IOException e) {
            HpjavaCompiler.deleteTreeQuietly(tmp);
            throw e;
        } catch (OutOfMemoryError e) {
            HpjavaCompiler.deleteTreeQuietly(tmp);
            err.println(Compilation.outOfMemoryMessage("hpjava"));
            err.flush();
            return null;
        }
        err.print(r.formatted());
        err.flush();
        if (!r.success()) {
            HpjavaCompiler.deleteTreeQuietly(tmp);
            return null;
        }
        HelperSources.record(tmp, tmp.resolve("classes"), sourceDirs);
        Files.writeString(tmp.resolve(MAIN_CLASSES), String.join("\n", r.mainClasses()) + "\n");
        HpjavaCompiler.deleteTreeQuietly(dir);
        try {
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException raced) {
            if (!Files.isRegularFile(dir.resolve(MAIN_CLASSES))) throw raced;
            HpjavaCompiler.deleteTreeQuietly(tmp);
        }
        return new Compiled(classes, r.mainClasses());
    }

    private static Compiled cached(Path dir) throws IOException {
        List<String> mains = Files.readAllLines(dir.resolve(MAIN_CLASSES)).stream().filter(l -> !l.isBlank()).toList();
        return new Compiled(dir.resolve("classes"), mains);
    }

    /** Identifies the translator build, so a new hpjavac invalidates the cache. */
    private static String toolStamp() {
        try {
            Path self = Path.of(HpjavaCompiler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return self + ":" + Files.getLastModifiedTime(self).toMillis() + ":" + (Files.isRegularFile(self) ? Files.size(self) : 0);
        } catch (Exception e) {
            return "unknown";
        }
    }
}
