package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.TryStmt;

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

    /** The calls of an overall's set-up: local block, checks, APG entry and restore. */
    private static final Set<String> SET_UP = Set.of("localBlock", "block", "crd", "enterIndex", "restoreApg", "held", "aligned", "shift");

    /**
     * Perfectly nested overalls whose inner set-up reads nothing the outer body assigns are fused: the outer element
     * loop holds no set-up call and no try between two rows. Not when the outer body assigns a bound, nor when a
     * bound is a field and the body calls a method (which could assign it).
     */
    @ParameterizedTest
    @CsvSource({"programs/NestedOveralls.hpj, sweep, true", "programs/LaplaceShape.hpj, sweep, true",
                "programs/NestedOveralls.hpj, assignedBound, false", "programs/NestedOveralls.hpj, fieldBoundWithCall, false"})
    void perfectlyNestedOverallsSetUpTheInnerOverallOnce(String file, String method, boolean fused) throws Exception {
        SourceUnit u = Harness.unit(file);
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u),
                new HpjavaCompiler.Options(Phase.LOWER, List.of(), null, null));
        assertTrue(r.success(), r.formatted());
        CompilationUnit java = r.units().get(0).javaTree();
        MethodDeclaration m = java.findFirst(MethodDeclaration.class, d -> d.getNameAsString().equals(method)).orElseThrow();
        ForStmt outer = m.findFirst(ForStmt.class, f -> isElementLoop(f)
                && !f.getBody().findAll(ForStmt.class, LoweringShapeTest::isElementLoop).isEmpty()).orElseThrow();
        List<String> setUp = outer.getBody().findAll(MethodCallExpr.class).stream().map(MethodCallExpr::getNameAsString)
                .filter(SET_UP::contains).toList();
        boolean tries = !outer.getBody().findAll(TryStmt.class).isEmpty();
        if (fused) assertTrue(setUp.isEmpty() && !tries, "set-up between the rows: " + setUp + ", try: " + tries + " in " + outer);
        else assertTrue(setUp.contains("block"), "inner block not looked up per row: " + outer);
    }

    /**
     * Red-black: a nested overall whose set-up runs in every row (not fused: its bounds depend on the
     * outer index, or a statement precedes it) takes its block from a {@code BlockCache} made once before the
     * outermost loop ({@code $bcN.block(...)}; no block computation, {@code crd} or allocation in the row). When it
     * is the outer body's only statement, its range is invariant and its range and bounds call nothing, it enters
     * its index in the first row only ({@code if ($mN == 0) $mN = ...enterIndex(...)}, no try in the row); else it
     * enters and restores in every row. Fused nests keep their one set-up and no cache.
     */
    @ParameterizedTest
    @CsvSource({"sor, true, true", "third, true, true", "triangle, true, true", "apgInside, true, true",
                "afterStatement, true, false", "calledStart, true, false", "twoRanges, true, false", "init, false, false"})
    void innerOverallsSetUpPerRowTakeCachedBlocks(String method, boolean cached, boolean entersOnce) throws Exception {
        SourceUnit u = Harness.unit("programs/RowBlocks.hpj");
        for (boolean vector : new boolean[] {true, false}) {
            HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u),
                    new HpjavaCompiler.Options(Phase.LOWER, List.of(), null, null).withVector(vector));
            assertTrue(r.success(), r.formatted());
            MethodDeclaration m = r.units().get(0).javaTree().findFirst(MethodDeclaration.class,
                    d -> d.getNameAsString().equals(method)).orElseThrow();
            ForStmt outer = m.findFirst(ForStmt.class, f -> isElementLoop(f)
                    && !f.getBody().findAll(ForStmt.class, LoweringShapeTest::isElementLoop).isEmpty()).orElseThrow();
            List<String> row = outer.getBody().findAll(MethodCallExpr.class).stream().map(MethodCallExpr::toString).toList();
            String text = m.toString();
            assertEquals(cached, text.contains("final hpjava.lang.BlockCache $bc"), "cache declared: " + text);
            assertEquals(cached, row.stream().anyMatch(c -> c.matches("\\$bc\\d+\\.block\\(\\$x\\d+, \\$c\\d+, .*")), "cached lookup per row: " + row);
            assertTrue(row.stream().noneMatch(c -> c.contains(".crd(") || c.contains("localBlock(")), "block computed per row: " + row);
            assertTrue(outer.getBody().findAll(com.github.javaparser.ast.expr.ObjectCreationExpr.class).isEmpty(), "allocation per row: " + outer);
            boolean perRowEntry = row.stream().anyMatch(c -> c.contains(".enterIndex(")) && !outer.getBody().findAll(TryStmt.class).isEmpty();
            if (!cached) assertFalse(perRowEntry, "fused: no entry per row " + outer);
            else if (entersOnce) {
                assertTrue(outer.getBody().findAll(TryStmt.class).isEmpty(), "no try per row: " + outer);
                assertTrue(outer.getBody().findFirst(IfStmt.class, i -> i.getCondition().toString().matches("\\$m\\d+ == 0")
                        && i.getThenStmt().toString().contains(".enterIndex(")).isPresent(), "entered in the first row only: " + outer);
            } else assertTrue(perRowEntry, "entered and restored per row: " + outer);
        }
    }

    /**
     * An overall nest is outlined into a method of its own wherever the user writes it (inside main, an on
     * block, a do/while convergence loop; red-black; 3-D; reductions into a local; instance, generic and varargs
     * methods; checked exceptions), so that it runs as fast as in a method of its own: as the body of a lambda passed
     * to {@code LoweringSupport.run} (a synthetic method of the same class: {@code stop at Laplace:45} finds it), or,
     * when it assigns a local or uses one that is not effectively final, in {@code $ON.$run} of a local class. Nests
     * whose meaning outlining would change stay in place: a return, a break to an outer label, this with a local.
     */
    @ParameterizedTest
    @CsvSource({"programs/Outlined.hpj, main, any", "programs/Laplace.hpj, main, any",
                "programs/Outlined.hpj, scaledSum, class", "programs/Outlined.hpj, rejectNegative, lambda",
                "programs/Outlined.hpj, holdsFive, lambda", "programs/Outlined.hpj, countNonNull, class",
                "programs/Outlined.hpj, weighted, class", "programs/LaplaceShape.hpj, sweep, lambda",
                "programs/Outlined.hpj, scaledSumThis, none", "programs/Outlined.hpj, firstAbove, none"})
    void overallNestsAreOutlinedWhereverTheUserWritesThem(String file, String method, String form) throws Exception {
        SourceUnit u = Harness.unit(file);
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u),
                new HpjavaCompiler.Options(Phase.LOWER, List.of(), null, null));
        assertTrue(r.success(), r.formatted());
        MethodDeclaration m = r.units().get(0).javaTree().findFirst(MethodDeclaration.class,
                d -> d.getNameAsString().equals(method)).orElseThrow();
        List<ForStmt> loops = m.findAll(ForStmt.class, LoweringShapeTest::isElementLoop);
        assertFalse(loops.isEmpty(), "element loops in " + method);
        for (ForStmt f : loops) {
            boolean lambda = f.findAncestor(LambdaExpr.class).flatMap(l -> l.getParentNode())
                    .filter(p -> p instanceof MethodCallExpr c && c.getNameAsString().equals("run")
                            && c.getScope().map(Object::toString).orElse("").endsWith("LoweringSupport")).isPresent();
            boolean cls = f.findAncestor(LocalClassDeclarationStmt.class).filter(c -> c.getClassDeclaration().getNameAsString()
                    .startsWith("$O") && c.getClassDeclaration().getMethodsByName("$run").size() == 1).isPresent();
            boolean stays = f.findAncestor(LabeledStmt.class, l -> l.getLabel().asString().equals("stay")).isPresent();
            String where = "element loop of " + method + ": " + f;
            switch (form) {
                case "lambda" -> assertTrue(lambda, "outlined as a lambda: " + where);
                case "class" -> assertTrue(cls, "outlined into $ON.$run: " + where);
                case "any" -> assertTrue(lambda || cls || stays, "outlined: " + where);
                default -> assertFalse(lambda || cls, "in place: " + where);
            }
        }
    }

    /**
     * The innermost element loop is versioned on the overall's constant step (red-black's step 2, steps
     * 3, -2, 1000; 1 when the step is a variable): its fast copy, taken when the local subscript steps by that
     * constant and the arrays have unit stride, computes {@code $iN = $sbN + $kN * step} (a constant scale the JIT
     * removes bounds checks for) and holds no call but the user's and no field load; the general copy follows in the else.
     */
    @ParameterizedTest
    @CsvSource({"step2, 2", "step3, 3", "stepMinus2, -2", "step1000, 1000", "step1, 1", "stepVar, 1", "redBlack, 2",
                "redBlackVar, 1", "ghostSum, 2", "sum3, 3", "fill3D, 2"})
    void innermostElementLoopIsVersionedOnItsConstantStep(String method, int step) throws Exception {
        SourceUnit u = Harness.unit("programs/StepFastPath.hpj");
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u),
                new HpjavaCompiler.Options(Phase.LOWER, List.of(), null, null));
        assertTrue(r.success(), r.formatted());
        MethodDeclaration m = r.units().get(0).javaTree().findFirst(MethodDeclaration.class,
                d -> d.getNameAsString().equals(method)).orElseThrow();
        List<IfStmt> versions = m.findAll(IfStmt.class, i -> i.getCondition().toString().matches("\\$ss\\d+ == .*")
                && i.getElseStmt().isPresent());
        assertFalse(versions.isEmpty(), "a versioned element loop in " + method);
        IfStmt v = versions.get(0);
        String n = v.getCondition().toString().replaceFirst("^\\$ss(\\d+) == .*", "$1");
        String cond = v.getCondition().toString();
        assertTrue(cond.startsWith("$ss" + n + " == " + (step < 0 ? "-" + -step : step) + " "), "versioned on step " + step + ": " + cond);
        ForStmt fast = v.getThenStmt().findFirst(ForStmt.class, LoweringShapeTest::isElementLoop).orElseThrow();
        String scale = step == 1 ? "" : " * " + (step < 0 ? "(" + step + ")" : step);
        assertTrue(fast.getBody().toString().contains("final int $i" + n + " = $sb" + n + " + $k" + n + scale + ";"),
                "fast subscript scaled by the constant: " + fast);
        assertTrue(fast.getBody().findAll(MethodCallExpr.class, c -> !c.getNameAsString().equals("f")).isEmpty(),
                "call per element other than the user's f in " + fast);
        assertTrue(fast.getBody().findAll(FieldAccessExpr.class).isEmpty(), "field load per element in " + fast);
        ForStmt general = v.getElseStmt().get().findFirst(ForStmt.class, LoweringShapeTest::isElementLoop).orElseThrow();
        assertTrue(general.getBody().toString().contains("final int $i" + n + " = $sb" + n + " + $k" + n + " * $ss" + n + ";"),
                "general copy steps by $ss: " + general);
    }

    /**
     * The unit-stride copy of a qualifying element loop first calls its vector loop ({@code $VN.$row},
     * a local class holding DoubleVector/FloatVector code, called only under {@code LoweringSupport.VECTOR} and, for
     * each written array, its data differing from every other's), then runs the scalar loop from {@code $vN} (the
     * tail); a disqualified body (a call, an in-place recurrence) has no vector loop, and {@code withVector(false)}
     * (hpjavac --no-vector) none at all. {@code main} holds Jacobi and red-black (step 2), both vectorized.
     */
    @ParameterizedTest
    @CsvSource({"jacobi, 1, true", "wide, 1, true", "compound, 1, true", "aliased, 1, true", "recurrence, 1, false",
                "same, 0, false", "main, 2, true"})
    void qualifyingElementLoopsTakeTheVectorForm(String method, int vectorLoops, boolean vector) throws Exception {
        SourceUnit u = Harness.unit("programs/VectorSweep.hpj");
        for (boolean on : new boolean[] {true, false}) {
            HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u),
                    new HpjavaCompiler.Options(Phase.LOWER, List.of(), null, null).withVector(on));
            assertTrue(r.success(), r.formatted());
            MethodDeclaration m = r.units().get(0).javaTree().findFirst(MethodDeclaration.class,
                    d -> d.getNameAsString().equals(method)).orElseThrow();
            List<LocalClassDeclarationStmt> classes = m.findAll(LocalClassDeclarationStmt.class,
                    c -> c.getClassDeclaration().getNameAsString().matches("\\$V\\d+"));
            assertEquals(on && vector ? vectorLoops : 0, classes.size(), "vector loops in " + method + " (vector " + on + ")");
            for (LocalClassDeclarationStmt c : classes) {
                String n = c.getClassDeclaration().getNameAsString().substring(2);
                String body = c.getClassDeclaration().toString();
                assertTrue(body.contains("Vector.SPECIES_PREFERRED") && body.contains(".intoArray("), body);
                IfStmt guard = m.findFirst(IfStmt.class, i -> i.getCondition().toString().startsWith("hpjava.lang.LoweringSupport.VECTOR")
                        && i.getThenStmt().toString().contains("$V" + n + ".$row(")).orElseThrow();
                if (method.equals("jacobi") || method.equals("main") && !body.contains("selectFrom"))  // red-black: one array
                    assertTrue(guard.getCondition().toString().matches(".*\\$d\\d+ != \\$d\\d+"), "storage check: " + guard);
                ForStmt tail = m.findFirst(ForStmt.class, f -> f.getInitialization().toString().contains("$k" + n + " = $v" + n))
                        .orElseThrow(() -> new AssertionError("scalar tail from $v" + n));
                assertTrue(tail.getBody().findAll(MethodCallExpr.class).isEmpty(), "call per element in the tail " + tail);
            }
        }
    }

    /**
     * Step 2 (red-black): the fast copy of an element loop stepping by 2 gets a vector loop when the body
     * writes one array at shift 0 and reads it only at the written element, at odd shifts in its row and in other
     * rows (checked per row in {@code $row}). The loop works on deinterleaved lanes: each chunk loads two vectors of
     * the written row, gathers the loop's elements and the odd lanes with two-source permutes ({@code selectFrom}),
     * takes -1 from registers ({@code $lf.selectFrom($po, $co)}) and +1 from the odd lanes, adds the rows above and
     * below before their one permute, and stores both vectors unmasked after the inverse permutes; the body's local
     * is a vector. An even shift in the written row, a write at another shift or two written arrays keep the scalar
     * loop; a shift that is not a constant is an error (SHIFT_NOT_CONSTANT) before lowering.
     */
    @ParameterizedTest
    @CsvSource({"sor, 1, 2", "wide, 1, 2", "aliased, 1, 0", "rows, 1, 1", "evenShift, 0, 0", "twoArrays, 0, 0", "shifted, 0, 0"})
    void stepTwoElementLoopsTakeTheDeinterleavedVectorForm(String method, int vectorLoops, int rowChecks) throws Exception {
        SourceUnit u = Harness.unit("programs/RedBlackVector.hpj");
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u), new HpjavaCompiler.Options(Phase.LOWER, List.of(), null, null));
        assertTrue(r.success(), r.formatted());
        MethodDeclaration m = r.units().get(0).javaTree().findFirst(MethodDeclaration.class,
                d -> d.getNameAsString().equals(method)).orElseThrow();
        assertTrue(m.toString().contains(" == 2 &&"), "the step-2 fast copy: " + m);
        List<LocalClassDeclarationStmt> classes = m.findAll(LocalClassDeclarationStmt.class,
                c -> c.getClassDeclaration().getNameAsString().matches("\\$V\\d+"));
        assertEquals(vectorLoops, classes.size(), "vector loops in " + method);
        for (LocalClassDeclarationStmt c : classes) {
            String body = c.getClassDeclaration().toString();
            assertTrue(body.contains("$co = $od.selectFrom($ca, $cb)") && body.contains("$w = $ev.selectFrom($ca, $cb)"),
                    "the written row deinterleaved: " + body);
            assertTrue(body.contains("$lo.selectFrom($w, $co).intoArray(") && body.contains("$hi.selectFrom($w, $co).intoArray("),
                    "both vectors stored after the inverse permutes: " + body);
            assertFalse(body.contains("VectorMask<") || body.contains(", $m)"), "no masked store: " + body);
            assertTrue(body.contains("$k + $L >= $n"), "a chunk only while k + L < n: " + body);
            assertEquals(rowChecks, body.split("final int \\$e = ", -1).length - 1, "per-row checks: " + body);
            if (method.equals("sor")) {
                assertTrue(body.contains("$cl = $lf.selectFrom($po, $co)"), "left neighbour from registers: " + body);
                assertTrue(body.contains("$ev.selectFrom(jdk.incubator.vector.DoubleVector.fromArray($S, $ra"), "up + down, one permute: " + body);
                assertEquals(4, body.split("\\.selectFrom\\(", -1).length - 1 - 2, "permutes in the chunk besides the stores': " + body);
                assertTrue(body.contains("final jdk.incubator.vector.DoubleVector $rt0 = "), "the local delta as a vector: " + body);
            }
            if (method.equals("wide")) assertTrue(body.contains("FloatVector") && body.contains("$lf.selectFrom($po, $co)"), body);
            String n = c.getClassDeclaration().getNameAsString().substring(2);
            assertTrue(m.findFirst(ForStmt.class, f -> f.getInitialization().toString().contains("$k" + n + " = $v" + n)).isPresent(),
                    "scalar tail from $v" + n);
        }
        HpjavaCompiler.Result off = HpjavaCompiler.compile(List.of(u),
                new HpjavaCompiler.Options(Phase.LOWER, List.of(), null, null).withVector(false));
        assertFalse(off.units().get(0).javaTree().toString().contains(".$row("), "--no-vector: no vector loop");
    }

    /** The innermost loop of an overall: {@code for (int $kN = 0; ...)}. */
    static boolean isElementLoop(ForStmt f) {
        return f.getInitialization().size() == 1 && f.getInitialization().get(0) instanceof VariableDeclarationExpr v
                && v.getVariables().get(0).getNameAsString().startsWith("$k");
    }
}
