package hpjava.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin's build of a module with .hpj and .java sources using each other: both directions, class files naming
 * .hpj lines, incremental rebuilds (changed sources and their dependents only, nothing when nothing changed), errors
 * at File.hpj:line:col, removed sources.
 */
class IncrementalBuildTest {
    @TempDir
    Path dir;
    Path hpj, javaDir, out;

    static final String GRID = """
            package demo;

            public class Grid {
                public static int twice(int x) { return 2 * x * Scale.factor(); }
                public static int fail() {
                    throw new IllegalStateException("from the hpj");
                }
            }
            """;
    static final String SCALE = """
            package demo;

            public class Scale {
                public static int factor() { return 1; }
                public static int useHpj() { return Grid.twice(4) + Solo.one(); }
            }
            """;

    @BeforeEach
    void module() throws IOException {
        hpj = dir.resolve("src/main/hpj");
        javaDir = dir.resolve("src/main/java");
        out = dir.resolve("target/classes");
        write(hpj.resolve("demo/Grid.hpj"), GRID);
        write(hpj.resolve("demo/UsesGrid.hpj"), "package demo;\nclass UsesGrid { int g() { return Grid.twice(1); } }\n");
        write(hpj.resolve("demo/Solo.hpj"), """
                package demo;
                public class Solo {
                    public static int one() { return 1; }
                    static int [[-]] make() { return new int [[4]]; }
                }
                """);
        write(javaDir.resolve("demo/Scale.java"), SCALE);
    }

    @Test
    void hpjAndJavaUseEachOtherAndStackTracesNameHpjLines() throws Exception {
        IncrementalBuild.Outcome o = build();
        assertEquals(List.of(), o.errors());
        assertEquals(List.of("demo/Grid.hpj", "demo/Solo.hpj", "demo/UsesGrid.hpj"), o.compiled());
        assertTrue(Files.isRegularFile(out.resolve("demo/Grid.class")));
        assertFalse(Files.exists(out.resolve("demo/Scale.class")), "the .java class is javac's to compile");
        assertEquals("Grid.hpj", hpjava.compiler.compile.SourceFileRewriter.sourceFile(Files.readAllBytes(out.resolve("demo/Grid.class"))));
        javac();
        try (URLClassLoader l = new URLClassLoader(new URL[] {out.toUri().toURL()}, getClass().getClassLoader())) {
            assertEquals(9, l.loadClass("demo.Scale").getMethod("useHpj").invoke(null));
            try {
                l.loadClass("demo.Grid").getMethod("fail").invoke(null);
            } catch (java.lang.reflect.InvocationTargetException e) {
                StackTraceElement top = e.getCause().getStackTrace()[0];
                assertEquals("Grid.hpj", top.getFileName());
                assertEquals(6, top.getLineNumber());
                return;
            }
            throw new AssertionError("Grid.fail() did not throw");
        }
    }

    @Test
    void rebuildsOnlyChangedSourcesAndTheirDependents() throws Exception {
        build();
        javac();
        assertEquals(List.of(), build().compiled(), "nothing changed");
        assertTrue(Files.exists(out.resolve("demo/Scale.class")));
        write(hpj.resolve("demo/Grid.hpj"), GRID.replace("2 * x", "3 * x"));
        assertEquals(List.of("demo/Grid.hpj", "demo/UsesGrid.hpj"), build().compiled());
        assertFalse(Files.exists(out.resolve("demo/Scale.class")), "Scale.java names Grid: javac must compile it again");
        javac();
        assertEquals(List.of(), build().compiled());
        write(javaDir.resolve("demo/Scale.java"), SCALE.replace("return 1;", "return 2; }\n public static int extra() { return 5;"));
        Files.setLastModifiedTime(javaDir.resolve("demo/Scale.java"), java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000));
        assertEquals(List.of("demo/Grid.hpj", "demo/UsesGrid.hpj"), build().compiled(), "Grid names Scale; UsesGrid names Grid");
    }

    @Test
    void errorsNameTheHpjLineAndColumnAndAreRetriedAfterAFix() throws Exception {
        build();
        write(hpj.resolve("demo/Grid.hpj"), GRID.replace("Scale.factor()", "Scale.nosuch()"));
        IncrementalBuild.Outcome o = build();
        assertTrue(o.failed());
        String first = o.errors().get(0);
        assertTrue(first.startsWith(hpj.resolve("demo/Grid.hpj") + ":4:"), first);
        assertTrue(first.contains("error:") && first.contains("nosuch"), first);
        assertTrue(first.contains("^"), "source line and caret: " + first);
        assertFalse(Files.exists(out.resolve("demo/Grid.class")), "no stale class after a failed build");
        write(hpj.resolve("demo/Grid.hpj"), GRID);
        IncrementalBuild.Outcome fixed = build();
        assertEquals(List.of(), fixed.errors());
        assertTrue(fixed.compiled().contains("demo/Grid.hpj"));
        assertTrue(Files.isRegularFile(out.resolve("demo/Grid.class")));
    }

    @Test
    void anHpjErrorOfTheTranslatorIsReportedAtItsPosition() throws Exception {
        write(hpj.resolve("demo/Solo.hpj"), "package demo;\nclass Solo {\n  void f() { int [[-]] a = new int [[4]]; a[1.5] = 0; }\n}\n");
        IncrementalBuild.Outcome o = build();
        assertTrue(o.failed());
        assertTrue(o.errors().stream().anyMatch(e -> e.startsWith(hpj.resolve("demo/Solo.hpj") + ":3:")), o.errors().toString());
    }

    @Test
    void removedSourceLosesItsClassesAndItsJavaUsersTheirs() throws Exception {
        build();
        javac();
        Files.delete(hpj.resolve("demo/UsesGrid.hpj"));
        assertEquals(List.of(), build().compiled());
        assertFalse(Files.exists(out.resolve("demo/UsesGrid.class")));
        assertTrue(Files.exists(out.resolve("demo/Grid.class")));
        assertTrue(Files.exists(out.resolve("demo/Scale.class")), "Scale.java does not name UsesGrid");
        Files.delete(hpj.resolve("demo/Solo.hpj"));
        assertEquals(List.of(), build().compiled());
        assertFalse(Files.exists(out.resolve("demo/Scale.class")), "Scale.java names Solo: javac must compile it again");
        hpjava.compiler.HpjavaCompiler.deleteTreeQuietly(hpj);
        assertEquals(List.of(), build().compiled());
        assertEquals(java.util.Map.of(), IncrementalBuild.scan(out, ".class"), "no source left: no class left");
    }

    private IncrementalBuild.Outcome build() throws IOException {
        List<Path> cp = new ArrayList<>();
        cp.add(out);
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) if (!e.isEmpty()) cp.add(Path.of(e));
        return IncrementalBuild.run(new IncrementalBuild.Request(hpj, cp, List.of(javaDir), out,
                dir.resolve("target/generated-sources/hpjava"), dir.resolve("target/hpjava-state/compile.txt")));
    }

    private void javac() {
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", out.toString(), "-cp",
                out + File.pathSeparator + System.getProperty("java.class.path"), javaDir.resolve("demo/Scale.java").toString());
        assertEquals(0, rc, "javac of the .java source against the .hpj classes");
    }

    private static void write(Path f, String text) throws IOException {
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }
}
