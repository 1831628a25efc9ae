package hpjava.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;

import hpjava.compiler.attribute.Symbol;
import hpjava.compiler.tree.JavaTrees;
import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * Fusion legality of perfectly nested overalls: the overall that is the whole body of overall {@code s} (alone, or
 * the only statement of a block), when everything its set-up reads is the same in every iteration of {@code s}.
 * Its range, bounds and the arrays its checks read must be literals and variables that {@code s} does not assign
 * (combined by arithmetic), and it must hoist no array of its own (those are assigned in {@code s}). Then its set-up
 * (block, checks, {@code enterIndex}: {@code APG / i / j} is the same for every {@code i}) runs once before
 * {@code s}'s loop, guarded by "s has elements", instead of once per iteration of {@code s}: between two rows the
 * loop holds no call, and the JIT compiles the element loop as it does a hand-written double loop (measured:
 * docs/benchmarks/HISTORY.md, Jacobi). Nothing observable runs between the two places (each iteration of {@code s} started
 * with this set-up), so results, exceptions and failed checks are the same, and the set-up stays on the inner
 * overall's lines. A variable that is a field could be assigned by code the body calls, so with fields the body
 * must call nothing ({@link #callsNothing}).
 */
final class Fusion {
    private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "char", "short", "int", "long", "float", "double");

    private final Plan plan;

    Fusion(Plan plan) {
        this.plan = plan;
    }

    /** The overalls fused into {@code o}, outermost first (empty: none). */
    List<OverallStatementContext> chain(OverallStatementContext o) {
        List<OverallStatementContext> chain = new ArrayList<>();
        for (OverallStatementContext p = o, ch; (ch = fusedChild(plan.stmt(p), p)) != null; p = ch) chain.add(ch);
        return chain;
    }

    /** The overall that is the whole body of overall {@code o} (alone, or the only statement of a block), or null. */
    static OverallStatementContext soleOverall(OverallStatementContext o) {
        StatementContext body = o.statement();
        if (body instanceof NestedBlockContext nb && nb.block().blockStatement().size() == 1
                && nb.block().blockStatement(0) instanceof PlainStatementContext ps) body = ps.statement();
        return body instanceof OverallStatementContext inner ? inner : null;
    }

    /**
     * Whether overall {@code inner} lies in the body of another overall and is not fused into it: its set-up runs
     * once per iteration of that overall (red-black's rows), and takes its block from a cache.
     */
    boolean setUpPerIteration(OverallStatementContext inner) {
        OverallStatementContext parent = enclosingOverall(inner);
        return parent != null && fusedChild(plan.stmt(parent), parent) != inner;
    }

    /**
     * Whether the nested overall {@code inner}, not fused, enters its index once for the whole overall around it
     * instead of once per iteration: it is that overall's whole body, its range is the same in every iteration
     * ({@link #invariant}: the group it enters is then too), and its range and bounds call nothing
     * ({@link #callsNothing}; red-black's {@code 1 + (i` + c) % 2} does not). Its {@code enterIndex} runs in the
     * first iteration and its APG entry stays until the enclosing overall's {@code finally} pops it: every later
     * iteration would push the same group ({@code APG / i / j} does not depend on {@code i}), and what runs between
     * two entries (the range and bounds) cannot see the APG, so results, exceptions and failed checks are the same.
     */
    boolean entersOnce(OverallStatementContext inner) {
        OverallStatementContext parent = enclosingOverall(inner);
        if (parent == null || soleOverall(parent) != inner || fusedChild(plan.stmt(parent), parent) == inner) return false;
        boolean[] fields = {false};
        if (!invariant(inner.range, plan.stmt(parent), fields) || !callsNothing(inner.range)
                || fields[0] && !callsNothing(parent.statement())) return false;
        return !(inner.overallBounds() instanceof BoundedRangeContext b)
                || callsNothing(b.lower) && callsNothing(b.upper) && (b.stride == null || callsNothing(b.stride));
    }

    /** The overall whose body holds {@code o} (at any depth), or null. */
    private static OverallStatementContext enclosingOverall(OverallStatementContext o) {
        ParserRuleContext p = o.getParent();
        while (p != null && !(p instanceof OverallStatementContext)) p = p.getParent();
        return (OverallStatementContext) p;
    }

    /** The overall fused into {@code s} (see the class comment), or null. */
    private OverallStatementContext fusedChild(Plan.Stmt s, OverallStatementContext o) {
        OverallStatementContext inner = soleOverall(o);
        if (inner == null) return null;
        Plan.Stmt in = plan.stmt(inner);
        if (!in.hoists.isEmpty()) return null;
        boolean[] fields = {false};
        List<ExpressionContext> read = new ArrayList<>(List.of(inner.range));
        if (inner.overallBounds() instanceof BoundedRangeContext b) {
            read.add(b.lower);
            read.add(b.upper);
            if (b.stride != null) read.add(b.stride);
        }
        for (ExpressionContext e : read) if (!invariant(e, s, fields)) return null;
        for (Symbol.Variable v : in.checkVars) {
            if (!plan.outside(v, s)) return null;
            fields[0] |= v.isField();
        }
        return fields[0] && !callsNothing(o.statement()) ? null : inner;
    }

    /**
     * Whether {@code e} has the same value in every iteration of {@code s}: integer literals, and variables declared
     * outside {@code s} and not assigned in it, combined by parentheses, unary and binary arithmetic and field access.
     * Sets {@code fields[0]} when a field is read.
     */
    private boolean invariant(ExpressionContext e, Plan.Stmt s, boolean[] fields) {
        return switch (e) {
            case ParenthesizedContext p -> invariant(p.expression(), s, fields);
            case LiteralExpressionContext l -> l.literal().INTEGER_LITERAL() != null;
            case NameContext n -> plan.attr.symbol(n) instanceof Symbol.Variable v && plan.outside(v, s) && read(v.isField(), fields);
            case ThisExpressionContext t -> true;
            case FieldAccessContext f -> read(true, fields) && invariant(f.expression(), s, fields);
            case PrefixExpressionContext p -> (p.prefix.getType() == HPJavaParser.ADD || p.prefix.getType() == HPJavaParser.SUB)
                    && invariant(p.expression(), s, fields);
            case MultiplicativeContext m -> invariant(m.expression(0), s, fields) && invariant(m.expression(1), s, fields);
            case AdditiveContext a -> invariant(a.expression(0), s, fields) && invariant(a.expression(1), s, fields);
            default -> false;
        };
    }

    /** Notes a read of a field in {@code fields[0]} when {@code field}; true. */
    private static boolean read(boolean field, boolean[] fields) {
        fields[0] |= field;
        return true;
    }

    /**
     * Whether running {@code t} can run no code of the program other than itself (so it cannot assign a field
     * elsewhere): no call, creation, lambda or class body, iteration over an Iterable, resource, pattern, switch, or
     * string conversion of a program object (no string literal; names only of primitive, multiarray and hpjava.lang
     * group and range types, elements only of primitive multiarrays, so {@code +} calls no toString of the program);
     * assignments only to local variables and multiarray elements. HPJava constructs call only the runtime.
     */
    private boolean callsNothing(ParseTree t) {
        return JavaTrees.all(t, this::runsNoOtherCode);
    }

    private boolean runsNoOtherCode(ParseTree t) {
        return switch (t) {
            case MethodCallContext x -> false;
            case UnqualifiedMethodCallContext x -> false;
            case CreationContext x -> false;
            case QualifiedClassCreationContext x -> false;
            case SuperMemberContext x -> false;
            case QualifiedSuperMemberContext x -> false;
            case MethodReferenceContext x -> false;
            case TypeMethodReferenceContext x -> false;
            case SuperMethodReferenceContext x -> false;
            case QualifiedSuperMethodReferenceContext x -> false;
            case LambdaContext x -> false;
            case ClassBodyContext x -> false;
            case LocalClassDeclarationContext x -> false;
            case EnhancedForStatementContext x -> false;
            case TryWithResourcesStatementContext x -> false;
            case InstanceOfContext x -> false;
            case SwitchBlockContext x -> false;
            case LiteralContext l -> l.STRING_LITERAL() == null && l.TEXT_BLOCK() == null;
            case NameContext n -> switch (plan.attr.symbol(n)) {
                case Symbol.Index i -> true;
                case Symbol.Variable v -> v.isMultiarray() || v.javaType() != null
                        && (PRIMITIVES.contains(v.javaType()) || RuntimeApi.RANGE_AND_GROUP_TYPES.contains(v.javaType()));
                case null, default -> false;
            };
            case ElementAccessContext e -> plan.attr.access(e) != null && plan.attr.access(e).array().type().primitive();
            case AssignmentContext a -> assignable(a.expression(0));
            case PostfixExpressionContext p -> assignable(p.expression());
            case PrefixExpressionContext p -> !JavaTrees.isIncDec(p) || assignable(p.expression());
            default -> true;
        };
    }

    /** A target that is a local variable or a multiarray element (assigning it changes no field). */
    private boolean assignable(ExpressionContext target) {
        return target instanceof ElementAccessContext e && plan.attr.access(e) != null
                || target instanceof NameContext n && plan.attr.symbol(n) instanceof Symbol.Variable v && !v.isField();
    }
}
