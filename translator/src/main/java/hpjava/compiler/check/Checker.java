package hpjava.compiler.check;

import java.util.List;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.MultiarrayType;
import hpjava.compiler.attribute.RangeFact;
import hpjava.compiler.attribute.Symbol;
import hpjava.compiler.diag.DiagnosticKey;
import hpjava.compiler.diag.Diagnostics;
import hpjava.compiler.parse.SourceUnit;
import hpjava.compiler.tree.JavaTrees;
import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * The CHECK phase: the semantic rules of spec section 5 that are decidable at compile time, reported as keyed
 * diagnostics. What is only decidable at run time (alignment of an index with an array's range, ghost widths of
 * ranges not known here) is checked by the lowered code, once per loop, with the source position.
 */
public final class Checker {
    private final SourceUnit unit;
    private final Attribution attr;
    private final Diagnostics diag;

    private Checker(SourceUnit unit, Attribution attr) {
        this.unit = unit;
        this.attr = attr;
        this.diag = unit.diagnostics();
    }

    public static void check(SourceUnit unit, Attribution attr) {
        Checker checker = new Checker(unit, attr);
        JavaTrees.scan(unit.parse().tree(), checker::checkNode);
        Java25Rules.check(unit.parse().tree(), unit.diagnostics());
    }

    /** The rules that apply at node {@code t}; every node is checked (the scan always descends). */
    private boolean checkNode(ParseTree t) {
        switch (t) {
            case NameContext n -> name(n);
            case GlobalIndexContext g -> {
                if (!(g.expression() instanceof NameContext n && attr.symbol(n) instanceof Symbol.Index))
                    diag.report(DiagnosticKey.BACKQUOTE_NOT_INDEX, g, g.expression().getText());
            }
            case ElementAccessContext e -> elementAccess(e);
            case CreationContext c when c.creator() instanceof MultiarrayCreatorContext mc
                    && mc.multiarrayCreatorRest().expressionList() != null -> {
                distinctGridDimensions(mc.multiarrayCreatorRest().expressionList().expression());
            }
            case SectionContext s -> section(s);
            case AssignmentContext a -> assignment(a);
            case LocalVariableDeclarationContext d -> declarators(d.type(), d.variableDeclarators());
            case FieldDeclarationContext f -> declarators(f.type(), f.variableDeclarators());
            case MethodDeclarationContext m -> {
                MultiarrayType result = m.resultType().type() == null ? null : attr.declared(m.resultType().type());
                String resultText = m.resultType().getText();
                checkReturns(m.methodBody(), result, resultText);
            }
            case ArrayInitializerContext ai -> {
                for (VariableInitializerContext vi : ai.variableInitializer())
                    if (vi.expression() != null && attr.typeOf(vi.expression()) != null)
                        diag.report(DiagnosticKey.MULTIARRAY_AS_OBJECT, vi, attr.typeOf(vi.expression()).toString(), "an array element");
            }
            case AdditiveContext ad when ad.op.getType() == HPJavaParser.ADD -> {
                for (ExpressionContext operand : ad.expression())
                    if (attr.typeOf(operand) != null)
                        diag.report(DiagnosticKey.MULTIARRAY_AS_OBJECT, operand, attr.typeOf(operand).toString(),
                                "an operand of +");
            }
            case OverallStatementContext o -> rebinding(o, o.index);
            case AtStatementContext a -> rebinding(a, a.index);
            default -> { }
        }
        return true;
    }

    private void rebinding(ParserRuleContext stmt, IdentifierContext index) {
        if (index == null) return;   // '_': Java25Rules reports it
        for (ParserRuleContext p = stmt.getParent(); p != null; p = p.getParent()) {
            if (JavaTrees.opensBody(p)) return;
            Symbol.Index outer = attr.index(p);
            if (outer != null && outer.name().equals(index.getText())) {
                diag.report(DiagnosticKey.INDEX_REBOUND, index, index.getText());
                return;
            }
        }
    }

    private void name(NameContext n) {
        if (attr.symbol(n) instanceof Symbol.Index idx && !attr.indexUseAllowed(n)) {
            if (n.getParent() instanceof AssignmentContext a && a.expression(0) == n)
                diag.report(DiagnosticKey.INDEX_ASSIGNED, n, idx.name());
            else
                diag.report(DiagnosticKey.INDEX_AS_NUMBER, n, idx.name());
        }
    }

