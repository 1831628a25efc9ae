package hpjava.mpjdev.spi;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * The class loader of one rank's program classes: child-first over the user's class path, so each rank has its own
 * copy of every program class (and its static fields), exactly as in separate processes. (The mt backend gives all
 * its ranks one such loader, {@link #SHARED_NAME}, when no program class keeps state a rank could see another change:
 * mpjdev/README.md, "Program classes in mt".) Parent-first (shared by all
 * ranks) are the JDK ({@code java.}, {@code javax.}, {@code jdk.}, {@code sun.}, {@code com.sun.}) and the HPJava
 * library packages ({@code hpjava.mpjdev}, {@code hpjava.lang}, {@code hpjava.adlib}, {@code hpjava.io},
 * {@code hpjava.runtime}, {@code hpjava.junit}: its rank entry hands a test's body to the ranks), whose per-rank
 * state lives in {@link hpjava.mpjdev.RankContext}. The parent is the loader of the library classes.
 */
public final class ProgramClassLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    private static final String[] PARENT_FIRST = {"java.", "javax.", "jdk.", "sun.", "com.sun.", "hpjava.mpjdev.",
            "hpjava.lang.", "hpjava.adlib.", "hpjava.io.", "hpjava.runtime.", "hpjava.junit."};

    /**
     * @param rank used in the loader's name (for stack traces and diagnostics)
     * @param classPath the user's class path; empty means {@code java.class.path}
     * @param parent the loader of the library classes
     */
    public ProgramClassLoader(int rank, List<Path> classPath, ClassLoader parent) {
        this("rank-" + rank, classPath, parent);
    }

    /**
     * A loader named {@code name}: the mt backend's one loader of a job whose ranks share the program's classes is
     * {@value #SHARED_NAME} (mpjdev/README.md, "Program classes in mt").
     */
    public ProgramClassLoader(String name, List<Path> classPath, ClassLoader parent) {
        super(name, urls(classPath), parent);
    }

    /** The name of the one loader of an mt job whose ranks share the program's classes (in stack traces). */
    public static final String SHARED_NAME = "ranks";

    /** Whether {@code className} is loaded parent-first (a JDK or HPJava library class, shared by every rank). */
    public static boolean parentFirst(String className) {
        for (String p : PARENT_FIRST)
            if (className.startsWith(p)) return true;
        return false;
    }

    /** The entries a loader over {@code classPath} searches: {@code classPath}, or {@code java.class.path} if it is empty. */
    public static List<Path> effectiveClassPath(List<Path> classPath) {
        if (!classPath.isEmpty()) return classPath;
        return java.util.Arrays.stream(System.getProperty("java.class.path", "").split(java.io.File.pathSeparator))
                .filter(s -> !s.isEmpty()).map(Path::of).toList();
    }

    private static URL[] urls(List<Path> classPath) {
        List<Path> cp = effectiveClassPath(classPath);
        URL[] urls = new URL[cp.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = cp.get(i).toAbsolutePath().toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("bad class path entry " + cp.get(i) + ": " + e.getMessage());
            }
        }
        return urls;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (parentFirst(name)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException e) {
                    c = getParent().loadClass(name);
                }
            }
            if (resolve) resolveClass(c);
            return c;
        }
    }

    @Override
    public URL getResource(String name) {
        URL u = findResource(name);
        return u != null ? u : super.getResource(name);
    }
}
