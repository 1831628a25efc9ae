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
        String msg = "mismatched input " + describe(e.getOffendingToken()) + " expecting "
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
        String msg = "extraneous input " + describe(t) + " expecting "
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
        String msg = "missing " + describe(getExpectedTokens(recognizer), recognizer.getVocabulary())
                + " at " + describe(t);
        recognizer.notifyErrorListeners(t, msg, null);
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

    private static boolean containsAll(IntervalSet set, int[] tokens) {
        for (int t : tokens) {
            if (!set.contains(t)) {
                return false;
            }
        }
        return true;
    }
}
