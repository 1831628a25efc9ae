package hpjava.compiler.lower;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.RangeFact;
import hpjava.compiler.attribute.Symbol;
import hpjava.compiler.parse.SourceUnit;
import hpjava.compiler.tree.JavaTrees;
import hpjava.grammar.HPJavaParser.*;

/**
 * The analysis step of the lowering: numbers every overall, at and on statement ({@link Stmt}), decides where each
 * element access's array is hoisted ({@link Hoist}) and which run-time checks ({@link RuntimeCheck}) each loop makes once.
 * Reads the attribution only; emits nothing.
 */
final class Plan {

    /** An overall, at or on statement. */
    static final class Stmt {
        final int id;
        final ParserRuleContext ctx;
        Stmt root;
        /** The overalls nested in this root (each reuses one block, declared before the root). */
        final List<Stmt> nested = new ArrayList<>();
        final Map<Symbol.Variable, Hoist> hoists = new LinkedHashMap<>();
        /** The checks made once before the loop, each with the position of the first access needing it. */
        final Map<RuntimeCheck, String> checks = new LinkedHashMap<>();
        /** Strides ($sH_r) of hoisted arrays subscripted by this statement's index in slot r. */
        final Set<String> indexStrides = new LinkedHashSet<>();
        /** Whether the body holds another overall, at or on, a lambda or a class body (then the element loop is not versioned). */
        boolean hasNested;
        /**
         * The arrays (and their qualifiers) named by this statement's checks. Every checked access is attributed, so
         * its array is named by {@code a}, {@code this.a} or a chain of names {@code q.r.a} (Attributor.elementAccess):
         * reading it runs no code, and a qualified one is a field.
         */
        final Set<Symbol.Variable> checkVars = new LinkedHashSet<>();

        Stmt(int id, ParserRuleContext ctx) {
            this.id = id;
            this.ctx = ctx;
        }

        boolean isRoot() { return root == this; }

        boolean isOverall() { return ctx instanceof OverallStatementContext; }

        boolean contains(int tokenIndex) {
            return tokenIndex >= ctx.getStart().getTokenIndex() && tokenIndex <= ctx.getStop().getTokenIndex();
        }
    }

    /** Array {@code array} (written {@code base}) read once into {@code $dH}, {@code $oH}, {@code $sH_r} before a loop. */
    record Hoist(Symbol.Variable array, String base, int id) {
    }

    final SourceUnit unit;
    final Attribution attr;
    private final Map<ParserRuleContext, Stmt> stmts = new IdentityHashMap<>();
    private final Map<Symbol.Index, Stmt> indexStmt = new HashMap<>();
    private final Map<ElementAccessContext, Hoist> accessHoist = new IdentityHashMap<>();
    private final Map<Symbol.Variable, List<Integer>> assignments = new HashMap<>();
    private final Map<ParserRuleContext, Outlining.Outline> outlines = new IdentityHashMap<>();
    private final Outlining outlining = new Outlining(this);
    private int counter;

    private Plan(SourceUnit unit, Attribution attr) {
        this.unit = unit;
        this.attr = attr;
    }

    /** Plans the lowering of one attributed unit. */
    static Plan of(SourceUnit unit, Attribution attr) {
        Plan p = new Plan(unit, attr);
        JavaTrees.scan(unit.parse().tree(), p::recordAssignment);
        p.prepare(unit.parse().tree(), new ArrayDeque<>());
        return p;
    }

    Stmt stmt(ParserRuleContext overallAtOrOn) { return stmts.get(overallAtOrOn); }

    Stmt binder(Symbol.Index index) { return indexStmt.get(index); }

    /** The hoist an element access uses, or null (then it reads the array's fields in place). */
    Hoist hoist(ElementAccessContext e) { return accessHoist.get(e); }

    /** How overall {@code o} is outlined into a method of its own, or null (emitted in place). */
    Outlining.Outline outline(OverallStatementContext o) { return outlines.get(o); }

    private boolean recordAssignment(ParseTree t) {
        if (JavaTrees.assignedBy(t) instanceof NameContext n && attr.symbol(n) instanceof Symbol.Variable v)
            assignments.computeIfAbsent(v, k -> new ArrayList<>()).add(n.getStart().getTokenIndex());
        return true;
    }

    private void prepare(ParseTree t, Deque<Stmt> stack) {
        if (t == null || t instanceof org.antlr.v4.runtime.tree.TerminalNode) return;
        if (JavaTrees.opensBody(t)) {
            for (Stmt outer : stack) outer.hasNested = true;
            Deque<Stmt> fresh = new ArrayDeque<>();
            for (int i = 0; i < t.getChildCount(); i++) prepare(t.getChild(i), fresh);
            return;
        }
        if (t instanceof OverallStatementContext || t instanceof AtStatementContext || t instanceof OnStatementContext) {
            ParserRuleContext ctx = (ParserRuleContext) t;
            Stmt s = new Stmt(++counter, ctx);
            s.root = stack.isEmpty() ? s : stack.peekLast();
            for (Stmt outer : stack) outer.hasNested = true;
            stmts.put(ctx, s);
            Symbol.Index idx = attr.index(ctx);
            if (idx != null) indexStmt.put(idx, s);
            if (s.isOverall() && stack.stream().allMatch(outer -> outer.ctx instanceof OnStatementContext)) {
                Outlining.Outline outline = outlining.of((OverallStatementContext) ctx, s.id);
                if (outline != null) {
                    // its own method: a root, with its own context, blocks and hoists, as in a lambda body
                    outlines.put(ctx, outline);
                    s.root = s;
                    for (Stmt outer : stack) outer.hasNested = true;
                    stack = new ArrayDeque<>();
                }
            }
            if (!s.isRoot() && s.isOverall()) s.root.nested.add(s);
            stack.push(s);
            for (int i = 0; i < t.getChildCount(); i++) prepare(t.getChild(i), stack);
            stack.pop();
            return;
        }
        if (t instanceof ElementAccessContext e && attr.access(e) != null) access(e, attr.access(e), stack);
        for (int i = 0; i < t.getChildCount(); i++) prepare(t.getChild(i), stack);
    }