    /** Spec 5: the distributed ranges of one array lie over distinct grid dimensions (checked where provable). */
    private void distinctGridDimensions(List<ExpressionContext> slots) {
        for (int r = 1; r < slots.size(); r++) {
            RangeFact fr = rangeFact(slots.get(r));
            if (fr == null) continue;
            for (int s = 0; s < r; s++) {
                RangeFact fs = rangeFact(slots.get(s));
                if (fs != null && fs.sameGridDimension(fr)) {
                    diag.report(DiagnosticKey.SAME_GRID_DIMENSION, slots.get(r), slots.get(s).getText(),
                            slots.get(r).getText(), fr.grid().name() + ".dim(" + fr.axis() + ")");
                    break;
                }
            }
        }
    }

    private RangeFact rangeFact(ExpressionContext e) {
        return e instanceof NameContext n && attr.symbol(n) instanceof Symbol.Variable v ? v.range() : null;
    }

    private void elementAccess(ElementAccessContext e) {
        Attribution.Access a = attr.access(e);
        if (a == null && hpjava.compiler.attribute.Locations.location(e, attr) != null) {
            if (!hpjava.compiler.attribute.Locations.allowedAt(e)) diag.report(DiagnosticKey.LOCATION_USE, e, e.getText());
            return;
        }
        if (a == null) {
            if (e.subscripts.size() > 1 || e.subscripts.stream().anyMatch(this::isIndexSubscript)) {
                if (e.array instanceof NameContext n && attr.symbol(n) instanceof Symbol.Variable v && v.javaType() == null) {
                    diag.report(DiagnosticKey.UNTYPED_MULTIARRAY, e.array, n.getText());
                } else if (e.array instanceof NameContext n && attr.symbol(n) == null) {
                    // declared nowhere (a typo, a missing declaration): saying "not a multiarray" would send the
                    // user looking for a declaration that does not exist
                    diag.report(DiagnosticKey.UNDECLARED_NAME, e.array, n.getText());
                } else if (e.array instanceof NameContext n) {
                    diag.report(DiagnosticKey.NOT_A_MULTIARRAY, e.array, n.getText());
                } else {
                    diag.report(DiagnosticKey.ACCESS_BASE, e.array, e.array.getText());
                }
            }
            return;
        }
        MultiarrayType t = a.array().type();
        if (a.subscripts().size() != t.rank()) {
            diag.report(DiagnosticKey.SUBSCRIPT_COUNT, e, a.array().name(), t.rank(), a.subscripts().size());
            return;
        }
        for (int r = 0; r < t.rank(); r++) {
            Attribution.Subscript s = a.subscripts().get(r);
            if (s instanceof Attribution.IntSubscript && t.isDistributed(r)) {
                diag.report(DiagnosticKey.INT_IN_DISTRIBUTED_SLOT, s.expr(), r, a.array().name());
            } else if (s instanceof Attribution.IndexSubscript is) {
                Symbol.Variable slotVar = a.array().slotRange(r);
                RangeFact slot = slotVar == null ? null : slotVar.range();
                Symbol.Variable idxVar = is.index().rangeVariable();
                RangeFact idx = idxVar == null ? null : idxVar.range();
                if (otherRange(t, r, slotVar, slot, idxVar, idx)) {
                    diag.report(DiagnosticKey.INDEX_OTHER_RANGE, s.expr(), is.index().name(),
                            idxVar.name(), r, a.array().name());
                } else if (!is.constant()) {
                    diag.report(DiagnosticKey.SHIFT_NOT_CONSTANT, s.expr(), is.index().name());
                } else if (is.shift() != 0 && t.isDistributed(r)) {
                    Symbol.Variable rangeVar = slot != null ? slotVar : idxVar;
                    RangeFact f = slot != null ? slot : idx;
                    if (f != null && !f.collapsed()) {
                        Integer width = is.shift() < 0 ? f.lo() : f.hi();
                        if (width != null && Math.abs(is.shift()) > width)
                            diag.report(DiagnosticKey.SHIFT_BEYOND_GHOST, s.expr(), is.shift(), is.index().name(),
                                    width, rangeVar.name());
                    }
                }
            }
        }
    }

