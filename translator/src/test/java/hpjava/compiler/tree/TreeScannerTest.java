package hpjava.compiler.tree;

import java.util.ArrayList;
import java.util.List;

import org.antlr.v4.runtime.tree.ParseTree;
import org.junit.jupiter.api.Test;

import hpjava.compiler.parse.SourceUnit;
import hpjava.grammar.HPJavaParser.*;

import static org.junit.jupiter.api.Assertions.*;

class TreeScannerTest {

    private static final String SOURCE = """
            class A {
                int f;
                void m(int p) {
                    for (int i = 0; i < p; i++) { int x = i; }
                    for (String s : names()) { }
                    Runnable r = () -> { int y = f; };
                    try { } catch (RuntimeException e) { }
                    overall (i = x for :) { }
                }
            }
            """;

    /** Records the scope events and, per visited name, how many scopes are open. */
    private static final class Recorder extends TreeScanner {
        final List<String> events = new ArrayList<>();
        int depth;

        @Override
        protected void enterScope(ParseTree n) {
            depth++;
            events.add("enter " + n.getClass().getSimpleName().replace("Context", ""));
        }

        @Override
        protected void exitScope(ParseTree n) {
            depth--;
            events.add("exit " + n.getClass().getSimpleName().replace("Context", ""));
        }

        @Override
        protected void visit(ParseTree t) {
            if (t instanceof NameContext n) events.add(n.getText() + "@" + depth);
            scanChildren(t);
        }
    }

    @Test
    void scopesAreEnteredAndLeftAroundTheirNodesInOrder() {
        SourceUnit unit = SourceUnit.parse("A.hpj", SOURCE);
        assertTrue(unit.diagnostics().sorted().isEmpty(), () -> unit.diagnostics().sorted().toString());
        Recorder r = new Recorder();
        r.scan(unit.parse().tree());
        assertEquals(0, r.depth, "every scope entered is left");
        List<String> e = r.events;
        assertEquals("enter ClassBody", e.get(0));
        assertEquals("enter MethodDeclaration", e.get(1));
        // names are visited inside every scope that encloses them: class body, method, method block, ...
        assertTrue(e.contains("p@4"), e::toString);        // i < p: class body, method, block, for
        assertTrue(e.contains("i@5"), e::toString);        // int x = i: ... and the for's block
        assertTrue(e.contains("f@5"), e::toString);        // int y = f: ... lambda and its block
        assertTrue(e.contains("x@4"), e::toString);        // overall's range: inside the overall's own scope
        for (String kind : List.of("ForStatement", "EnhancedForStatement", "Lambda", "CatchClause", "OverallStatement")) {
            assertTrue(e.contains("enter " + kind), kind);
            assertTrue(e.indexOf("exit " + kind) > e.indexOf("enter " + kind), kind);
        }
    }

    @Test
    void terminalsAndNullAreSkipped() {
        Recorder r = new Recorder();
        r.scan(null);
        assertTrue(r.events.isEmpty());
    }
}
