package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Translates, compiles and runs small programs that check their own answers, at np = 1, 2, 4 on mt. */
class ProgramsTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void compileAll() throws Exception {
        HpjavaCompiler.Result r = Harness.compile(dir, "programs/MatrixAdd.hpj", "programs/LaplaceShape.hpj",
                "programs/Constructs.hpj", "errors/Misaligned.hpj", "errors/Throws.hpj", "programs/Laplace.hpj", "programs/Smoke.hpj",
                "errors/ThrowsInLoop.hpj", "programs/CovTypes.hpj", "programs/CovRanges.hpj", "programs/CovStatements.hpj",
                "errors/NotHeld.hpj", "programs/CovAdlib.hpj", "programs/CovJava.hpj",
                "programs/NestedOveralls.hpj", "errors/ThrowsInNest.hpj", "errors/MisalignedNest.hpj",
                "programs/Outlined.hpj", "programs/StepFastPath.hpj", "programs/VectorSweep.hpj",
                "programs/RedBlackVector.hpj", "programs/RowBlocks.hpj");
        assertTrue(r.success(), r.formatted());
        assertEquals(List.of("MatrixAdd", "LaplaceShape", "Constructs", "Misaligned", "Throws", "Laplace", "demo.smoke.Smoke", "ThrowsInLoop",
                "CovTypes", "CovRanges", "CovStatements", "NotHeld", "CovAdlib", "CovJava", "NestedOveralls", "ThrowsInNest",
                "MisalignedNest", "Outlined", "StepFastPath", "VectorSweep", "RedBlackVector", "RowBlocks"),
                r.mainClasses());
    }

    @ParameterizedTest(name = "{0} at np = {1}")
    @CsvSource({"MatrixAdd, 1", "MatrixAdd, 2", "MatrixAdd, 4",
                "LaplaceShape, 1", "LaplaceShape, 2", "LaplaceShape, 4",
                "Constructs, 1", "Constructs, 2", "Constructs, 4",
                "Laplace, 1", "Laplace, 2", "Laplace, 4", "demo.smoke.Smoke, 1", "demo.smoke.Smoke, 3",
                "CovTypes, 1", "CovTypes, 2", "CovTypes, 4", "CovRanges, 1", "CovRanges, 2", "CovRanges, 4",
                "CovStatements, 1", "CovStatements, 2", "CovStatements, 4",
                "CovAdlib, 1", "CovAdlib, 2", "CovAdlib, 4", "CovJava, 1", "CovJava, 2", "CovJava, 4",
                "NestedOveralls, 1", "NestedOveralls, 2", "NestedOveralls, 4",
                "Outlined, 1", "Outlined, 2", "Outlined, 4", "StepFastPath, 1", "StepFastPath, 2", "StepFastPath, 4",
                "VectorSweep, 1", "VectorSweep, 2", "VectorSweep, 4",
                "RedBlackVector, 1", "RedBlackVector, 2", "RedBlackVector, 4",
                "RowBlocks, 1", "RowBlocks, 2", "RowBlocks, 4"})
    void runsAndChecksItsAnswer(String main, int np) {
        Harness.Run r = Harness.run(dir.resolve("classes"), main, np);
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void misalignedIndexFailsAtRunTimeWithTheSourcePosition() {
        Harness.Run r = Harness.run(dir.resolve("classes"), "Misaligned", 2);
        assertNotEquals(0, r.status());
        assertTrue(r.err().contains("Misaligned.hpj:7:29: index 'i' ranges over"), r.err());
    }

    @Test
    void misalignedIndexInAFusedNestFailsWithTheSourcePosition() {
        Harness.Run r = Harness.run(dir.resolve("classes"), "MisalignedNest", 2);
        assertNotEquals(0, r.status());
        assertTrue(r.err().contains("MisalignedNest.hpj:8:34: index 'j' ranges over"), r.err());
    }

    @Test
    void arrayOfAnotherGroupFailsAtRunTimeWithTheSourcePosition() {
        Harness.Run r = Harness.run(dir.resolve("classes"), "NotHeld", 2);
        assertNotEquals(0, r.status());
        assertTrue(r.err().contains("NotHeld.hpj:9:33: 'col' is distributed over"), r.err());
    }

    @ParameterizedTest(name = "{0} fails at line {1}")
    @CsvSource({"Throws, 5", "ThrowsInLoop, 6", "ThrowsInNest, 7"})
    void stackTracesNameTheHpjFileAndLine(String main, int line) throws Exception {
        try (URLClassLoader l = new URLClassLoader(new URL[] {dir.resolve("classes").toUri().toURL()},
                getClass().getClassLoader())) {
            Class<?> c = l.loadClass(main);
            Throwable t = null;
            try {
                c.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            } catch (java.lang.reflect.InvocationTargetException e) {
                t = e.getCause();
            }
            assertTrue(t instanceof ArrayIndexOutOfBoundsException, String.valueOf(t));
            StackTraceElement top = t.getStackTrace()[0];
            assertEquals(main + ".hpj", top.getFileName());
            assertEquals(line, top.getLineNumber());
        } finally {
            hpjava.lang.ProcessContext.unbind();
        }
    }
}
