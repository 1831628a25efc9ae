package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import hpjava.compiler.diag.DiagnosticKey;
import hpjava.compiler.parse.SourceUnit;

/**
 * Java 25 in .hpj files: a compact source file with an instance main, module imports, unnamed variables and
 * patterns and flexible constructor bodies, inside on and overall, compiles and runs; package-info.hpj is compiled
 * as Java compiles package-info.java; module-info.hpj and HPJava constructs where Java 25 forms forbid them are
 * keyed errors.
 */
class Java25Test {
    @TempDir
    static Path dir;

    @BeforeAll
    static void compileAll() throws Exception {
        HpjavaCompiler.Result r = Harness.compile(dir, "java25/CompactMain.hpj", "java25/package-info.hpj",
                "java25/Tagged.hpj");
        assertTrue(r.success(), r.formatted());
        assertEquals(List.of("CompactMain", "demo.annotated.Tagged"), r.mainClasses());
    }

    @ParameterizedTest(name = "CompactMain at np = {0}")
    @CsvSource({"1", "2", "4"})
    void aCompactSourceFileRunsAndChecksItsAnswers(int np) {
        Harness.Run r = Harness.run(dir.resolve("classes"), "CompactMain", np);
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void packageInfoCarriesThePackagesAnnotation() {
        assertTrue(Files.isRegularFile(dir.resolve("classes/demo/annotated/package-info.class")));
        Harness.Run r = Harness.run(dir.resolve("classes"), "demo.annotated.Tagged", 1);
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void moduleInfoIsRefusedWithTheReason() throws Exception {
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(Harness.unit("java25/module-info.hpj")),
                HpjavaCompiler.Options.checkOnly());
        assertFalse(r.success());
        assertEquals(DiagnosticKey.MODULE_INFO, r.diagnostics().get(0).key(), r.formatted());
        assertEquals(1, r.diagnostics().size(), r.formatted());
    }

    @Test
    void unnamedIndexesAndHpjavaBeforeAConstructorCallAreKeyedErrors() throws Exception {
        SourceUnit u = Harness.unit("errors/check/Java25.hpj");
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u), HpjavaCompiler.Options.checkOnly());
        assertFalse(r.success());
        assertEquals(Harness.resource("errors/check/Java25.keys").strip(), DiagnosticsGoldenTest.raw(r.diagnostics()),
                r.formatted());
    }
}
