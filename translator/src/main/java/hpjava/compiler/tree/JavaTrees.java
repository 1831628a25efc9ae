package hpjava.compiler.tree;

import java.util.function.Predicate;

import org.antlr.v4.runtime.tree.ParseTree;

import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * What Java's structure means, written once for the passes that walk parse trees (javac's TreeInfo is the model):
 * which nodes start a new body of code (a lambda or a class body: statements inside run at another time, and jumps
 * and returns inside do not leave the enclosing statement), which nodes assign a variable and what they assign,
 * which nodes open a scope, which nodes are the loops and switches an unlabeled {@code break} leaves, and a
 * pre-order scan with pruning (over {@link TreeScanner}, the one walker).
 */
public final class JavaTrees {
    private JavaTrees() {
    }

    /** A lambda or class body (anonymous, local or member class): code that runs apart from where it is written. */
    public static boolean opensBody(ParseTree t) {
        return t instanceof LambdaContext || t instanceof ClassBodyContext;
    }

    /**
     * A node whose declarations are visible only inside it: a class, record or enum body, a method or constructor
     * (its parameters), a block or switch block, a {@code for} or {@code for}-each statement, a catch clause, a
     * lambda, and HPJava's {@code overall} and {@code at} (their index). Names used in such a node's header (a
     * for-each's expression, an {@code overall}'s range) resolve outside it because they are visited before the
     * node declares anything.
     */
    public static boolean opensScope(ParseTree t) {
        return t instanceof ClassBodyContext || t instanceof RecordDeclarationContext || t instanceof EnumDeclarationContext
                || t instanceof MethodDeclarationContext || t instanceof ConstructorDeclarationContext
                || t instanceof BlockContext || t instanceof ConstructorBodyContext || t instanceof SwitchBlockContext
                || t instanceof ForStatementContext || t instanceof EnhancedForStatementContext
                || t instanceof CatchClauseContext || t instanceof LambdaContext
                || t instanceof OverallStatementContext || t instanceof AtStatementContext;
    }

    /** A loop or switch statement: what an unlabeled {@code break} inside it leaves. */
    public static boolean breakTarget(ParseTree t) {
        return t instanceof ForStatementContext || t instanceof EnhancedForStatementContext || t instanceof WhileStatementContext
                || t instanceof DoStatementContext || t instanceof SwitchStatementContext;
    }

    /** The expression {@code t} assigns ({@code x = e}, {@code x op= e}, {@code x++}, {@code ++x}, {@code x--}...), or null. */
    public static ExpressionContext assignedBy(ParseTree t) {
        return switch (t) {
            case AssignmentContext a -> a.expression(0);
            case PostfixExpressionContext p -> p.expression();
            case PrefixExpressionContext p when isIncDec(p) -> p.expression();
            default -> null;
        };
    }

    /** {@code ++x} or {@code --x}. */
    public static boolean isIncDec(PrefixExpressionContext p) {
        return p.prefix.getType() == HPJavaParser.INC || p.prefix.getType() == HPJavaParser.DEC;
    }

    /**
     * Visits {@code t} and its descendants in pre-order; {@code visit} returns whether to descend into a node's
     * children. Terminals are not visited.
     */
    public static void scan(ParseTree t, Predicate<ParseTree> visit) {
        new TreeScanner() {
            @Override
            protected void visit(ParseTree n) {
                if (visit.test(n)) scanChildren(n);
            }
        }.scan(t);
    }

    /** Whether some node in {@code t} (itself included, terminals not) satisfies {@code p}. */
    public static boolean any(ParseTree t, Predicate<ParseTree> p) {
        boolean[] found = {false};
        scan(t, n -> {
            if (found[0]) return false;
            if (p.test(n)) found[0] = true;
            return !found[0];
        });
        return found[0];
    }

    /** Whether some node in {@code t} outside the lambdas and class bodies within it satisfies {@code p}. */
    public static boolean anyOutsideBodies(ParseTree t, Predicate<ParseTree> p) {
        boolean[] found = {false};
        scan(t, n -> {
            if (found[0] || opensBody(n)) return false;
            if (p.test(n)) found[0] = true;
            return !found[0];
        });
        return found[0];
    }

    /** Whether every node in {@code t} satisfies {@code p} (stops at the first that does not). */
    public static boolean all(ParseTree t, Predicate<ParseTree> p) {
        return !any(t, p.negate());
    }
}
