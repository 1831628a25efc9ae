package hpjava.compiler.check;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;

import hpjava.compiler.diag.DiagnosticKey;
import hpjava.compiler.diag.Diagnostics;
import hpjava.compiler.tree.JavaTrees;
import hpjava.grammar.HPJavaParser.*;

/**
 * Where Java 25's forms meet HPJava's constructs: an {@code overall} or {@code at} index must be named (an unnamed
 * variable {@code _} is never a distributed index), and the statements before a constructor's {@code super(...)} or
 * {@code this(...)} (a flexible constructor body's prologue) may not use {@code on}, {@code overall} or {@code at}.
 */
final class Java25Rules {
    private final Diagnostics diag;

    private Java25Rules(Diagnostics diag) {
        this.diag = diag;
    }

    static void check(ParseTree tree, Diagnostics diag) {
        Java25Rules rules = new Java25Rules(diag);
        JavaTrees.scan(tree, rules::checkNode);
    }

    private boolean checkNode(ParseTree t) {
        switch (t) {
            case OverallStatementContext o when o.index == null -> diag.report(DiagnosticKey.UNNAMED_INDEX, o.UNDERSCORE().getSymbol(), "overall");
            case AtStatementContext a when a.index == null -> diag.report(DiagnosticKey.UNNAMED_INDEX, a.UNDERSCORE().getSymbol(), "at");
            case ConstructorBodyContext body when body.explicitConstructorInvocation() != null -> {
                String call = invocation(body.explicitConstructorInvocation());
                for (BlockStatementContext s : body.prologue) JavaTrees.scan(s, n -> prologueNode(n, call));
            }
            default -> { }
        }
        return true;
    }

    /** Reports an HPJava construct in a prologue; does not descend into class bodies (their code runs later). */
    private boolean prologueNode(ParseTree n, String call) {
        String construct = switch (n) {
            case OnStatementContext o -> "on";
            case OverallStatementContext o -> "overall";
            case AtStatementContext a -> "at";
            default -> null;
        };
        if (construct != null) diag.report(DiagnosticKey.HPJAVA_BEFORE_CONSTRUCTOR_CALL, (ParserRuleContext) n, construct, call);
        return !(n instanceof ClassBodyContext);
    }

    /** {@code super(...)}, {@code this(...)} or {@code outer.super(...)} as the message names it. */
    private static String invocation(ExplicitConstructorInvocationContext e) {
        String keyword = e.THIS() != null ? "this" : "super";
        return (e.expression() != null ? e.expression().getText() + "." : "") + keyword + "(...)";
    }
}
