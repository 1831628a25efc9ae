package hpjava.grammar;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Lexer;
import org.antlr.v4.runtime.LexerNoViableAltException;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.Interval;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * Entry point for parsing HPJava (and plain Java 21) source.
 *
 * <p>Parsing is two-stage: first with ANTLR's fast SLL prediction and an error strategy that gives up at the first
 * error; only if that fails is the input parsed again with full LL prediction and normal error recovery. The SLL
 * stage accepts exactly the inputs the LL stage accepts (it only fails more often), so the result does not depend on
 * which stage succeeded. Errors are returned as data, never printed.
 *
 * <p>Thread safety: every call builds its own lexer and parser; ANTLR's prediction caches are shared and
 * thread-safe, so concurrent calls are fine.
 */
public final class HPJavaParsing {

    private HPJavaParsing() {
    }

    /** Parses a compilation unit ({@code .hpj} or {@code .java} file) read as UTF-8. */
    public static ParseResult parse(Path file) throws IOException {
        return parse(CharStreams.fromPath(file, StandardCharsets.UTF_8));
    }

    /** Parses a compilation unit held in a string; {@code sourceName} names it in errors. */
    public static ParseResult parse(String sourceName, String text) {
        return parse(CharStreams.fromString(text, sourceName));
    }

    /** Parses a compilation unit; the stream's source name names it in errors. */
    public static ParseResult parse(CharStream input) {
        Parsed<HPJavaParser.CompilationUnitContext> p = parseRule(input, HPJavaParser::compilationUnit);
        return new ParseResult(p.tree(), p.errors(), p.tokens(), p.parser(), p.neededLL());
    }

    /**
     * Parses the input with any start rule, e.g. {@code HPJavaParser::expression} or {@code HPJavaParser::block}.
     * The rule need not consume the whole input; compare {@code tree.getStop()} with the token stream to check.
     */
    public static <T extends ParserRuleContext> Parsed<T> parseRule(CharStream input,
                                                                    Function<HPJavaParser, T> startRule) {
        return parseRule(input, startRule, false);
    }

    /** As {@link #parseRule(CharStream, Function)}; with {@code llOnly}, skips the SLL stage (for tests). */
    static <T extends ParserRuleContext> Parsed<T> parseRule(CharStream input, Function<HPJavaParser, T> startRule,
                                                             boolean llOnly) {
        String sourceName = input.getSourceName();
        List<SyntaxError> lexerErrors = new ArrayList<>();
        List<SyntaxError> errors = new ArrayList<>();
        CollectingListener listener = new CollectingListener(sourceName, errors);

        HPJavaLexer lexer = new HPJavaLexer(input);
        lexer.removeErrorListeners();
        lexer.addErrorListener(new CollectingListener(sourceName, lexerErrors));
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill(); // lexer errors are collected once, here, whichever parse stage runs

        HPJavaParser parser = new HPJavaParser(tokens);
        parser.removeErrorListeners();
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        T tree = null;
        boolean neededLL = llOnly;
        if (!llOnly) {
            try {
                tree = startRule.apply(parser);
            } catch (ParseCancellationException sllFailed) {
                neededLL = true;
            }
        }
        if (neededLL) {
            tokens.seek(0);
            parser.reset();
            parser.addErrorListener(listener);
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parser.setErrorHandler(new HPJavaErrorStrategy());
            tree = startRule.apply(parser);
        }
        return new Parsed<>(tree, mergeLexerErrors(lexerErrors, errors), tokens, parser, neededLL);
    }

    /** The result of {@link #parseRule}: like {@link ParseResult}, for any start rule. */
    public record Parsed<T extends ParserRuleContext>(T tree, List<SyntaxError> errors, CommonTokenStream tokens,
                                                      HPJavaParser parser, boolean neededLL) {
    }

    /**
     * The parser's errors in the order found (the first is the real one: recovery may report follow-on errors at
     * earlier positions when a prediction failed far ahead), with each lexer error placed before the first
     * parser error that lies after it.
     */
    private static List<SyntaxError> mergeLexerErrors(List<SyntaxError> lexerErrors, List<SyntaxError> parserErrors) {
        List<SyntaxError> merged = new ArrayList<>(parserErrors);
        for (SyntaxError lexerError : lexerErrors) {
            int at = merged.size();
            for (int i = 0; i < merged.size(); i++) {
                if (BY_POSITION.compare(merged.get(i), lexerError) > 0 && !lexerErrors.contains(merged.get(i))) {
                    at = i;
                    break;
                }
            }
            merged.add(at, lexerError);
        }
        return List.copyOf(merged);
    }

    private static final Comparator<SyntaxError> BY_POSITION =
            Comparator.comparingInt(SyntaxError::line).thenComparingInt(SyntaxError::column);

    /** What the lexer could not read: an unterminated literal, or a character that starts no token. */
    private static String lexerMessage(LexerNoViableAltException e) {
        CharStream in = e.getInputStream();
        int start = e.getStartIndex();
        int first = in.getText(Interval.of(start, start)).codePointAt(0);
        return switch (first) {
            case '"' -> "unterminated string literal";
            case '\'' -> "unterminated or malformed character literal";
            default -> "illegal character '" + Character.toString(first) + "'";
        };
    }

    /** Records every error of the lexer and of the LL stage of the parser. */
    private static final class CollectingListener extends BaseErrorListener {
        private final String sourceName;
        private final List<SyntaxError> errors;

        CollectingListener(String sourceName, List<SyntaxError> errors) {
            this.sourceName = sourceName;
            this.errors = errors;
        }

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line,
                                int charPositionInLine, String msg, RecognitionException e) {
            Token token = offendingSymbol instanceof Token t ? t : null;
            if (recognizer instanceof Lexer && e instanceof LexerNoViableAltException lexerError) {
                msg = lexerMessage(lexerError);
            }
            SyntaxError error = new SyntaxError(sourceName, line, charPositionInLine + 1, msg, token);
            SyntaxError previous = errors.isEmpty() ? null : errors.getLast();
            if (previous != null && previous.line() == error.line() && previous.column() == error.column()) {
                return; // a consequence of the error already reported here (recovery cascades)
            }
            errors.add(error);
        }
    }
}
