package hpjava.compiler.lower;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.Symbol;
import hpjava.compiler.tree.JavaTrees;
import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * Outlining of overall nests: each outermost overall of a method or constructor body becomes a method
 * of its own, written in place: preferably the body of a lambda run at once
 * ({@code LoweringSupport.<E1, E2>run(() -> {...})}, compiled into a synthetic method of the same class, so a
 * debugger's {@code stop at Laplace:45} still finds the line), or, when the nest assigns a local of the method or
 * uses one that is not effectively final, the method {@code $run} of a local class {@code $ON} declared in place and
 * called right after it. The JIT then compiles the nest
 * as a method of its own, entered once per execution of the nest, instead of as part of the enclosing method (a
 * nest inside {@code main} ran at about half the speed of plain Java, compiled only by on-stack replacement of
 * {@code main}). The class is declared where the overall is, so the body's text and lines stay in place (class
 * files keep the {@code .hpj} lines; stack traces show {@code $ON.$run} at the user's line).
 *
 * <p>The lambda form needs every local the nest uses to be effectively final (never assigned; it captures them under
 * their own names) and at most two thrown types. The local class's method takes the locals of the enclosing method
 * that the nest uses as parameters of the same names (a
 * debugger shows them under the user's names); a local the nest assigns is returned and assigned back (at most one,
 * definitely assigned before: declared with an initializer, or a parameter). The method is static in a static method
 * and otherwise an instance method of an inner local class (instance fields and methods of the enclosing object are
 * reached as before); it declares the enclosing method's {@code throws} clause. A nest is left in place when
 * outlining could change its meaning: it returns, or jumps to a label outside it; it names {@code this} or
 * {@code super} in an instance method; it lies in a lambda or an initializer; the enclosing method declares a local
 * class; or it assigns more than one outer local, one not definitely assigned, or one inside a user {@code try}
 * (whose handlers could read it after an exception left the nest).
 */
final class Outlining {

    /** How overall {@code id} is outlined: the parameters, the assigned local returned (or null), static or not. */
    record Outline(int id, boolean lambda, List<String> parameterDeclarations, List<String> arguments,
                   Symbol.Variable result, String resultType, boolean isStatic, List<String> thrown) {
        /** {@code throws A, B} of {@code $run}, or empty. */
        String throwsClause() {
            return thrown.isEmpty() ? "" : " throws " + String.join(", ", thrown);
        }
    }

    private final Plan plan;

    Outlining(Plan plan) {
        this.plan = plan;
    }

    /** The outline of overall {@code o}, which no overall or at encloses in its method, or null to leave it in place. */
    Outline of(OverallStatementContext o, int id) {
        ParserRuleContext method = enclosingMethod(o);
        if (method == null || jumpsOut(o)) return null;
        Map<Symbol.Variable, Boolean> used = freeLocals(o);
        if (used == null) return null;
        List<String> thrown = thrownTypes(o, method);
        if (thrown.size() <= 2 && used.keySet().stream().noneMatch(plan::assignedAnywhere))
            return new Outline(id, true, List.of(), List.of(), null, "void", true, thrown);
        if (JavaTrees.any(method, t -> t instanceof LocalClassDeclarationContext)) return null;
        boolean isStatic = isStatic(method);
        if (!isStatic && JavaTrees.any(o, Outlining::namesThisOrSuper)) return null;
        List<String> declarations = new ArrayList<>(), arguments = new ArrayList<>();
        Symbol.Variable result = null;
        String resultType = "void";
        for (Map.Entry<Symbol.Variable, Boolean> e : used.entrySet()) {
            Symbol.Variable v = e.getKey();
            String type = parameterType(v);
            if (type == null) return null;
            if (e.getValue()) {
                if (result != null || !definitelyAssigned(v) || insideUserTry(o, method)) return null;
                result = v;
                resultType = type;
            }
            declarations.add(type + " " + v.name());
            arguments.add(v.name());
        }
        return new Outline(id, false, declarations, arguments, result, resultType, isStatic, thrown);
    }

    /** The method or constructor whose body holds {@code o} directly (no lambda, class body or initializer between). */
    private static ParserRuleContext enclosingMethod(ParseTree o) {
        for (ParseTree t = o.getParent(); t != null; t = t.getParent()) {
            if (t instanceof MethodDeclarationContext || t instanceof ConstructorDeclarationContext
                    || t instanceof CompactConstructorDeclarationContext) return (ParserRuleContext) t;
            if (JavaTrees.opensBody(t) || t instanceof InitializerContext) return null;
        }
        return null;
    }

    /** A static method that declares no type parameters (a static method of the local class could not name them). */
    private static boolean isStatic(ParserRuleContext method) {
        return method instanceof MethodDeclarationContext m && m.typeParameters() == null
                && method.getParent().getParent() instanceof MemberContext mem
                && mem.classModifier().stream().anyMatch(c -> c.STATIC() != null);
    }

    /** A return, or a break or continue to a label declared outside {@code o}, not inside a lambda or class body in it. */
    private static boolean jumpsOut(OverallStatementContext o) {
        Set<String> labels = new LinkedHashSet<>();
        JavaTrees.scan(o, t -> {
            if (t instanceof LabeledStatementContext l) labels.add(l.identifier().getText());
            return !JavaTrees.opensBody(t);
        });
        return JavaTrees.anyOutsideBodies(o, t -> t instanceof ReturnStatementContext
                || t instanceof BreakStatementContext b && b.identifier() != null && !labels.contains(b.identifier().getText())
                || t instanceof ContinueStatementContext c && c.identifier() != null && !labels.contains(c.identifier().getText()));
    }

    private static boolean namesThisOrSuper(ParseTree t) {
        return t instanceof ThisExpressionContext || t instanceof SuperMemberContext || t instanceof SuperMethodReferenceContext
                || t instanceof QualifiedThisContext || t instanceof QualifiedSuperMemberContext
                || t instanceof QualifiedSuperMethodReferenceContext;
    }

    /**
     * The locals and parameters declared outside {@code o} that {@code o} names, in order of first use, each with
     * whether {@code o} assigns it; null when one cannot be passed (a distributed index of an enclosing statement).
     */
    private Map<Symbol.Variable, Boolean> freeLocals(OverallStatementContext o) {
        Plan.Stmt s = plan.stmt(o);
        Map<Symbol.Variable, Boolean> used = new LinkedHashMap<>();
        boolean[] impossible = {false};
        JavaTrees.scan(o, t -> {
            if (t instanceof NameContext n) {
                Symbol sym = plan.attr.symbol(n);
                if (sym instanceof Symbol.Variable v && !v.isField() && plan.declaredOutside(v, s))
                    used.putIfAbsent(v, plan.assignedIn(v, s));
                if (sym instanceof Symbol.Index i && !s.contains(i.binder().getStart().getTokenIndex())) impossible[0] = true;
            }
            if (t instanceof ElementAccessContext e && plan.attr.access(e) instanceof Attribution.Access a
                    && !a.array().isField() && plan.declaredOutside(a.array(), s))
                used.putIfAbsent(a.array(), plan.assignedIn(a.array(), s));
            return true;
        });
        return impossible[0] ? null : used;
    }

    /** The Java type of a parameter holding {@code v}, or null when it cannot be written ({@code var}, dims after the name). */
    private String parameterType(Symbol.Variable v) {
        if (v.isMultiarray()) return v.type().primitive() ? v.type().javaClass() : RuntimeApi.objectMultiarray(v.type().element());
        String type = v.javaType();
        if (type == null || type.equals("var") || v.declaration() == null || type.contains("/")) return null;
        List<Token> tokens = plan.unit.parse().tokens().getTokens();
        boolean varargs = false;
        for (int i = v.declaration().getTokenIndex(); i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.getChannel() != Token.DEFAULT_CHANNEL) continue;
            if (t.getType() == HPJavaParser.ELLIPSIS) varargs = true;
            if (t.getType() == HPJavaParser.IDENTIFIER && t.getText().equals(v.name())) {
                Token next = nextDefault(tokens, i + 1);
                if (next != null && next.getType() == HPJavaParser.LBRACK) return null;
                break;
            }
        }
        return type.replace('\n', ' ').replace('\r', ' ') + (varargs ? "[]" : "");
    }

    private static Token nextDefault(List<Token> tokens, int from) {
        for (int i = from; i < tokens.size(); i++) if (tokens.get(i).getChannel() == Token.DEFAULT_CHANNEL) return tokens.get(i);
        return null;
    }

    /** A parameter, or a local declared with an initializer (so it may be passed before the nest). */
    private boolean definitelyAssigned(Symbol.Variable v) {
        List<Token> tokens = plan.unit.parse().tokens().getTokens();
        int i = v.declaration().getTokenIndex();
        // the declaration token starts a formal parameter (its type) or a variable declarator (its name)
        Token first = tokens.get(i);
        if (first.getType() == HPJavaParser.IDENTIFIER && first.getText().equals(v.name())) {
            Token next = nextDefault(tokens, i + 1);
            return next != null && next.getType() == HPJavaParser.ASSIGN;
        }
        return true;
    }

    /** Whether a user try statement with handlers lies between {@code o} and its method (it could read the local). */
    private static boolean insideUserTry(ParseTree o, ParserRuleContext method) {
        for (ParseTree t = o.getParent(); t != null && t != method; t = t.getParent())
            if (t instanceof TryStatementContext || t instanceof TryWithResourcesStatementContext) return true;
        return false;
    }

    /**
     * What the outlined nest may throw: the method's {@code throws} types, plus the types caught by user try
     * statements around {@code o} (a checked exception the nest throws may be caught there).
     */
    private List<String> thrownTypes(ParseTree o, ParserRuleContext method) {
        List<String> types = new ArrayList<>();
        ThrowsClauseContext own = method instanceof MethodDeclarationContext m ? m.throwsClause()
                : method instanceof ConstructorDeclarationContext c ? c.throwsClause() : null;
        if (own != null) for (TypeContext t : own.type()) types.add(text(t));
        for (ParseTree t = o.getParent(); t != null && t != method; t = t.getParent()) {
            List<CatchClauseContext> catches = t instanceof TryStatementContext ts ? ts.catchClause()
                    : t instanceof TryWithResourcesStatementContext tw ? tw.catchClause() : List.of();
            for (CatchClauseContext c : catches) for (TypeContext ty : c.type()) types.add(text(ty));
        }
        return types;
    }

    private String text(ParserRuleContext c) {
        return plan.unit.text().substring(c.getStart().getStartIndex(), c.getStop().getStopIndex() + 1).replace('\n', ' ').replace('\r', ' ');
    }
}
