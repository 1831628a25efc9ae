package hpjava.compiler.lower;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.Symbol;
import hpjava.compiler.tree.JavaTrees;
import hpjava.grammar.HPJavaParser.*;

/**
 * The legality proof of one overlap ({@link Overlap}): whether the nest rooted at an overall may run in parts
 * around the exchange of array {@code a}, and if so the dimensions of {@code a} whose reads are shifted.
 */
final class NestCheck {
    private final Attribution attr;
    private final Symbol.Variable a;
    private final OverallStatementContext root;
    private final List<OverallStatementContext> levels;
    private final Set<Symbol.Index> indexes = new HashSet<>();
    private final Set<Symbol.Variable> written = new HashSet<>();
    private final List<Attribution.Access> reads = new ArrayList<>(), writesOfA = new ArrayList<>();
    private boolean legal = true;

    NestCheck(Attribution attr, Symbol.Variable a, OverallStatementContext root) {
        this.attr = attr;
        this.a = a;
        this.root = root;
        this.levels = levels(root);
        for (OverallStatementContext o : levels) indexes.add(attr.index(o));
    }

    /** The overalls of the perfect nest rooted at {@code root}, outermost first. */
    static List<OverallStatementContext> levels(OverallStatementContext root) {
        List<OverallStatementContext> out = new ArrayList<>();
        for (StatementContext s = root; s instanceof OverallStatementContext o; s = sole(o.statement())) out.add(o);
        return out;
    }

    /** A statement, or a block of exactly one plain statement: that statement; else the statement itself. */
    private static StatementContext sole(StatementContext s) {
        if (s instanceof NestedBlockContext nb && nb.block().blockStatement().size() == 1
                && nb.block().blockStatement(0) instanceof PlainStatementContext ps) return sole(ps.statement());
        return s;
    }

    /**
     * Whether {@code v} is a local multiarray variable initialized by {@code new T [[...]]} and never assigned again
     * (so it aliases no other such variable); {@code use} is a node in its scope.
     */
    static boolean fresh(Symbol.Variable v, ParserRuleContext use) {
        if (!v.isMultiarray() || v.isField() || v.reassigned() || v.declaration() == null) return false;
        ParserRuleContext m = use;
        while (m != null && !(m instanceof MethodBodyContext || m instanceof ConstructorDeclarationContext
                || m instanceof LambdaContext || m instanceof InitializerContext)) m = m.getParent();
        if (m == null) return false;
        int at = v.declaration().getTokenIndex();
        return JavaTrees.any(m, t -> t instanceof VariableDeclaratorContext d && d.variableDeclaratorId().getStart().getTokenIndex() == at
                && d.variableInitializer() != null && d.variableInitializer().expression() instanceof CreationContext c
                && c.creator() instanceof MultiarrayCreatorContext);
    }

    /** The restricted dimensions when the nest may be split, else null. */
    List<Overlap.Dim> dims() {
        for (OverallStatementContext o : levels) if (!boundsOk(o)) return null;
        StatementContext body = sole(levels.get(levels.size() - 1).statement());
        JavaTrees.scan(body, this::visit);
        if (!legal) return null;
        int rank = a.type().rank();
        OverallStatementContext[] level = new OverallStatementContext[rank];
        int[] min = new int[rank], max = new int[rank];
        for (Attribution.Access r : reads) {
            if (r.array() != a) continue;
            for (int d = 0; d < rank; d++) {
                if (!(r.subscripts().get(d) instanceof Attribution.IndexSubscript is)) {
                    if (a.type().isDistributed(d)) return null;
                    continue;
                }
                OverallStatementContext lv = (OverallStatementContext) is.index().binder();
                if (level[d] != null && level[d] != lv) return null;
                level[d] = lv;
                min[d] = Math.min(min[d], is.shift());
                max[d] = Math.max(max[d], is.shift());
            }
        }
        if (written.contains(a) && !redBlack()) return null;
        List<Overlap.Dim> out = new ArrayList<>();
        for (int d = 0; d < rank; d++) {
            if (!a.type().isDistributed(d) || (min[d] == 0 && max[d] == 0)) continue;
            // the interior is computed before the parts from the level's range: a plain name of a local or parameter
            // that the nest does not assign (its levels bind indexes only), compared with the array's range at run time
            if (!(level[d].range instanceof NameContext n) || !(attr.symbol(n) instanceof Symbol.Variable v) || v.isField()) return null;
            out.add(new Overlap.Dim(d, level[d], min[d], max[d]));
        }
        return out;
    }

    /** Bounds the parts may evaluate again: a positive constant step, no calls, assignments or creations. */
    private static boolean boundsOk(OverallStatementContext o) {
        if (!(o.overallBounds() instanceof BoundedRangeContext b)) return true;
        if (b.stride != null && StatementLowering.constantStep(o) <= 0) return false;
        if (b.stride != null && StatementLowering.constantStep(o) == 1 && !b.stride.getText().equals("1")) return false;
        return JavaTrees.all(b, NestCheck::pure) && JavaTrees.all(o.range, NestCheck::pure);
    }

