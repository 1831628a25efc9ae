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
 * The vector form of an overall's unit-stride element loop (translator/README.md, "Vectorized element
 * loops"). C2 (JDK 25) does not vectorize {@code b[..j..] = 0.25 * (a[..j-1..] + a[..j+1..] + ...)}: it cannot prove
 * that the two arrays are different objects, so it assumes the store may feed the shifted loads (measured:
 * docs/benchmarks/HISTORY.md, "Vectorized sweep"). The Vector API ({@code jdk.incubator.vector}) runs the same arithmetic
 * lane by lane, with the IEEE add, sub, mul and div of the scalar code in the same order (no FMA), so results are
 * bit-identical.
 *
 * <p>A body qualifies ({@link #of}) when it is one or more assignments {@code =, +=, -=, *=, /=} to elements of
 * float or double multiarrays (all of one element type), and declarations of locals of that type initialized once
 * (not reassigned), of expressions built from {@code + - * /}, unary
 * {@code - +}, parentheses, element reads and loop-invariant operands: numeric literals and primitive locals or
 * fields (combined with any arithmetic, evaluated once by the caller exactly as Java would evaluate them, then
 * widened as Java's binary numeric promotion does; one that would make a float computation double disqualifies).
 * Every access must be hoisted, subscript the loop's index exactly once with a constant shift (the slot the fast
 * path has checked to have stride 1), and its other subscripts be other indexes or int invariants. An array the
 * body writes may be read only at the element written (else a later lane would read an earlier lane's store); that
 * different arrays are different storage is checked at run time ({@code $dW != $dH}), else the scalar loop runs.
 *
 * <p>At step 2 (red-black: the fast copy of {@code overall (j = y for lo : hi : 2)}, local subscripts stepping by
 * 2) a body qualifies when it writes one array W, at one element, and reads W only (a) at that element, (b) in the
 * same row (every other subscript the same) at an odd shift from it: the other colour, which this loop never
 * writes, or (c) in another row (some other subscript differs) at any constant shift, when at run time that row's
 * elements are not ones this loop writes (checked per row in {@code $row}); W is written at shift 0. See
 * {@link #stepTwo} and translator/README.md. The vector loop works on deinterleaved lanes: two vectors of a row
 * hold L of the loop's elements, permutes gather them, only those are computed, and the inverse permutes put them
 * back between the other colour's elements as loaded before both vectors are stored ({@link VectorCode}).
 *
 * <p>Emitted, in the unit-stride copy: a local class {@code $VN} with {@code static int $row(...)} doing the whole
 * vectors of the segment and returning the count done; the scalar loop then starts there (the tail). {@code $VN} is
 * loaded only when {@code LoweringSupport.VECTOR} (the module is present) holds, so a JVM without the module runs
 * the scalar loop. The code is {@link VectorCode}'s.
 */
final class Vectorizer {
    private static final Set<String> NUMERIC = Set.of("byte", "short", "char", "int", "long", "float", "double");
    /** What {@link #kind} says of an expression that reads elements (else it gives the Java type of an invariant). */
    private static final String VECTOR = "vector";

    /** An element access the vector loop reads or writes: its array's hoist and its offset parameter. */
    record Operand(Plan.Hoist hoist, Attribution.Access access, int slot) {
    }

    /**
     * A qualifying body: element type, step (1 or 2), operands by subscript key, invariant operands, statements
     * (assignments and local declarators, in order), locals, written hoists; at step 2 the written element
     * ({@code own}), the reads of the same row at shifts -1 and +1 from it ({@code left}, {@code right}: taken from
     * the odd lanes of the row as loaded) and the reads of other rows of the written array ({@code otherRows},
     * checked at run time).
     */
    static final class Form {
        final String element;
        int step = 1;
        final Map<String, Operand> operands = new LinkedHashMap<>();
        final Map<ParserRuleContext, Integer> invariants = new LinkedHashMap<>();
        final Set<Plan.Hoist> hoists = new LinkedHashSet<>();
        final Map<Plan.Hoist, String> written = new LinkedHashMap<>();
        final List<ParserRuleContext> statements = new ArrayList<>();
        final Map<Symbol.Variable, Integer> locals = new java.util.IdentityHashMap<>();
        final Map<VariableDeclaratorContext, Integer> declared = new java.util.IdentityHashMap<>();
        final Map<NameContext, Integer> localUses = new java.util.IdentityHashMap<>();
        final Map<ElementAccessContext, Operand> byAccess = new java.util.IdentityHashMap<>();
        Operand own, left, right;
        final List<Operand> otherRows = new ArrayList<>();

        private Form(String element) {
            this.element = element;
        }

        Operand operand(ElementAccessContext e) {
            return byAccess.get(e);
        }

    }

    private final Plan plan;
    private final Plan.Stmt loop;
    private final int bodyFrom, bodyTo;
    private Form form;

    private Vectorizer(Plan plan, Plan.Stmt loop, StatementContext body) {
        this.plan = plan;
        this.loop = loop;
        this.bodyFrom = body.getStart().getTokenIndex();
        this.bodyTo = body.getStop().getTokenIndex();
    }

    /**
     * The vector form of overall {@code s}'s body in its fast copy whose local subscripts step by {@code step}, or
     * null if it does not qualify (only steps 1 and 2 have one).
     */
    static Form of(Plan plan, Plan.Stmt s, StatementContext body, int step) {
        if (step != 1 && step != 2) return null;
        List<ParserRuleContext> statements = new ArrayList<>();
        if (!statements(body, statements)) return null;
        Vectorizer v = new Vectorizer(plan, s, body);
        for (ParserRuleContext st : statements)
            if (!(st instanceof VariableDeclaratorContext d ? v.local(d) : v.assignment((ExpressionContext) st))) return null;
        if (v.form == null || v.form.written.isEmpty()) return null;
        v.form.step = step;
        return step == 1 ? v.unitStride() : v.stepTwo();
    }

    /** Step 1: a written array is read only where it is written (else a later lane would read an earlier lane's store). */
    private Form unitStride() {
        for (Operand op : form.operands.values()) {
            String at = form.written.get(op.hoist());
            if (at != null && !at.equals(key(op.access()))) return null;
        }
        return form;
    }

    /**
     * Step 2: one written array W, written at one element (own, at shift s in the loop's slot); the loop writes W's
     * elements own + 2k, k < n, of one row. A read of W in the same row at shift s + d: d = 0 is the element itself
     * (read in program order, as the scalar loop does); d odd reads elements this loop never writes, so every lane
     * sees the value the scalar loop sees; d even and not 0 would read elements written by earlier iterations (a
     * recurrence): scalar. A read in another row (another subscript differs) is kept, and {@code $row} checks per
     * row that its offset e from own is odd, 0, or at least 2n away (then it never meets a written element).
     * W must be written at shift 0 in the loop's slot: the vector loop also stores the elements between two written
     * ones (with the values they hold), and at shift 0 those lie between two elements of the loop's own block, so
     * they are elements this process owns, never ghosts.
     */
    private Form stepTwo() {
        if (form.written.size() != 1) return null;
        Plan.Hoist w = form.written.keySet().iterator().next();
        form.own = form.operands.get(form.written.get(w));
        if (shift(form.own.access()) != 0) return null;  // the elements between written ones must be the loop's own
        for (Operand op : form.operands.values()) {
            if (op.hoist() != w || op == form.own) continue;
            if (!rowKey(op.access()).equals(rowKey(form.own.access()))) {
                form.otherRows.add(op);
                continue;
            }
            int d = shift(op.access()) - shift(form.own.access());
            if (d % 2 == 0) return null;
            if (d == -1) form.left = op;
            if (d == 1) form.right = op;
        }
        return form;
    }

    /**
     * The assignments' expressions and the local declarators of a body (a block of them, empty statements allowed),
     * in order; false if anything else.
     */
    private static boolean statements(StatementContext body, List<ParserRuleContext> out) {
        if (body instanceof ExpressionStatementContext es) return out.add(es.expression());
        if (body instanceof EmptyStatementContext) return true;
        if (!(body instanceof NestedBlockContext nb)) return false;
        for (BlockStatementContext bs : nb.block().blockStatement()) {
            if (bs instanceof LocalVariableDeclarationStatementContext ld) out.addAll(ld.localVariableDeclaration().variableDeclarators().variableDeclarator());
            else if (!(bs instanceof PlainStatementContext ps) || !statements(ps.statement(), out)) return false;
        }
        return true;
    }

    /**
     * A local of the body: of the element type (float or double; the first one fixes it when it comes before any
     * element access), no array dimensions, initialized, never reassigned; the vector loop holds it in a vector.
     */
    private boolean local(VariableDeclaratorContext d) {
        if (d.variableDeclaratorId().dims() != null || d.variableDeclaratorId().identifier() == null   // '_': scalar
                || d.variableInitializer() == null || d.variableInitializer().expression() == null) return false;
        Token name = d.variableDeclaratorId().identifier().getStart();
        Symbol.Variable v = null;
        for (Symbol.Variable c : plan.attr.variables())
            if (c.declaration() != null && c.declaration().getTokenIndex() == name.getTokenIndex()) v = c;
        if (v == null || v.reassigned() || v.isMultiarray() || !"double".equals(v.javaType()) && !"float".equals(v.javaType()))
            return false;
        if (form == null) form = new Form(v.javaType());
        else if (!form.element.equals(v.javaType())) return false;
        String t = kind(d.variableInitializer().expression());
        if (t == null || !t.equals(VECTOR) && !widens(t)) return false;
        form.declared.put(d, form.locals.size());
        form.locals.put(v, form.locals.size());
        form.statements.add(d);
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
        form.statements.add(as);
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
            case NameContext n when bodyLocal(n) -> {
                Integer t = form == null ? null : form.locals.get((Symbol.Variable) plan.attr.symbol(n));
                if (t == null) return null;
                form.localUses.put(n, t);
                return VECTOR;
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

    /** Whether {@code n} names a variable declared inside the body (then it is no loop invariant). */
    private boolean bodyLocal(NameContext n) {
        if (!(plan.attr.symbol(n) instanceof Symbol.Variable v) || v.isField() || v.declaration() == null) return false;
        int at = v.declaration().getTokenIndex();
        return at >= bodyFrom && at <= bodyTo;
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

    /** {@link #key} without the shift in the loop's slot: accesses with equal row keys are in the same row. */
    private String rowKey(Attribution.Access a) {
        StringBuilder sb = new StringBuilder(a.base());
        for (Attribution.Subscript sub : a.subscripts())
            sb.append('|').append(sub instanceof Attribution.IndexSubscript is
                    ? is.index().name() + "@" + (plan.binder(is.index()) == loop ? "*" : is.shift()) : text(sub.expr()));
        return sb.toString();
    }

    /** The constant shift of access {@code a} in the loop's slot. */
    private int shift(Attribution.Access a) {
        for (Attribution.Subscript sub : a.subscripts())
            if (sub instanceof Attribution.IndexSubscript is && plan.binder(is.index()) == loop) return is.shift();
        throw new IllegalStateException("no subscript of the loop's index in " + a.base());
    }

    /** The tokens of {@code e} joined by spaces: one line of Java (invariant expressions hold no comment that matters). */
    static String text(ParserRuleContext e) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < e.getChildCount(); i++) {
            if (e.getChild(i) instanceof ParserRuleContext c) sb.append(text(c));
            else sb.append(e.getChild(i).getText());
            sb.append(' ');
        }
        return sb.toString().trim();
    }
}
