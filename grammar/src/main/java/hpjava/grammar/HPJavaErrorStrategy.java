package hpjava.grammar;

import java.util.ArrayList;
import java.util.List;

import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.Vocabulary;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * ANTLR's default recovery, with messages written for people: the offending token alone (not the whole input a
 * failed prediction looked at), and expected-token sets summarised ("identifier" instead of every contextual
 * keyword, "literal" instead of every literal kind).
 */
final class HPJavaErrorStrategy extends DefaultErrorStrategy {

    private static final int[] CONTEXTUAL_KEYWORDS = {
        HPJavaLexer.EXPORTS, HPJavaLexer.MODULE, HPJavaLexer.OPEN, HPJavaLexer.OPENS, HPJavaLexer.PERMITS,
        HPJavaLexer.PROVIDES, HPJavaLexer.RECORD, HPJavaLexer.REQUIRES, HPJavaLexer.SEALED, HPJavaLexer.TO,
        HPJavaLexer.TRANSITIVE, HPJavaLexer.USES, HPJavaLexer.VAR, HPJavaLexer.WHEN, HPJavaLexer.WITH,
        HPJavaLexer.YIELD, HPJavaLexer.ON, HPJavaLexer.OVERALL, HPJavaLexer.AT,
    };
    private static final int[] LITERALS = {
        HPJavaLexer.INTEGER_LITERAL, HPJavaLexer.FLOATING_POINT_LITERAL, HPJavaLexer.CHARACTER_LITERAL,
        HPJavaLexer.STRING_LITERAL, HPJavaLexer.TEXT_BLOCK, HPJavaLexer.BOOLEAN_LITERAL, HPJavaLexer.NULL_LITERAL,
    };
    /** Tokens that can start an expression (besides identifiers, literals and primitive types). */
    private static final int[] EXPRESSION_START = {
        HPJavaLexer.NEW, HPJavaLexer.SUPER, HPJavaLexer.SWITCH, HPJavaLexer.THIS, HPJavaLexer.VOID,
        HPJavaLexer.LPAREN, HPJavaLexer.ATSIGN, HPJavaLexer.BANG, HPJavaLexer.TILDE, HPJavaLexer.INC,
        HPJavaLexer.DEC, HPJavaLexer.ADD, HPJavaLexer.SUB,
    };
    /** Tokens that can start a statement other than an expression statement. */
    private static final int[] STATEMENT_START = {
        HPJavaLexer.ASSERT, HPJavaLexer.BREAK, HPJavaLexer.CONTINUE, HPJavaLexer.DO, HPJavaLexer.FOR,
        HPJavaLexer.IF, HPJavaLexer.RETURN, HPJavaLexer.SYNCHRONIZED, HPJavaLexer.THROW, HPJavaLexer.TRY,
        HPJavaLexer.WHILE, HPJavaLexer.LBRACE, HPJavaLexer.SEMI,
    };
    private static final int[] PRIMITIVE_TYPES = {
        HPJavaLexer.BOOLEAN, HPJavaLexer.CHAR, HPJavaLexer.BYTE, HPJavaLexer.SHORT, HPJavaLexer.INT,
        HPJavaLexer.LONG, HPJavaLexer.FLOAT, HPJavaLexer.DOUBLE,
    };

    @Override
    protected void reportNoViableAlternative(Parser recognizer, NoViableAltException e) {
        Token offending = e.getOffendingToken();
        recognizer.notifyErrorListeners(offending, "syntax error at " + describe(offending), e);
    }

    @Override
    protected void reportInputMismatch(Parser recognizer, InputMismatchException e) {
        String msg = e.getOffendingToken().getType() == Token.EOF
                ? "reached end of file while parsing"
                : "mismatched input " + describe(e.getOffendingToken()) + " expecting "
                        + describe(e.getExpectedTokens(), recognizer.getVocabulary());
        recognizer.notifyErrorListeners(e.getOffendingToken(), msg, e);
    }

