package hpjava.compiler.lower;

import static hpjava.compiler.lower.Lowerer.end;
import static hpjava.compiler.lower.Lowerer.start;

import org.antlr.v4.runtime.ParserRuleContext;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.MultiarrayType;
import hpjava.compiler.attribute.Symbol;
import hpjava.compiler.tree.JavaTrees;
import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * Expression lowering: element access {@code a[i, j]} (through the hoisted {@code $dH}, {@code $oH}, {@code $sH_r}
 * or the array's own fields), element updates of reference multiarrays, {@code i`}, {@code p / i}, sections,
 * subranges and multiarray creation. Each method emits its construct in place (one line of generated text per
 * anchor, the source's line breaks kept).
 */
final class ExpressionLowering {
    private final Lowerer l;
    private final Plan plan;
    private final Emitter em;

    ExpressionLowering(Lowerer l) {
        this.l = l;
        this.plan = l.plan;
        this.em = l.em;
    }

    /** The global index of {@code idx} where it is bound: {@code $gbN + $kN * $gsN} in an overall, {@code $lN} in at. */
    String globalIndex(Symbol.Index idx) {
        Plan.Stmt s = plan.binder(idx);
        int n = s.id;
        return s.isOverall() ? Gen.GLOBAL_BASE.of(n) + " + " + Gen.ELEMENT.of(n) + " * " + Gen.GLOBAL_STEP.of(n) : Gen.LOWER.of(n);
    }

    /** {@code i`}. */
    void globalIndexExpression(GlobalIndexContext g) {
        em.copyTo(start(g));
        l.gen("(" + globalIndex((Symbol.Index) plan.attr.symbol((NameContext) g.expression())) + ")", g);
        em.skipTo(end(g));
    }

    /** {@code p / i}: the group restricted to the process holding {@code i}. */
    void restrict(MultiplicativeContext m, Symbol.Index idx) {
        em.copyTo(start(m));
        l.gen("(", m);
        l.emit(m.expression(0));
        Plan.Stmt s = plan.binder(idx);
        l.gen(")" + RuntimeApi.restrict("", Gen.RANGE.of(s.id), globalIndex(idx)), m);
        em.skipTo(end(m));
    }

    /**
     * An element access of a multiarray with reference elements, when it is the target of a compound assignment or
     * ++/-- and its subscripts have no side effects (they are evaluated twice); else null.
     */
    Attribution.Access objectUpdate(ExpressionContext target) {
        if (!(target instanceof ElementAccessContext e) || plan.attr.access(e) == null) return null;
        Attribution.Access a = plan.attr.access(e);
        if (a.array().type().primitive()) return null;
        for (Attribution.Subscript sub : a.subscripts()) if (sideEffects(sub.expr())) return null;
        return a;
    }

    private static boolean sideEffects(ExpressionContext e) {
        return JavaTrees.any(e, t -> JavaTrees.assignedBy(t) != null || t instanceof MethodCallContext
                || t instanceof UnqualifiedMethodCallContext || t instanceof CreationContext || t instanceof LambdaContext);
    }

    /**
     * {@code a[X] op= rhs}, {@code ++a[X]}, {@code a[X]++} on reference elements (stored in an Object[]): Java's
     * own expansion {@code d[X] = (E) ((E) d[X] op (rhs))}, cast to {@code E} where the value is used (a postfix
     * value is the new value minus one). {@code rhs} null: ++/-- (op + or -).
     */
    void objectUpdate(ExpressionContext whole, Attribution.Access a, String op, ExpressionContext rhs) {
        String e = a.array().type().element();
        ParserRuleContext parent = whole.getParent();
        boolean statement = parent instanceof ExpressionStatementContext
                || parent instanceof ExpressionListContext && (parent.getParent() instanceof ForStatementContext
                        || parent.getParent() instanceof ForInitContext);
        boolean postfix = whole instanceof PostfixExpressionContext;
        em.copyTo(start(whole));
        l.gen(statement ? "" : postfix ? "((" + e + ") ((" + e + ") (" : "((" + e + ") (", whole);
        int from = em.length();
        em.skipTo(start(a.ctx()));
        access(a.ctx(), a);
        String lhs = em.text().substring(from).replace('\n', ' ');
        if (rhs == null) {
            l.gen(" = (" + e + ") ((" + e + ") " + lhs + " " + op + " 1)", whole);
            em.skipTo(end(whole));
            l.gen(statement ? "" : postfix ? ") " + (op.equals("+") ? "-" : "+") + " 1))" : "))", whole);
            return;
        }
        em.skipTo(start(rhs));
        l.gen(" = (" + e + ") ((" + e + ") " + lhs + " " + op + " (", rhs);
        l.emit(rhs);
        l.gen("))" + (statement ? "" : "))"), rhs);
        em.skipTo(end(whole));
    }

    /** {@code a[s0, ..., sR-1]}: an element of the array's data, through its hoist when it has one. */
    void access(ElementAccessContext e, Attribution.Access a) {
        Plan.Hoist h = plan.hoist(e);
        MultiarrayType t = a.array().type();
        String name = a.base();
        String d = h != null ? Gen.DATA.of(h.id()) : RuntimeApi.dat(name);
        String o = h != null ? Gen.BASE.of(h.id()) : RuntimeApi.bas(name);
        boolean cast = !t.primitive() && !(e.getParent() instanceof AssignmentContext as && as.expression(0) == e)
                && !(e.getParent() instanceof PrefixExpressionContext || e.getParent() instanceof PostfixExpressionContext);
        em.copyTo(start(e));
        l.gen((cast ? "((" + t.element() + ") " : "") + d + "[" + o, e);
        for (int r = 0; r < t.rank(); r++) {
            Attribution.Subscript sub = a.subscripts().get(r);
            String str = h != null ? Gen.STRIDE.of(h.id(), r) : RuntimeApi.str(name, r);
            if (sub instanceof Attribution.IndexSubscript is) {
                int n = plan.binder(is.index()).id;
                if (h != null && l.unitStride(plan.binder(is.index()))) str = "1"; // unit stride, checked before the loop
                String i = Gen.SUBSCRIPT.of(n);
                l.gen(" + " + (str.equals("1") ? "" : str + " * ") + (is.shift() == 0 ? i : "(" + i + " + " + is.shift() + ")"), sub.expr());
                em.skipTo(end(sub.expr()));
            } else {
                l.gen(" + " + str + " * (", sub.expr());
                em.skipTo(start(sub.expr()));
                l.emit(sub.expr());
                l.gen(")", sub.expr());
            }
        }
        l.gen("]" + (cast ? ")" : ""), e);
        em.skipTo(end(e));
    }

    /** A section {@code a[[...]]} or a subrange {@code x[[l:u:s]]}. */
    void section(SectionContext s) {
        MultiarrayType t = plan.attr.typeOf(s.array);
        em.copyTo(start(s));
        l.gen("(", s);
        l.emit(s.array);
        if (t == null) {
            TripletSubscriptContext tr = (TripletSubscriptContext) s.sectionSubscript(0);
            if (tr.lower == null) {
                l.gen(")", s);
            } else {
                l.gen(")" + RuntimeApi.subrangeOpen(), tr);
                triplet(tr);
                l.gen(")", s);
            }
            em.skipTo(end(s));
            return;
        }
        l.gen(")" + RuntimeApi.sectionOpen(), s);
        String sep = "";
        for (SectionSubscriptContext ss : s.sectionSubscript()) {
            l.gen(sep, ss);
            sep = ", ";
            if (ss instanceof ScalarSubscriptContext sc) {
                l.gen(RuntimeApi.tripletScalar(), ss);
                if (sc.expression() instanceof NameContext n && plan.attr.symbol(n) instanceof Symbol.Index idx) {
                    l.gen(globalIndex(idx), ss);
                } else {
                    em.skipTo(start(sc.expression()));
                    l.emit(sc.expression());
                }
                l.gen(")", ss);
            } else {
                TripletSubscriptContext tr = (TripletSubscriptContext) ss;
                if (tr.lower == null) l.gen(RuntimeApi.tripletAll(), ss);
                else {
                    l.gen(RuntimeApi.tripletOpen(), ss);
                    triplet(tr);
                    l.gen(")", ss);
                }
            }
            em.skipTo(end(ss));
        }
        l.gen(")", s);
        em.skipTo(end(s));
    }

    private void triplet(TripletSubscriptContext tr) {
        em.skipTo(start(tr.lower));
        l.emit(tr.lower);
        l.gen(", ", tr.upper);
        em.skipTo(start(tr.upper));
        l.emit(tr.upper);
        if (tr.stride != null) {
            l.gen(", ", tr.stride);
            em.skipTo(start(tr.stride));
            l.emit(tr.stride);
        }
        em.skipTo(end(tr));
    }

    /** {@code new T [[e0, e1]] on g} → {@code new TMultiarray((Group) (g), range(e0), range(e1))}. */
    void creation(CreationContext c, MultiarrayCreatorContext mc) {
        MultiarrayType t = plan.attr.typeOf(c);
        MultiarrayCreatorRestContext rest = mc.multiarrayCreatorRest();
        em.copyTo(start(c));
        String cls = t.primitive() ? t.javaClass() : RuntimeApi.objectMultiarray(t.element());
        l.gen("new " + cls + "(", c);
        int a = em.length();
        String sep = "";
        if (rest.expressionList() != null) {
            for (ExpressionContext e : rest.expressionList().expression()) {
                l.gen(sep + RuntimeApi.rangeOpen(), e);
                sep = ", ";
                em.skipTo(start(e));
                l.emit(e);
                l.gen(")", e);
            }
        }
        String group = "(" + RuntimeApi.GROUP + ") ";
        if (rest.group != null) {
            int b = em.length();
            em.skipTo(start(rest.group));
            l.gen(group + "(", rest.group);
            l.emit(rest.group);
            l.gen(")", rest.group);
            int end = em.length();
            em.swap(a, b, end, b > a ? ", " : "");
        } else if (rest.expressionList() == null) {
            l.gen(group + "null", c);
        }
        l.gen(")", c);
        em.skipTo(end(c));
    }

    /** Whether the token is {@code /} of a {@code p / i} with {@code i} a distributed index; that index, else null. */
    Symbol.Index restrictedIndex(MultiplicativeContext m) {
        return m.op.getType() == HPJavaParser.DIV && m.expression(1) instanceof NameContext n
                && plan.attr.symbol(n) instanceof Symbol.Index idx ? idx : null;
    }
}
