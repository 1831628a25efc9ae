package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import hpjava.compiler.tools.Hpjavac;
import hpjava.compiler.tools.HpjavaRun;

/** hpjavac and hpjava run: exit statuses, messages, the compile cache. */
class ToolsTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();

    private int hpjavac(String... args) {
        return Hpjavac.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Path write(String name, String resource) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, Harness.resource(resource));
        return f;
    }

    private String cp() {
        return String.join(java.io.File.pathSeparator, Harness.classPath().stream().map(Path::toString).toList());
    }

    @Test
    void usageErrorsExitWith2() {
        assertEquals(2, hpjavac());
        assertEquals(2, hpjavac("--bogus", "x.hpj"));
        assertEquals(2, hpjavac(dir.resolve("missing.hpj").toString()));
        assertEquals(2, hpjavac("-d"));
        assertTrue(err().contains("usage: hpjavac"), err());
        assertEquals(0, hpjavac("--help"));
    }

    @Test
    void compileErrorsArePrintedAtHpjPositionsAndExitWith1() throws Exception {
        Path f = write("DistributedSlots.hpj", "errors/check/DistributedSlots.hpj");
        assertEquals(1, hpjavac("-d", dir.resolve("out").toString(), f.toString()));
        String e = err();
        assertTrue(e.contains(f + ":5:9: error: subscript 0 of 'a' is a distributed dimension"), e);
        assertTrue(e.contains("      a[3, 1] = 2;\n        ^\n"), e);
        assertTrue(e.contains("6 errors"), e);
    }

    @Test
    void compilesAndKeepsTheGeneratedJava() throws Exception {
        Path f = write("MatrixAdd.hpj", "programs/MatrixAdd.hpj");
        assertEquals(0, hpjavac("-d", dir.resolve("out").toString(), "-cp", cp(), "--emit-java", dir.resolve("java").toString(),
                f.toString()), err());
        assertTrue(Files.isRegularFile(dir.resolve("out/MatrixAdd.class")));
        assertTrue(Files.readString(dir.resolve("java/MatrixAdd.java")).contains("FloatMultiarray"));
    }

    @Test
    void runCompilesOnceThenUsesTheCache() throws Exception {
        Path f = write("MatrixAdd.hpj", "programs/MatrixAdd.hpj");
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8), e = new PrintStream(err, true, StandardCharsets.UTF_8);
        String[] args = {"run", "--np", "2", "-cp", cp(), "-Dhpjava.cache=" + dir.resolve("cache"), f.toString()};
        assertEquals(0, HpjavaRun.run(args, o, e), err());
        long entries;
        try (var s = Files.list(dir.resolve("cache"))) {
            entries = s.count();
        }
        assertEquals(0, HpjavaRun.run(args, o, e), err());
        try (var s = Files.list(dir.resolve("cache"))) {
            assertEquals(entries, s.count(), "the second run reuses the cached classes");
        }
        assertEquals(2, HpjavaRun.run(new String[] {"run", "--np"}, o, e));
        assertEquals(2, HpjavaRun.run(new String[] {"compile", "x"}, o, e));
        assertEquals(2, HpjavaRun.run(new String[] {"run", dir.resolve("nothing.hpj").toString()}, o, e));
        Path bad = write("Ghosts.hpj", "errors/check/Ghosts.hpj");
        assertEquals(1, HpjavaRun.run(new String[] {"run", "-Dhpjava.cache=" + dir.resolve("cache"), bad.toString()}, o, e));
        assertTrue(err().contains("Ghosts.hpj:8:29: error: shift 1 of index 'i' exceeds the ghost width 0"), err());
        System.clearProperty("hpjava.cache");
    }

    @Test
    void runChecksTheProcessCountAndBackendBeforeCompiling() throws Exception {
        Path bad = write("Ghosts.hpj", "errors/check/Ghosts.hpj");
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8), e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, HpjavaRun.run(new String[] {"run", "--np", "0", bad.toString()}, o, e));
        assertEquals(2, HpjavaRun.run(new String[] {"run", "--np", "four", bad.toString()}, o, e));
        assertEquals(2, HpjavaRun.run(new String[] {"run", "--backend", "lapi", bad.toString()}, o, e));
        String msg = err();
        assertTrue(msg.contains("hpjava: --np: the number of processes must be at least 1, not 0\nusage: hpjava run"), msg);
        assertTrue(msg.contains("hpjava: --np: the number of processes must be a positive integer, not 'four'"), msg);
        assertTrue(msg.contains("hpjava: --backend: unknown backend 'lapi'; available: ") && msg.contains("mt"), msg);
        assertTrue(!msg.contains("error:"), "nothing was compiled:\n" + msg);
    }
}
