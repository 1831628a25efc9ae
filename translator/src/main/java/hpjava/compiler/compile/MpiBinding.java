package hpjava.compiler.compile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The MPI binding on the compile class path of programs that call MPI directly ({@code import mpi.*}, as HPJava 1.0
 * programs did with mpiJava). The binding is Open MPI's {@code mpi.jar}, installed by {@code bin/setup-mpi.sh}; the
 * {@code mpi} backend's jar records where ({@code hpjava/mpjdev/mpi/build.properties}), and {@code -Dhpjava.mpi.jar}
 * overrides it, as for the backend. At run time the {@code mpi} backend puts the same jar on every rank's class path.
 */
public final class MpiBinding {
    private static final Pattern IMPORTS_MPI = Pattern.compile("(?m)^\\s*import\\s+(static\\s+)?mpi\\s*\\.");
    private static final String RECORD = "hpjava/mpjdev/mpi/build.properties";

    private MpiBinding() {}

    /** Whether a source text imports the MPI binding (package {@code mpi}). */
    public static boolean imports(String text) { return IMPORTS_MPI.matcher(text).find(); }

    /**
     * {@code classPath} plus the MPI binding when {@code needed} and it is not already there and can be found; else
     * {@code classPath} unchanged (ECJ then reports the unresolved import at its position).
     */
    public static List<Path> classPath(List<Path> classPath, boolean needed) {
        if (!needed || hasPackage(classPath)) return classPath;
        Path jar = locate(classPath);
        if (jar == null) return classPath;
        List<Path> l = new ArrayList<>(classPath);
        l.add(jar);
        return l;
    }

    /** The binding's jar, found as the class comment says (the tool's own class path searched too), or null. */
    public static Path locate(List<Path> classPath) {
        String p = System.getProperty("hpjava.mpi.jar");
        if (p != null && Files.isRegularFile(Path.of(p))) return Path.of(p);
        List<Path> all = new ArrayList<>(classPath);
        for (String s : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator))
            if (!s.isEmpty()) all.add(Path.of(s));
        for (Path e : all) {
            String name = e.getFileName() == null ? "" : e.getFileName().toString();
            if (!name.startsWith("mpjdev-mpi") || !Files.isRegularFile(e)) continue;
            try (ZipFile z = new ZipFile(e.toFile())) {
                ZipEntry rec = z.getEntry(RECORD);
                if (rec == null) continue;
                Properties props = new Properties();
                try (InputStream in = z.getInputStream(rec)) { props.load(in); }
                String jar = props.getProperty("mpi.jar");
                if (jar != null && Files.isRegularFile(Path.of(jar))) return Path.of(jar);
            } catch (IOException ex) {
                // not readable: as if absent
            }
        }
        return null;
    }

    private static boolean hasPackage(List<Path> classPath) {
        for (Path e : classPath) {
            if (Files.isDirectory(e.resolve("mpi"))) return true;
            if (!Files.isRegularFile(e)) continue;
            try (ZipFile z = new ZipFile(e.toFile())) {
                if (z.getEntry("mpi/MPI.class") != null) return true;
            } catch (IOException ex) {
                // not a jar
            }
        }
        return false;
    }
}