    @Override
    protected void reportUnwantedToken(Parser recognizer) {
        if (inErrorRecoveryMode(recognizer)) {
            return;
        }
        beginErrorCondition(recognizer);
        Token t = recognizer.getCurrentToken();
        String msg = t.getType() == Token.EOF
                ? "reached end of file while parsing"
                : "extraneous input " + describe(t) + " expecting "
                        + describe(getExpectedTokens(recognizer), recognizer.getVocabulary());
        recognizer.notifyErrorListeners(t, msg, null);
    }

    @Override
    protected void reportMissingToken(Parser recognizer) {
        if (inErrorRecoveryMode(recognizer)) {
            return;
        }
        beginErrorCondition(recognizer);
        Token t = recognizer.getCurrentToken();
        String expected = describe(getExpectedTokens(recognizer), recognizer.getVocabulary());
        Token previous = recognizer.getInputStream().LT(-1);
        if (previous == null || previous.getType() == Token.EOF || previous.getText().indexOf('\n') >= 0
                || previous.getText().indexOf('\r') >= 0) {
            recognizer.notifyErrorListeners(t, "missing " + expected + " at " + describe(t), null);
            return;
        }
        // Where the missing token belongs, as javac reports it: just after the previous token (often the end of the
        // line that lacks its ';'), not at the next token, which may be lines further on. The offending token stays
        // the next one (what recovery resumed at).
        recognizer.getErrorListenerDispatch().syntaxError(recognizer, t, previous.getLine(),
                previous.getCharPositionInLine() + previous.getText().length(), expected + " expected", null);
    }

    private static String describe(Token t) {
        if (t == null) {
            return "<unknown>";
        }
        if (t.getType() == Token.EOF) {
            return "end of file";
        }
        return "'" + t.getText().replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t") + "'";
    }

    /** The expected tokens, with whole families of tokens summarised by one word. */
    static String describe(IntervalSet expected, Vocabulary vocabulary) {
        IntervalSet rest = new IntervalSet(expected);
        List<String> names = new ArrayList<>();
        boolean expression = rest.contains(HPJavaLexer.IDENTIFIER) && containsAll(rest, LITERALS)
                && containsAll(rest, EXPRESSION_START);
        if (expression && containsAll(rest, STATEMENT_START)) {
            removeAll(rest, STATEMENT_START);
            names.add("statement");
        }
        if (expression) {
            removeAll(rest, EXPRESSION_START);
            removeAll(rest, LITERALS);
            removeAll(rest, PRIMITIVE_TYPES);
            removeAll(rest, CONTEXTUAL_KEYWORDS);
            rest.remove(HPJavaLexer.IDENTIFIER);
            rest.remove(HPJavaLexer.SWITCH);
            names.add("expression");
        }
        if (rest.contains(HPJavaLexer.IDENTIFIER)) {
            rest.remove(HPJavaLexer.IDENTIFIER);
            for (int t : CONTEXTUAL_KEYWORDS) {
                rest.remove(t);
            }
            names.add("identifier");
        }
        if (containsAll(rest, LITERALS)) {
            for (int t : LITERALS) {
                rest.remove(t);
            }
            names.add("literal");
        }
        if (containsAll(rest, PRIMITIVE_TYPES)) {
            for (int t : PRIMITIVE_TYPES) {
                rest.remove(t);
            }
            names.add("primitive type");
        }
        for (int t : rest.toList()) {
            names.add(t == Token.EOF ? "end of file" : vocabulary.getDisplayName(t));
        }
        return names.size() == 1 ? names.get(0) : "one of " + String.join(", ", names);
    }

    private static void removeAll(IntervalSet set, int[] tokens) {
        for (int t : tokens) {
            set.remove(t);
        }
    }

    private static boolean containsAll(IntervalSet set, int[] tokens) {
        for (int t : tokens) {
            if (!set.contains(t)) {
                return false;
            }
        }
        return true;
    }
}