    /** Plans the hoist of an element access and the checks of the loops binding its subscripts. */
    private void access(ElementAccessContext e, Attribution.Access a, Deque<Stmt> stack) {
        Symbol.Variable v = a.array();
        Hoist hoist = null;
        Symbol.Variable qualifier = qualifier(e);
        for (Iterator<Stmt> it = stack.descendingIterator(); it.hasNext(); ) {
            Stmt s = it.next();
            if (s.ctx instanceof OnStatementContext || !outside(v, s) || qualifier != null && !outside(qualifier, s)) continue;
            hoist = s.hoists.computeIfAbsent(v, k -> new Hoist(k, a.base(), ++counter));
            accessHoist.put(e, hoist);
            break;
        }
        // membership of the array's group: checked once, at the outermost loop binding one of its subscripts
        Stmt outermost = null;
        ParserRuleContext heldAt = null;
        for (Attribution.Subscript sub : a.subscripts()) {
            if (!(sub instanceof Attribution.IndexSubscript is)) continue;
            Stmt binder = indexStmt.get(is.index());
            if (binder == null || !declaredOutside(v, binder)) continue;
            if (outermost == null || binder.contains(outermost.ctx.getStart().getTokenIndex()) && binder != outermost) {
                outermost = binder;
                heldAt = is.expr();
            }
        }
        if (outermost != null) {
            outermost.checks.putIfAbsent(new RuntimeCheck.Held(a.base()), position(heldAt));
            checked(outermost, v, qualifier);
        }
        for (int r = 0; r < a.subscripts().size(); r++) {
            if (!(a.subscripts().get(r) instanceof Attribution.IndexSubscript is)) continue;
            Stmt binder = indexStmt.get(is.index());
            if (binder == null) continue;
            if (hoist != null) binder.indexStrides.add(Gen.STRIDE.of(hoist.id(), r));
            if (!declaredOutside(v, binder)) continue;
            if (!provablyAligned(v, r, is.index())) {
                binder.checks.putIfAbsent(new RuntimeCheck.Aligned(a.base(), r), position(is.expr()));
                checked(binder, v, qualifier);
            }
            if (is.shift() != 0 && !provableShift(v, r, is)) {
                binder.checks.putIfAbsent(new RuntimeCheck.Shift(a.base(), r, is.shift()), position(is.expr()));
                checked(binder, v, qualifier);
            }
        }
    }

    /** Records what the checks of {@code s} read: {@code array} and its qualifier (for {@link Fusion}). */
    private static void checked(Stmt s, Symbol.Variable array, Symbol.Variable qualifier) {
        s.checkVars.add(array);
        if (qualifier != null) s.checkVars.add(qualifier);
    }

    /** For {@code q.f[...]}, the variable {@code q} names (hoisting needs it unchanged too), else null. */
    private Symbol.Variable qualifier(ElementAccessContext e) {
        ExpressionContext q = e.array;
        while (q instanceof FieldAccessContext f) q = f.expression();
        return q != e.array && q instanceof NameContext n && attr.symbol(n) instanceof Symbol.Variable v ? v : null;
    }

    boolean declaredOutside(Symbol.Variable v, Stmt s) {
        return v.declaration() == null || !s.contains(v.declaration().getTokenIndex());
    }

    /** Whether {@code v} may be read once before {@code s}: declared outside it and never assigned inside it. */
    boolean outside(Symbol.Variable v, Stmt s) {
        if (!declaredOutside(v, s)) return false;
        for (int tok : assignments.getOrDefault(v, List.of())) if (s.contains(tok)) return false;
        return true;
    }

    /** Whether {@code v} is assigned anywhere after its declaration (then it is not effectively final). */
    boolean assignedAnywhere(Symbol.Variable v) {
        return assignments.containsKey(v);
    }

    /** Whether some assignment of {@code v} lies inside {@code s}. */
    boolean assignedIn(Symbol.Variable v, Stmt s) {
        for (int tok : assignments.getOrDefault(v, List.of())) if (s.contains(tok)) return true;
        return false;
    }

    private boolean provablyAligned(Symbol.Variable array, int r, Symbol.Index idx) {
        Symbol.Variable slot = array.slotRange(r);
        return slot != null && slot == idx.rangeVariable() && !slot.reassigned();
    }

    private boolean provableShift(Symbol.Variable array, int r, Attribution.IndexSubscript is) {
        Symbol.Variable rv = array.slotRange(r);
        if (rv == null || rv.range() == null) return false;
        RangeFact f = rv.range();
        Integer width = is.shift() < 0 ? f.lo() : f.hi();
        return f.collapsed() || (width != null && width >= Math.abs(is.shift()));
    }

    /** {@code File.hpj:line:col} of {@code c}. */
    String position(ParserRuleContext c) {
        return unit.name() + ":" + c.getStart().getLine() + ":" + (c.getStart().getCharPositionInLine() + 1);
    }
}