    private static boolean pure(ParseTree t) {
        return !(t instanceof MethodCallContext || t instanceof UnqualifiedMethodCallContext || t instanceof CreationContext
                || t instanceof LambdaContext || t instanceof SwitchExpressionContext || JavaTrees.assignedBy(t) != null);
    }

    /** Visits one node of the body; clears {@link #legal} at the first thing the proof does not cover. */
    private boolean visit(ParseTree t) {
        if (!legal) return false;
        switch (t) {
            case OverallStatementContext o -> legal = false;
            case AtStatementContext o -> legal = false;
            case OnStatementContext o -> legal = false;
            case BreakStatementContext o -> legal = false;
            case ContinueStatementContext o -> legal = false;
            case ReturnStatementContext o -> legal = false;
            case ThrowStatementContext o -> legal = false;
            case YieldStatementContext o -> legal = false;
            case LabeledStatementContext o -> legal = false;
            case LambdaContext o -> legal = false;
            case CreationContext o -> legal = false;
            case SectionContext o -> legal = false;
            case UnqualifiedMethodCallContext o -> legal = false;
            case LocalClassDeclarationContext o -> legal = false;
            case MethodCallContext mc -> legal = mc.expression().getText().equals("Math") || mc.expression().getText().equals("StrictMath");
            case NameContext n -> legal = !(attr.symbol(n) instanceof Symbol.Variable v && v.isMultiarray())
                    || n.getParent() instanceof ElementAccessContext e && e.array == n;
            case ElementAccessContext e -> legal = access(e);
            default -> {
                ExpressionContext target = JavaTrees.assignedBy(t);
                if (target != null && !(target instanceof ElementAccessContext)) legal = declaredInBody(target);
            }
        }
        return legal;
    }

    /** An element access: of a fresh array, recorded as a read or (if assigned) a write at unshifted indices. */
    private boolean access(ElementAccessContext e) {
        Attribution.Access acc = attr.access(e);
        if (acc == null || !fresh(acc.array(), e)) return false;
        boolean write = JavaTrees.assignedBy(e.getParent()) == e;
        if (write) written.add(acc.array());
        else reads.add(acc);
        if (write && acc.array() == a) writesOfA.add(acc);
        if (acc.array() == a && !write) return true;
        for (Attribution.Subscript s : acc.subscripts())
            if (!(s instanceof Attribution.IndexSubscript is) || is.shift() != 0 || !is.constant() || !indexes.contains(is.index()))
                return false;
        return true;
    }

    /** Whether a name assigned in the body is a local variable declared in the body. */
    private boolean declaredInBody(ExpressionContext target) {
        if (!(target instanceof NameContext n) || !(attr.symbol(n) instanceof Symbol.Variable v) || v.isField() || v.declaration() == null)
            return false;
        StatementContext body = sole(levels.get(levels.size() - 1).statement());
        int at = v.declaration().getTokenIndex();
        return at >= body.getStart().getTokenIndex() && at <= body.getStop().getTokenIndex();
    }

    /**
     * The red-black proof for a nest that writes {@code a}: two overalls, the inner of step 2 from
     * {@code C + (i` + X) % 2} (or {@code (X + i`)}) with {@code i} the outer index, X a name or literal (not
     * assigned in the body: only body locals are) and C a literal; then the cells written satisfy i + j = C + X
     * (mod 2), and every shifted read of {@code a} (shift total odd) reads the other parity.
     */
    private boolean redBlack() {
        if (levels.size() != 2 || a.type().rank() != 2) return false;
        OverallStatementContext inner = levels.get(1);
        if (!(inner.overallBounds() instanceof BoundedRangeContext b) || b.stride == null || StatementLowering.constantStep(inner) != 2)
            return false;
        if (!(b.lower instanceof AdditiveContext add) || add.op.getText().equals("-") || !(add.expression(0) instanceof LiteralExpressionContext))
            return false;
        if (!(add.expression(1) instanceof MultiplicativeContext mod) || !mod.op.getText().equals("%") || !mod.expression(1).getText().equals("2"))
            return false;
        if (!(mod.expression(0) instanceof ParenthesizedContext p) || !(p.expression() instanceof AdditiveContext sum) || !sum.op.getText().equals("+"))
            return false;
        String outer = attr.index(levels.get(0)).name() + "`";
        String x = sum.expression(0).getText().equals(outer) ? sum.expression(1).getText()
                : sum.expression(1).getText().equals(outer) ? sum.expression(0).getText() : null;
        if (x == null || !x.matches("[A-Za-z_][A-Za-z0-9_]*|[0-9]+")) return false;
        List<Attribution.Access> all = new ArrayList<>(writesOfA);
        for (Attribution.Access r : reads) if (r.array() == a) all.add(r);
        for (Attribution.Access r : all) {
            // both slots subscripted by the two indexes of the nest, one each: a cell's colour is then i + j
            if (!(r.subscripts().get(0) instanceof Attribution.IndexSubscript s0)
                    || !(r.subscripts().get(1) instanceof Attribution.IndexSubscript s1) || s0.index() == s1.index())
                return false;
            int total = s0.shift() + s1.shift();
            if ((s0.shift() != 0 || s1.shift() != 0) && total % 2 == 0) return false;
        }
        return true;
    }
}
