package hpjava.mpjdev.mt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** The rule of {@link StaticStateScan}: each shape that lets one rank observe another's static state, and what qualifies. */
class StaticStateScanTest {
    @TempDir
    Path dir;

    /** Compiles {@code source} (one file, package-less class {@code name}) and scans the output directory. */
    private StaticStateScan.Verdict scan(String name, String source) throws IOException {
        Path classes = compile(name, source);
        return StaticStateScan.scan(List.of(classes));
    }

    private Path compile(String name, String source) throws IOException {
        Path src = dir.resolve("src/" + name + ".java"), classes = dir.resolve("classes-" + name);
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), src.toString());
        assertEquals(0, rc, "test source compiles");
        return classes;
    }

    private void assertPerRank(String expectedReason, StaticStateScan.Verdict v) {
        assertFalse(v.shareable(), "should not be shared: " + v);
        assertTrue(v.reason().contains(expectedReason), "reason '" + v.reason() + "' should contain '" + expectedReason + "'");
    }

    @Test
    void programWithOnlyConstantsQualifies() throws IOException {
        StaticStateScan.Verdict v = scan("Consts", """
                public class Consts {
                    static final int N = 1024;
                    static final double OMEGA = 1.5 * 2;
                    static final String NAME = "jacobi" + N;
                    static final boolean DEBUG = false;
                    private final double[] grid = new double[N];   // instance state: per object, so per rank
                    int count;
                    interface Sizes { int SMALL = 8; String UNIT = "ms"; }
                    record Point(int x, int y) implements java.io.Serializable { static final int ORIGIN = 0; }
                    enum Colour { RED("r"), GREEN("g"); final String code; Colour(String c) { code = c; } }
                    static class Nested { final long id = 7; }
                    class Inner { int k = count; }
                    static double u(int x) { return x * OMEGA; }
                    synchronized void touch() { count++; }
                    public static void main(String[] args) {
                        assert args != null;
                        Runnable r = () -> System.out.println(NAME + Colour.GREEN.code + new Point(1, 2));
                        r.run();
                        Object lock = new Object();
                        synchronized (lock) { System.out.println(u(3) + Sizes.UNIT); }
                    }
                }
                """);
        assertTrue(v.shareable(), v::toString);
        assertEquals(6, v.classes(), () -> "every class file is read (the lambda has none): " + v);
    }

    @Test
    void nonFinalStaticFieldIsPerRank() throws IOException {
        assertPerRank("Counter.runs is a static field that is not final", scan("Counter", """
                public class Counter { static int runs; public static void main(String[] a) { runs++; } }
                """));
    }

    @Test
    void staticFinalArrayIsPerRank() throws IOException {
        assertPerRank("Weights.W is a static final field of type double[]", scan("Weights", """
                public class Weights { static final double[] W = {0.25, 0.5}; }
                """));
    }

    @Test
    void staticFinalObjectIsPerRank() throws IOException {
        assertPerRank("Cache.SEEN is a static final field of type java.util.List", scan("Cache", """
                public class Cache { static final java.util.List<String> SEEN = new java.util.ArrayList<>(); }
                """));
    }

    @Test
    void staticFinalBoxIsPerRank() throws IOException {
        assertPerRank("Boxed.B is a static final field of type java.lang.Integer", scan("Boxed", """
                public class Boxed { static final Integer B = 3; }
                """));
    }

    @Test
    void computedStaticFinalPrimitiveIsPerRank() throws IOException {
        // A final int computed when the class is initialized: once for all ranks when shared (e.g. the rank's id).
        assertPerRank("the static initializer of Computed calls java.lang.System.nanoTime", scan("Computed", """
                public class Computed { static final long SEED = System.nanoTime(); }
                """));
    }

    @Test
    void staticInitializerWithSideEffectsIsPerRank() throws IOException {
        assertPerRank("the static initializer of Loud uses the field java.lang.System.out", scan("Loud", """
                public class Loud { static { System.out.println("loaded"); } }
                """));
    }

    @Test
    void staticSynchronizedMethodIsPerRank() throws IOException {
        assertPerRank("Sync.next is a static synchronized method", scan("Sync", """
                public class Sync { static synchronized int next() { return 1; } }
                """));
    }

    @Test
    void synchronizingOnAClassLiteralIsPerRank() throws IOException {
        assertPerRank("Locks.run synchronizes and takes a class object", scan("Locks", """
                public class Locks { void run() { synchronized (Locks.class) { System.out.println(); } } }
                """));
        assertPerRank("Locks2.run synchronizes and takes a class object", scan("Locks2", """
                public class Locks2 { void run() { synchronized (getClass()) { System.out.println(); } } }
                """));
    }

    @Test
    void staticInitializerCallingOutIsPerRank() throws IOException {
        assertPerRank("the static initializer of Gc calls java.lang.Thread.yield", scan("Gc", """
                public class Gc { static { Thread.yield(); } }
                """));
    }

    @Test
    void nestedClassesAreScannedToo() throws IOException {
        assertPerRank("Outer$Helper.calls is a static field that is not final", scan("Outer", """
                public class Outer { static class Helper { static long calls; } }
                """));
    }

    @Test
    void interfaceArrayConstantIsPerRank() throws IOException {
        assertPerRank("Table.ROWS is a static final field of type int[]", scan("Table", """
                public interface Table { int[] ROWS = {1, 2}; }
                """));
    }

    @Test
    void enumWithMutableInstanceFieldIsPerRank() throws IOException {
        assertPerRank("enum Mode has the instance field hits that is not final", scan("Mode", """
                public enum Mode { FAST, SLOW; int hits; }
                """));
    }

    @Test
    void enumWithObjectInstanceFieldIsPerRank() throws IOException {
        assertPerRank("enum Shape has the instance field dims that is of type int[]", scan("Shape", """
                public enum Shape { SQUARE(new int[] {2, 2}); final int[] dims; Shape(int[] d) { dims = d; } }
                """));
    }

    @Test
    void enumConstructorWithSideEffectsIsPerRank() throws IOException {
        assertPerRank("the enum constructor Phase uses the field java.lang.System.out", scan("Phase", """
                public enum Phase { A; Phase() { System.out.println("made"); } }
                """));
    }

    @Test
    void enumConstantBodyWithMutableFieldIsPerRank() throws IOException {
        assertPerRank("has the instance field n that is not final", scan("Op", """
                public enum Op { PLUS { int n; int apply(int a) { return a + n; } }; abstract int apply(int a); }
                """));
    }

    @Test
    void unreadableClassFileIsPerRank() throws IOException {
        Path classes = dir.resolve("garbage");
        Files.createDirectories(classes);
        Files.write(classes.resolve("Broken.class"), new byte[] {(byte) 0xCA, (byte) 0xFE, 1, 2, 3});
        assertPerRank("cannot read the class file " + classes.resolve("Broken.class"), StaticStateScan.scan(List.of(classes)));
    }

    @Test
    void jarsAreScannedLikeDirectories() throws IOException {
        Path good = compile("InJar", "public class InJar { static final int N = 3; public static void main(String[] a) {} }");
        Path bad = compile("Mutable", "public class Mutable { static int n; }");
        Path goodJar = jar(good, "good.jar"), badJar = jar(bad, "bad.jar");
        assertTrue(StaticStateScan.scan(List.of(goodJar)).shareable());
        assertPerRank("Mutable.n is a static field that is not final", StaticStateScan.scan(List.of(goodJar, badJar)));
    }

    @Test
    void fileThatIsNotAJarIsPerRank() throws IOException {
        Path notJar = dir.resolve("notes.jar");
        Files.writeString(notJar, "not a zip");
        assertPerRank("cannot read the class path entry " + notJar + " as a jar", StaticStateScan.scan(List.of(notJar)));
    }

    @Test
    void missingEntriesAreSkippedAsTheLoaderSkipsThem() {
        StaticStateScan.Verdict v = StaticStateScan.scan(List.of(dir.resolve("absent"), dir.resolve("absent.jar")));
        assertTrue(v.shareable(), v::toString);
        assertEquals(0, v.classes());
    }

    @Test
    void libraryPackagesAreSkipped() throws IOException {
        // hpjava.lang is loaded parent-first, shared by every rank whatever the mode: its statics are not the program's.
        Path classes = dir.resolve("lib");
        Path pkg = classes.resolve("hpjava/lang");
        Files.createDirectories(pkg);
        Files.write(pkg.resolve("Fake.class"), new byte[] {1, 2, 3});
        assertTrue(StaticStateScan.scan(List.of(classes)).shareable());
    }

    private Path jar(Path classes, String name) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream f = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(f);
             Stream<Path> files = Files.walk(classes)) {
            for (Path c : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(c).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(c));
                out.closeEntry();
            }
        }
        return jar;
    }
}
