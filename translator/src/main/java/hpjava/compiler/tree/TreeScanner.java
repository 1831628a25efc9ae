package hpjava.compiler.tree;

import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * The one walker of parse trees for the translator's analyses, after javac's {@code TreeScanner}: {@link #scan}
 * visits a node, {@link #visit} does by default nothing but {@link #scanChildren}, and a pass overrides
 * {@code visit} for the nodes it cares about (calling {@code scanChildren}, or scanning chosen children in its own
 * order). Java's scopes are known here once: {@link #scan} brackets every node that opens one
 * ({@link JavaTrees#opensScope}) with {@link #enterScope} and {@link #exitScope}, so a pass that keeps a symbol
 * table only pushes and pops it there. Terminals and null are skipped.
 *
 * <p>Recursive: callers run on a {@link hpjava.compiler.DeepStack} thread (three frames a tree level).
 */
public abstract class TreeScanner {

    /** Visits {@code t} (nothing for null or a terminal), inside {@code t}'s scope if it opens one. */
    public final void scan(ParseTree t) {
        if (t == null || t instanceof TerminalNode) return;
        if (!JavaTrees.opensScope(t)) {
            visit(t);
            return;
        }
        enterScope(t);
        visit(t);
        exitScope(t);
    }

    /** What the pass does at {@code t}; by default, scans its children. */
    protected void visit(ParseTree t) {
        scanChildren(t);
    }

    /** Scans the children of {@code t} in order. */
    protected final void scanChildren(ParseTree t) {
        for (int i = 0; i < t.getChildCount(); i++) scan(t.getChild(i));
    }

    /** Called before visiting a node that opens a scope. */
    protected void enterScope(ParseTree scopeNode) {
    }

    /** Called after visiting a node that opens a scope. */
    protected void exitScope(ParseTree scopeNode) {
    }
}
