package hpjava.compiler.compile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;

/**
 * The MPI API on the compile class path of programs that call MPI directly ({@code import mpi.*}, as HPJava 1.0
 * programs did with mpiJava): package {@code mpi} of {@code hpjava-mpi} (mpj/README.md), which runs on every backend.
 * It is found on the program's class path, else on the tool's own class path (where {@code bin/hpjavac}, the Maven
 * plugin and the tests put it); {@code -Dhpjava.mpi.jar} names a jar explicitly. A class path that already holds a
 * package {@code mpi} (another binding the user chose) is left as it is.
 */
public final class MpiBinding {
    private static final Pattern IMPORTS_MPI = Pattern.compile("(?m)^\\s*import\\s+(static\\s+)?mpi\\s*\\.");
    /** A class only hpjava-mpi has: it tells that API from other bindings of package {@code mpi}. */
    private static final String MARK = "hpjava/mpi/spi/MpiProvider.class";

    private MpiBinding() {}

    /** Whether a source text imports the MPI API (package {@code mpi}). */
    public static boolean imports(String text) { return IMPORTS_MPI.matcher(text).find(); }

    /**
     * {@code classPath} plus hpjava-mpi when {@code needed} and no package {@code mpi} is there already and it can
     * be found; else {@code classPath} unchanged (ECJ then reports the unresolved import at its position).
     */
    public static List<Path> classPath(List<Path> classPath, boolean needed) {
        if (!needed || holds(classPath, "mpi/MPI.class")) return classPath;
        Path jar = locate(classPath);
        if (jar == null) return classPath;
        List<Path> l = new ArrayList<>(classPath);
        l.add(jar);
        return l;
    }

    /** hpjava-mpi's jar (or class directory), found as the class comment says, or null. */
    public static Path locate(List<Path> classPath) {
        String p = System.getProperty("hpjava.mpi.jar");
        if (p != null && Files.exists(Path.of(p))) return Path.of(p);
        List<Path> all = new ArrayList<>(classPath);
        for (String s : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator))
            if (!s.isEmpty()) all.add(Path.of(s));
        for (Path e : all) if (holds(List.of(e), MARK)) return e;
        return null;
    }

    private static boolean holds(List<Path> classPath, String entry) {
        for (Path e : classPath) {
            if (Files.isDirectory(e)) {
                if (Files.isRegularFile(e.resolve(entry))) return true;
                continue;
            }
            if (!Files.isRegularFile(e)) continue;
            try (ZipFile z = new ZipFile(e.toFile())) {
                if (z.getEntry(entry) != null) return true;
            } catch (IOException ex) {
                // not a jar
            }
        }
        return false;
    }
}
