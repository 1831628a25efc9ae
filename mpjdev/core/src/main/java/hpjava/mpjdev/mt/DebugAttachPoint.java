package hpjava.mpjdev.mt;

import hpjava.mpjdev.spi.ProgramClassLoader;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where an mt job started by {@code hpjava run --debug} waits for its debugger, after every program class has been
 * loaded and linked in every rank's class loader and before any rank runs.
 *
 * <p>Why: each rank has its own copy of every program class (unless the ranks share one loader,
 * {@link SharedClasses}: then there is one copy, prepared here in that loader, and the same applies). jdb binds a <em>deferred</em> line breakpoint
 * ({@code stop at Laplace:45} typed before the class exists) to the first copy that is prepared only, but a breakpoint
 * set while copies exist binds to every prepared copy. So the JVM is started with the JDWP agent option
 * {@code onthrow=hpjava.mpjdev.mt.DebugAttachPoint} (and {@code suspend=y}): the agent starts listening, and suspends
 * the JVM, when this exception is thrown, which {@link #prepareAndWait} does once every rank's copies are prepared. A
 * breakpoint the user then sets fires on every rank thread that reaches it. Thrown and caught here only.
 */
public final class DebugAttachPoint extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private DebugAttachPoint() {
        super("the debugger attach point of an mt job", null, false, false);
    }

    /**
     * Loads and links (without initialising) every class found in the directories of {@code classPath} in each of
     * {@code loaders}, then throws and catches a {@code DebugAttachPoint}. Jars are not scanned: they hold libraries,
     * whose classes are shared by the ranks anyway or loaded when first used.
     */
    static void prepareAndWait(ProgramClassLoader[] loaders, List<Path> classPath, PrintStream err) {
        List<String> names = programClassNames(classPath);
        for (ProgramClassLoader loader : loaders) {
            for (String name : names) {
                try {
                    // getDeclaredMethods links the class: the JVM prepares it (a debugger's ClassPrepare event).
                    Class.forName(name, false, loader).getDeclaredMethods();
                } catch (ClassNotFoundException | LinkageError e) {
                    err.println("mpjdev: debug: cannot load " + name + " in " + loader.getName() + ": " + e);
                }
            }
        }
        try {
            throw new DebugAttachPoint();
        } catch (DebugAttachPoint expected) {
            // the JDWP agent suspended the JVM at the throw until a debugger attached and resumed it
        }
    }

    private static List<String> programClassNames(List<Path> classPath) {
        return classPath.stream().filter(Files::isDirectory).flatMap(DebugAttachPoint::classesUnder).toList();
    }

    private static Stream<String> classesUnder(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".class") && !f.getFileName().toString().equals("module-info.class"))
                    .map(f -> binaryName(dir.relativize(f))).toList().stream();
        } catch (IOException e) {
            return Stream.empty();
        }
    }

    private static String binaryName(Path relative) {
        String s = relative.toString().replace(relative.getFileSystem().getSeparator(), ".");
        return s.substring(0, s.length() - ".class".length());
    }
}
