package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ForStmt;

import hpjava.compiler.parse.SourceUnit;

/** The generated element loops of kernels: no method call and no field load per element; lines kept. */
class LoweringShapeTest {

    @ParameterizedTest
    @CsvSource({"programs/MatrixAdd.hpj, add", "programs/LaplaceShape.hpj, sweep"})
    void innermostOverallBodyHasNoCallsOrFieldLoads(String file, String method) throws Exception {
        SourceUnit u = Harness.unit(file);
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u),
                new HpjavaCompiler.Options(Phase.LOWER, List.of(), null, null));
        assertTrue(r.success(), r.formatted());
        CompilationUnit java = r.units().get(0).javaTree();
        assertNotNull(java, "JavaParser reads the generated Java");
        MethodDeclaration m = java.findFirst(MethodDeclaration.class, d -> d.getNameAsString().equals(method)).orElseThrow();
        List<ForStmt> elementLoops = m.findAll(ForStmt.class, f -> isElementLoop(f)
                && f.getBody().findAll(ForStmt.class, LoweringShapeTest::isElementLoop).isEmpty());
        assertFalse(elementLoops.isEmpty(), "an element loop was generated");
        for (ForStmt f : elementLoops) {
            assertTrue(f.getBody().findAll(MethodCallExpr.class).isEmpty(), "call per element in " + f);
            assertTrue(f.getBody().findAll(FieldAccessExpr.class).isEmpty(), "field load per element in " + f);
        }
        String[] hpj = u.text().split("\n", -1), gen = r.units().get(0).lowered().javaText().split("\n", -1);
        assertTrue(gen.length >= hpj.length, "generated Java keeps the source's lines");
    }

    /** The innermost loop of an overall: {@code for (int $kN = 0; ...)}. */
    static boolean isElementLoop(ForStmt f) {
        return f.getInitialization().size() == 1 && f.getInitialization().get(0) instanceof VariableDeclarationExpr v
                && v.getVariables().get(0).getNameAsString().startsWith("$k");
    }
}