    /**
     * Whether the index's range provably differs from the array's range in slot r: a distributed slot subscripted
     * by an index of a CollapsedRange or the reverse, or two known ranges of different literal sizes.
     */
    private static boolean otherRange(MultiarrayType t, int r, Symbol.Variable slotVar, RangeFact slot,
                                      Symbol.Variable idxVar, RangeFact idx) {
        if (idx == null || slotVar == idxVar) return false;
        if (t.slotsKnown() && t.isDistributed(r) == idx.collapsed()) return true;
        return slot != null && slot.size() != null && idx.size() != null && !slot.size().equals(idx.size());
    }

    private boolean isIndexSubscript(ExpressionContext s) {
        while (s instanceof ParenthesizedContext p) s = p.expression();
        if (s instanceof AdditiveContext a) s = a.expression(0);
        return s instanceof NameContext n && attr.symbol(n) instanceof Symbol.Index;
    }

    private void section(SectionContext s) {
        MultiarrayType t = attr.typeOf(s.array);
        List<SectionSubscriptContext> subs = s.sectionSubscript();
        if (t != null) {
            if (subs.size() != t.rank())
                diag.report(DiagnosticKey.SECTION_RANK, s, s.array.getText(), subs.size(), t.rank());
            else for (int r = 0; r < subs.size(); r++)
                if (subs.get(r) instanceof HPJavaParser.SplitSubscriptContext && !t.isDistributed(r))
                    diag.report(DiagnosticKey.SPLIT_NOT_SECTION, subs.get(r), "dimension " + r + " of '" + s.array.getText()
                            + "', which is sequential");
        } else if (subs.stream().anyMatch(x -> x instanceof HPJavaParser.SplitSubscriptContext)) {
            diag.report(DiagnosticKey.SPLIT_NOT_SECTION, s, "'" + s.array.getText() + "', which is not known to be a multiarray");
        } else if (subs.size() != 1 || subs.get(0) instanceof ScalarSubscriptContext) {
            diag.report(DiagnosticKey.SECTION_SCALAR_RANGE, s, subs.size() == 1 ? "a scalar" : subs.size() + " subscripts");
        }
    }

    private void assignment(AssignmentContext a) {
        if (a.assignmentOperator().ASSIGN() == null) return;
        ExpressionContext lhs = a.expression(0), rhs = a.expression(1);
        MultiarrayType from = attr.typeOf(rhs);
        if (from == null) return;
        MultiarrayType to = attr.typeOf(lhs);
        if (to == null) {
            if (lhs instanceof NameContext n && attr.symbol(n) instanceof Symbol.Variable v && v.javaType() != null)
                diag.report(DiagnosticKey.MULTIARRAY_AS_OBJECT, rhs, from.toString(), v.javaType());
        } else {
            compatible(rhs, from, to);
        }
    }

    private void declarators(TypeContext type, VariableDeclaratorsContext ds) {
        MultiarrayType to = attr.declared(type);
        for (VariableDeclaratorContext vd : ds.variableDeclarator()) {
            VariableInitializerContext init = vd.variableInitializer();
            if (init == null || init.expression() == null) continue;
            MultiarrayType from = attr.typeOf(init.expression());
            if (from == null) continue;
            if (to == null) {
                if (!type.getText().equals("var"))
                    diag.report(DiagnosticKey.MULTIARRAY_AS_OBJECT, init, from.toString(), unit.text().substring(
                            type.getStart().getStartIndex(), type.getStop().getStopIndex() + 1));
            } else {
                compatible(init.expression(), from, to);
            }
        }
    }

    private void compatible(ExpressionContext at, MultiarrayType from, MultiarrayType to) {
        if (to.acceptsValueOf(from)) return;
        if (!from.slotsKnown() && from.element().equals(to.element()))
            diag.report(DiagnosticKey.CREATION_RANK, at, from.rank(), to.toString(), to.rank());
        else
            diag.report(DiagnosticKey.MULTIARRAY_TYPE_MISMATCH, at, from.toString(), to.toString());
    }

    /** Return statements of this method (not of nested lambdas or classes) against the declared result. */
    private void checkReturns(ParseTree body, MultiarrayType result, String resultText) {
        JavaTrees.scan(body, t -> {
            if (JavaTrees.opensBody(t)) return false;
            if (t instanceof ReturnStatementContext r && r.expression() != null) {
                MultiarrayType from = attr.typeOf(r.expression());
                if (from != null) {
                    if (result == null) diag.report(DiagnosticKey.MULTIARRAY_AS_OBJECT, r.expression(), from.toString(), resultText);
                    else compatible(r.expression(), from, result);
                }
            }
            return true;
        });
    }
}
