package hpjava.grammar;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;

import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Token;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Damaged input never makes the parser throw or hang: every golden input, with tokens deleted, duplicated or
 * swapped at random (fixed seed), parses to a tree plus errors whose positions lie inside the text.
 */
class MalformedInputTest {

    static final int MUTANTS_PER_INPUT = 40;

    static List<Path> inputs() throws IOException {
        return GoldenParseTreeTest.inputs();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void mutantsGiveErrorsNotExceptions(Path input) throws IOException {
        String text = Files.readString(input);
        HPJavaLexer lexer = new HPJavaLexer(CharStreams.fromString(text));
        CommonTokenStream stream = new CommonTokenStream(lexer);
        stream.fill();
        List<Token> tokens = stream.getTokens().stream()
                .filter(t -> t.getChannel() == Token.DEFAULT_CHANNEL && t.getType() != Token.EOF).toList();
        Random random = new Random(input.getFileName().toString().hashCode());
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int m = 0; m < MUTANTS_PER_INPUT; m++) {
                String mutant = mutate(text, tokens, random);
                ParseResult result = HPJavaParsing.parse("Mutant.hpj", mutant);
                assertNotNull(result.tree());
                long lines = mutant.lines().count() + 1;
                for (SyntaxError e : result.errors()) {
                    assertTrue(e.line() >= 1 && e.line() <= lines && e.column() >= 1, () -> "bad position " + e);
                    assertTrue(!e.message().isBlank(), () -> "empty message " + e);
                }
            }
        });
    }

    /** Deletes, duplicates or swaps one or two tokens. */
    private static String mutate(String text, List<Token> tokens, Random random) {
        Token a = tokens.get(random.nextInt(tokens.size()));
        Token b = tokens.get(random.nextInt(tokens.size()));
        String at = a.getText();
        return switch (random.nextInt(3)) {
            case 0 -> text.substring(0, a.getStartIndex()) + text.substring(a.getStopIndex() + 1);
            case 1 -> text.substring(0, a.getStartIndex()) + at + " " + text.substring(a.getStartIndex());
            default -> {
                Token first = a.getStartIndex() < b.getStartIndex() ? a : b;
                Token second = first == a ? b : a;
                if (first == second) {
                    yield text;
                }
                yield text.substring(0, first.getStartIndex()) + second.getText()
                        + text.substring(first.getStopIndex() + 1, second.getStartIndex()) + first.getText()
                        + text.substring(second.getStopIndex() + 1);
            }
        };
    }
}
