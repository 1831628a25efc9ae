package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import hpjava.compiler.diag.Diagnostic;
import hpjava.compiler.parse.SourceUnit;

/**
 * Golden files of raw diagnostic keys: {@code errors/check/X.hpj} against {@code X.keys} after CHECK (what a
 * language server sees), {@code errors/java/X.hpj} after COMPILE (ECJ's errors mapped to .hpj positions).
 */
class DiagnosticsGoldenTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"check/DistributedSlots", "check/Ghosts", "check/Types", "check/Syntax", "check/Untyped", "check/GridDimensions"})
    void checkPhase(String name) throws Exception {
        SourceUnit u = Harness.unit("errors/" + name + ".hpj");
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u), HpjavaCompiler.Options.checkOnly());
        assertFalse(r.success());
        assertEquals(Harness.resource("errors/" + name + ".keys").strip(), raw(r.diagnostics()), r.formatted());
    }

    @ParameterizedTest
    @ValueSource(strings = {"java/JavaError", "java/ConstructTypes", "java/GenericElements"})
    void compilePhase(String name) throws Exception {
        HpjavaCompiler.Result r = Harness.compile(dir, "errors/" + name + ".hpj");
        assertFalse(r.success());
        assertEquals(Harness.resource("errors/" + name + ".keys").strip(), raw(r.diagnostics()), r.formatted());
    }

    /** Raw keys with arguments; a syntax error's message comes from the grammar module, so only its position counts. */
    static String raw(List<Diagnostic> ds) {
        return ds.stream().map(d -> d.key() == hpjava.compiler.diag.DiagnosticKey.SYNTAX
                ? d.line() + ":" + d.column() + " " + d.key().code() : d.raw()).collect(Collectors.joining("\n"));
    }
}
