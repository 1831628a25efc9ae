package hpjava.compiler.lower;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.Symbol;
import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * The vector form of an overall's unit-stride element loop (issue 13; translator/README.md, "Vectorized element
 * loops"). C2 (JDK 25) does not vectorize {@code b[..j..] = 0.25 * (a[..j-1..] + a[..j+1..] + ...)}: it cannot prove
 * that the two arrays are different objects, so it assumes the store may feed the shifted loads (measured:
 * docs/BENCHMARKS.md, "Vectorized sweep"). The Vector API ({@code jdk.incubator.vector}) runs the same arithmetic
 * lane by lane, with the IEEE add, sub, mul and div of the scalar code in the same order (no FMA), so results are
 * bit-identical.
 *
 * <p>A body qualifies ({@link #of}) when it is one or more assignments {@code =, +=, -=, *=, /=} to elements of
 * float or double multiarrays (all of one element type) of expressions built from {@code + - * /}, unary
 * {@code - +}, parentheses, element reads and loop-invariant operands: numeric literals and primitive locals or
 * fields (combined with any arithmetic, evaluated once by the caller exactly as Java would evaluate them, then
 * widened as Java's binary numeric promotion does; one that would make a float computation double disqualifies).
 * Every access must be hoisted, subscript the loop's index exactly once with a constant shift (the slot the fast
 * path has checked to have stride 1), and its other subscripts be other indexes or int invariants. An array the
 * body writes may be read only at the element written (else a later lane would read an earlier lane's store); that
 * different arrays are different storage is checked at run time ({@code $dW != $dH}), else the scalar loop runs.
 *
 * <p>Emitted, in the unit-stride copy: a local class {@code $VN} with {@code static int $row(...)} doing the whole
 * vectors of the segment and returning the count done; the scalar loop then starts there (the tail). {@code $VN} is
 * loaded only when {@code LoweringSupport.VECTOR} (the module is present) holds, so a JVM without the module runs
 * the scalar loop.
 */
final class Vectorizer {
    private static final String PKG = "jdk.incubator.vector.";
    private static final Set<String> NUMERIC = Set.of("byte", "short", "char", "int", "long", "float", "double");
    /** What {@link #kind} says of an expression that reads elements (else it gives the Java type of an invariant). */
    private static final String VECTOR = "vector";

    /** An element access the vector loop reads or writes: its array's hoist and its offset parameter. */
    private record Operand(Plan.Hoist hoist, Attribution.Access access, int slot) {
    }

    /** A qualifying body: element type, operands by subscript key, invariant operands, assignments, written hoists. */
    static final class Form {
        final String element;
        private final Map<String, Operand> operands = new LinkedHashMap<>();
        private final Map<ParserRuleContext, Integer> invariants = new LinkedHashMap<>();
        private final Set<Plan.Hoist> hoists = new LinkedHashSet<>();
        private final Map<Plan.Hoist, String> written = new LinkedHashMap<>();
        private final List<AssignmentContext> assignments = new ArrayList<>();
        private final Map<ElementAccessContext, Operand> byAccess = new java.util.IdentityHashMap<>();

        private Form(String element) {
            this.element = element;
        }
    }

    private final Plan plan;
    private final Plan.Stmt loop;
    private Form form;

    private Vectorizer(Plan plan, Plan.Stmt loop) {
        this.plan = plan;
        this.loop = loop;
    }

    /** The vector form of overall {@code s}'s body (its unit-stride copy, step 1), or null if it does not qualify. */
    static Form of(Plan plan, Plan.Stmt s, StatementContext body) {
        List<ExpressionContext> exprs = new ArrayList<>();
        if (!statements(body, exprs) || exprs.isEmpty()) return null;
        Vectorizer v = new Vectorizer(plan, s);
        for (ExpressionContext e : exprs) if (!v.assignment(e)) return null;
        for (Operand op : v.form.operands.values()) {  // a written array is read only where it is written
            String at = v.form.written.get(op.hoist());
            if (at != null && !at.equals(key(op.access()))) return null;
        }
        return v.form;
    }

    /** The expression statements of a body (a block of them, empty statements allowed); false if anything else. */
    private static boolean statements(StatementContext body, List<ExpressionContext> out) {
        if (body instanceof ExpressionStatementContext es) return out.add(es.expression());
        if (body instanceof EmptyStatementContext) return true;
        if (!(body instanceof NestedBlockContext nb)) return false;
        for (BlockStatementContext bs : nb.block().blockStatement())
            if (!(bs instanceof PlainStatementContext ps) || !statements(ps.statement(), out)) return false;
        return true;
    }

    private boolean assignment(ExpressionContext e) {
        if (!(e instanceof AssignmentContext as) || !(as.expression(0) instanceof ElementAccessContext target)) return false;
        int op = as.assignmentOperator().getStart().getType();
        if (op != HPJavaParser.ASSIGN && op != HPJavaParser.ADD_ASSIGN && op != HPJavaParser.SUB_ASSIGN
                && op != HPJavaParser.MUL_ASSIGN && op != HPJavaParser.DIV_ASSIGN) return false;
        Operand w = operand(target);
        if (w == null) return false;
        String at = form.written.putIfAbsent(w.hoist(), key(w.access()));
        if (at != null && !at.equals(key(w.access()))) return false;
        String t = kind(as.expression(1));
        if (t == null || !t.equals(VECTOR) && !widens(t)) return false;
        form.assignments.add(as);
        return true;
    }

    /**
     * What expression {@code e} is: {@link #VECTOR} (it reads elements), the Java type of a loop-invariant operand
     * (int, long, float, double: after numeric promotion), or null (it disqualifies the body).
     */
    private String kind(ExpressionContext e) {
        switch (e) {
            case ParenthesizedContext p -> {
                return kind(p.expression());
            }
            case ElementAccessContext a -> {
                return operand(a) == null ? null : VECTOR;
            }
            case PrefixExpressionContext p when p.prefix.getType() == HPJavaParser.SUB || p.prefix.getType() == HPJavaParser.ADD -> {
                String t = kind(p.expression());
                if (t == null || t.equals(VECTOR)) return t;
                forget(p.expression());
                invariant(p);
                return promote(t, "int");
            }
            case MultiplicativeContext m -> {
                return binary(m, m.expression(0), m.expression(1), m.op.getType() != HPJavaParser.MOD);
            }
            case AdditiveContext a -> {
                return binary(a, a.expression(0), a.expression(1), true);
            }
            default -> {
                String t = invariantLeaf(e);
                if (t != null) invariant(e);
                return t;
            }
        }
    }

    private String binary(ExpressionContext whole, ExpressionContext left, ExpressionContext right, boolean vectorOp) {
        String a = kind(left), b = kind(right);
        if (a == null || b == null) return null;
        if (!a.equals(VECTOR) && !b.equals(VECTOR)) {
            forget(left);
            forget(right);
            invariant(whole);
            return promote(a, b);
        }
        if (!vectorOp) return null;
        for (String t : new String[] {a, b}) if (!t.equals(VECTOR) && !widens(t)) return null;
        return VECTOR;
    }

    /** Whether an invariant of type {@code t} combines with elements of the form's type without leaving it. */
    private boolean widens(String t) {
        return form.element.equals("double") || !t.equals("double");
    }

    private static String promote(String a, String b) {
        for (String t : new String[] {"double", "float", "long"}) if (a.equals(t) || b.equals(t)) return t;
        return "int";
    }

    /** The type of a literal or a primitive local or field, or null. */
    private String invariantLeaf(ExpressionContext e) {
        if (e instanceof LiteralExpressionContext lit) {
            Token t = lit.literal().getStart();
            String s = t.getText();
            return switch (t.getType()) {
                case HPJavaParser.INTEGER_LITERAL -> s.endsWith("l") || s.endsWith("L") ? "long" : "int";
                case HPJavaParser.FLOATING_POINT_LITERAL -> s.endsWith("f") || s.endsWith("F") ? "float" : "double";
                case HPJavaParser.CHARACTER_LITERAL -> "int";
                default -> null;
            };
        }
        if (e instanceof NameContext n && plan.attr.symbol(n) instanceof Symbol.Variable v && !v.isMultiarray()
                && v.javaType() != null && NUMERIC.contains(v.javaType()))
            return promote(v.javaType(), "int");
        return null;
    }

    /** Records a maximal invariant operand (a parameter of the vector method; its parts are dropped by {@link #forget}). */
    private void invariant(ExpressionContext e) {
        form.invariants.put(e, form.invariants.size());
    }

    private void forget(ExpressionContext e) {
        while (e instanceof ParenthesizedContext p) {
            form.invariants.remove(e);
            e = p.expression();
        }
        form.invariants.remove(e);
    }

    /** The operand of access {@code e}, registered; null if it does not qualify. */
    private Operand operand(ElementAccessContext e) {
        Attribution.Access a = plan.attr.access(e);
        Plan.Hoist h = plan.hoist(e);
        if (a == null || h == null || !a.array().type().primitive()) return null;
        String element = a.array().type().element();
        if (!element.equals("double") && !element.equals("float")) return null;
        if (form == null) form = new Form(element);
        else if (!form.element.equals(element)) return null;
        int inner = 0;
        for (Attribution.Subscript sub : a.subscripts()) {
            if (sub instanceof Attribution.IndexSubscript is) {
                if (!is.constant()) return null;
                if (plan.binder(is.index()) == loop) inner++;
            } else if (!"int".equals(invariantInt(sub.expr()))) return null;
        }
        if (inner != 1) return null;
        form.hoists.add(h);
        Operand op = form.operands.computeIfAbsent(key(a), k -> new Operand(h, a, form.operands.size()));
        form.byAccess.put(e, op);
        return op;
    }

    /** The type of an int subscript made of literals, primitive names and arithmetic (no element access), or null. */
    private String invariantInt(ExpressionContext e) {
        return switch (e) {
            case ParenthesizedContext p -> invariantInt(p.expression());
            case AdditiveContext a -> both(invariantInt(a.expression(0)), invariantInt(a.expression(1)));
            case MultiplicativeContext m -> both(invariantInt(m.expression(0)), invariantInt(m.expression(1)));
            default -> invariantLeaf(e);
        };
    }

    private static String both(String a, String b) {
        return a == null || b == null ? null : promote(a, b);
    }

    /** An access's identity: its array and subscripts (index and shift, or the int expression's text). */
    private static String key(Attribution.Access a) {
        StringBuilder sb = new StringBuilder(a.base());
        for (Attribution.Subscript sub : a.subscripts())
            sb.append('|').append(sub instanceof Attribution.IndexSubscript is ? is.index().name() + "@" + is.shift() : text(sub.expr()));
        return sb.toString();
    }

    /** The tokens of {@code e} joined by spaces: one line of Java (invariant expressions hold no comment that matters). */
    private static String text(ParserRuleContext e) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < e.getChildCount(); i++) {
            if (e.getChild(i) instanceof ParserRuleContext c) sb.append(text(c));
            else sb.append(e.getChild(i).getText());
            sb.append(' ');
        }
        return sb.toString().trim();
    }

    // ---- emission

    /** {@code final class $VN { static int $row(...) { ... } } }: the vector loop of form {@code f} in overall {@code s}. */
    static String declaration(Form f, Plan.Stmt s) {
        String vec = PKG + (f.element.equals("double") ? "DoubleVector" : "FloatVector");
        String box = f.element.equals("double") ? "Double" : "Float";
        List<String> params = new ArrayList<>(List.of("int $n"));
        for (Plan.Hoist h : f.hoists) params.add(f.element + "[] $a" + h.id());
        for (Operand op : f.operands.values()) params.add("int $f" + op.slot());
        for (int p : f.invariants.values()) params.add(f.element + " $p" + p);
        StringBuilder sb = new StringBuilder("final class " + Gen.VECTOR_CLASS.of(s.id) + " { static int " + Gen.ROW + "("
                + String.join(", ", params) + ") { final " + PKG + "VectorSpecies<" + box + "> $S = " + vec
                + ".SPECIES_PREFERRED; final int $L = $S.length(); ");
        for (int p : f.invariants.values()) sb.append("final ").append(vec).append(" $b").append(p).append(" = ").append(vec)
                .append(".broadcast($S, $p").append(p).append("); ");
        sb.append("int $k = 0; for (; $k <= $n - $L; $k += $L) { ");
        Emission em = new Emission(f, vec);
        for (AssignmentContext as : f.assignments) {
            Operand w = em.operand((ElementAccessContext) as.expression(0));
            String value = em.vector(as.expression(1));
            String op = switch (as.assignmentOperator().getStart().getType()) {
                case HPJavaParser.ADD_ASSIGN -> "add";
                case HPJavaParser.SUB_ASSIGN -> "sub";
                case HPJavaParser.MUL_ASSIGN -> "mul";
                case HPJavaParser.DIV_ASSIGN -> "div";
                default -> null;
            };
            if (op != null) value = em.load(w) + "." + op + "(" + value + ")";
            sb.append(value).append(".intoArray($a").append(w.hoist().id()).append(", $f").append(w.slot()).append(" + $k); ");
        }
        return sb.append("} return $k; } } ").toString();
    }

    /**
     * {@code int $vN = 0; if (VECTOR && $dW != $dH ...) $vN = $VN.$row(...); }: the call, in the caller's scope (the
     * loop's {@code $nN}, {@code $sbN}, the hoists and outer subscripts), leaving in {@code $vN} where the scalar loop
     * starts.
     */
    static String call(Form f, Plan plan, Plan.Stmt s) {
        int n = s.id;
        StringBuilder cond = new StringBuilder(RuntimeApi.vectorAvailable());
        for (Plan.Hoist w : f.written.keySet())
            for (Plan.Hoist h : f.hoists)
                if (h != w && (!f.written.containsKey(h) || h.id() > w.id()))
                    cond.append(" && ").append(Gen.DATA.of(w.id())).append(" != ").append(Gen.DATA.of(h.id()));
        List<String> args = new ArrayList<>(List.of(Gen.COUNT.of(n)));
        for (Plan.Hoist h : f.hoists) args.add(Gen.DATA.of(h.id()));
        for (Operand op : f.operands.values()) args.add(offset(op, plan, s));
        for (ParserRuleContext e : f.invariants.keySet()) args.add("(" + text(e) + ")");
        return "int " + Gen.VECTOR_START.of(n) + " = 0; if (" + cond + ") " + Gen.VECTOR_START.of(n) + " = "
                + Gen.VECTOR_CLASS.of(n) + "." + Gen.ROW + "(" + String.join(", ", args) + "); ";
    }

    /** The offset of an operand's element at the segment's first local subscript ({@code $sbN}). */
    private static String offset(Operand op, Plan plan, Plan.Stmt s) {
        Plan.Hoist h = op.hoist();
        StringBuilder sb = new StringBuilder(Gen.BASE.of(h.id()));
        List<Attribution.Subscript> subs = op.access().subscripts();
        for (int r = 0; r < subs.size(); r++) {
            Attribution.Subscript sub = subs.get(r);
            if (sub instanceof Attribution.IndexSubscript is && plan.binder(is.index()) == s) {
                sb.append(" + (").append(Gen.SUB_BASE.of(s.id)).append(" + ").append(is.shift()).append(")"); // stride 1, checked
            } else if (sub instanceof Attribution.IndexSubscript is) {
                sb.append(" + ").append(Gen.STRIDE.of(h.id(), r)).append(" * (").append(Gen.SUBSCRIPT.of(plan.binder(is.index()).id))
                  .append(" + ").append(is.shift()).append(")");
            } else {
                sb.append(" + ").append(Gen.STRIDE.of(h.id(), r)).append(" * (").append(text(sub.expr())).append(")");
            }
        }
        return sb.toString();
    }

    /** Vector expressions of a form's body, inside {@code $row}. */
    private record Emission(Form f, String vec) {
        Operand operand(ElementAccessContext e) {
            return f.byAccess.get(e);
        }

        String load(Operand op) {
            return vec + ".fromArray($S, $a" + op.hoist().id() + ", $f" + op.slot() + " + $k)";
        }

        String vector(ExpressionContext e) {
            Integer p = f.invariants.get(e);
            if (p != null) return "$b" + p;
            return switch (e) {
                case ParenthesizedContext par -> vector(par.expression());
                case ElementAccessContext a -> load(operand(a));
                case PrefixExpressionContext pre -> pre.prefix.getType() == HPJavaParser.SUB ? vector(pre.expression()) + ".neg()"
                        : vector(pre.expression());
                case MultiplicativeContext m -> vector(m.expression(0)) + (m.op.getType() == HPJavaParser.MUL ? ".mul(" : ".div(")
                        + vector(m.expression(1)) + ")";
                case AdditiveContext a -> vector(a.expression(0)) + (a.op.getType() == HPJavaParser.ADD ? ".add(" : ".sub(")
                        + vector(a.expression(1)) + ")";
                default -> throw new IllegalStateException("not a vector expression: " + e.getText());
            };
        }
    }
}
