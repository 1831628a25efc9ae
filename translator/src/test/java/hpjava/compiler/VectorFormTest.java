package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import hpjava.lang.LoweringSupport;

/**
 * The vector form of element loops (Vectorizer) from the user's side: this JVM has the module (the build's argLine),
 * so ProgramsTest's VectorSweep runs the vector loops; a JVM without the module runs the same class files with the
 * scalar loops and the same answers; {@code withVector(false)} (hpjavac --no-vector) emits no vector code.
 */
class VectorFormTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void compile() throws Exception {
        HpjavaCompiler.Result r = Harness.compile(dir, "programs/VectorSweep.hpj", "programs/RedBlackVector.hpj");
        assertTrue(r.success(), r.formatted());
    }

    @Test
    void thisJvmRunsTheVectorLoops() {
        assertTrue(LoweringSupport.VECTOR, "the tests run with --add-modules=jdk.incubator.vector (translator/pom.xml)");
        assertTrue(Files.exists(dir.resolve("classes/VectorSweep$1$V2.class")), "the vector loop's class was written");
        assertTrue(Files.exists(dir.resolve("classes/RedBlackVector$1$V2.class")), "the step-2 vector loop's class was written");
    }

    /** A child JVM on the test class path, with or without the module, runs the program on mt ranks. */
    @ParameterizedTest(name = "{2}: module {0}, np {1}")
    @CsvSource({"false, 1, VectorSweep", "false, 2, VectorSweep", "true, 2, VectorSweep",
                "false, 2, RedBlackVector", "true, 2, RedBlackVector"})
    void runsWithAndWithoutTheModule(boolean module, int np, String program) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED"));
        if (module) cmd.add("--add-modules=jdk.incubator.vector");
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "hpjava.mpjdev.Launcher", "--np", Integer.toString(np),
                "--timeout", "60", "-cp", dir.resolve("classes").toString(), program));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        boolean ended = p.waitFor(90, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!ended) {
            p.destroyForcibly();
            throw new AssertionError(program + " did not end in 90 s:\n" + out);
        }
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains(program + ": OK (vector loops " + (module ? "on" : "off") + ")"), out);
        assertFalse(out.contains("NoClassDefFoundError"), out);
    }

    @Test
    void noVectorOptionEmitsScalarLoopsOnly() throws IOException {
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(Harness.unit("programs/VectorSweep.hpj")),
                new HpjavaCompiler.Options(Phase.COMPILE, Harness.classPath(), dir.resolve("scalar"), dir.resolve("scalar-java"))
                        .withVector(false));
        assertTrue(r.success(), r.formatted());
        String java = r.units().get(0).lowered().javaText();
        assertFalse(java.contains("jdk.incubator.vector") || java.contains(".$row("), "no vector code");
        try (var files = Files.list(dir.resolve("scalar"))) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().contains("$V")), "no vector class written");
        }
    }
}
