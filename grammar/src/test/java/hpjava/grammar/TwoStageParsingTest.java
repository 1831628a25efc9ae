package hpjava.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The SLL-then-LL parse gives the same trees as full LL; tokens keep positions; comments are hidden, not lost. */
class TwoStageParsingTest {

    static java.util.List<Path> inputs() throws IOException {
        return GoldenParseTreeTest.inputs();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void twoStageEqualsFullLL(Path input) throws IOException {
        var twoStage = HPJavaParsing.parseRule(CharStreams.fromPath(input), HPJavaParser::compilationUnit, false);
        var llOnly = HPJavaParsing.parseRule(CharStreams.fromPath(input), HPJavaParser::compilationUnit, true);
        assertEquals(ParseTreeFormatter.format(llOnly.tree(), llOnly.parser()),
                ParseTreeFormatter.format(twoStage.tree(), twoStage.parser()));
    }

    @Test
    void commentsAreOnTheHiddenChannelWithPositions() {
        ParseResult result = HPJavaParsing.parse("C.hpj", """
                class C { // one
                  /* two */ int x;
                }
                """);
        assertTrue(result.errors().isEmpty());
        var tokens = result.tokens().getTokens();
        Token lineComment = tokens.stream().filter(t -> t.getType() == HPJavaLexer.LINE_COMMENT).findFirst().get();
        Token blockComment = tokens.stream().filter(t -> t.getType() == HPJavaLexer.COMMENT).findFirst().get();
        assertEquals(Token.HIDDEN_CHANNEL, lineComment.getChannel());
        assertEquals(Token.HIDDEN_CHANNEL, blockComment.getChannel());
        assertEquals("// one", lineComment.getText());
        assertEquals(1, lineComment.getLine());
        assertEquals(10, lineComment.getCharPositionInLine());
        assertEquals(2, blockComment.getLine());
        assertEquals(2, blockComment.getCharPositionInLine());
        Token intKeyword = tokens.stream().filter(t -> t.getType() == HPJavaLexer.INT).findFirst().get();
        assertEquals(2, intKeyword.getLine());
        assertEquals(12, intKeyword.getCharPositionInLine());
        assertEquals(Token.DEFAULT_CHANNEL, intKeyword.getChannel());
    }

    @Test
    void anyStartRuleCanBeParsed() {
        var parsed = HPJavaParsing.parseRule(CharStreams.fromString("a[[1 : n - 1, 3]][i, j`]", "E"),
                HPJavaParser::expression);
        assertTrue(parsed.errors().isEmpty(), () -> parsed.errors().toString());
        assertEquals("(expression#elementAccess (expression#section (expression#name (identifier a)) [ [ "
                        + "(sectionSubscript#tripletSubscript (expression#literalExpression (literal 1)) : "
                        + "(expression#additive (expression#name (identifier n)) - "
                        + "(expression#literalExpression (literal 1)))) , "
                        + "(sectionSubscript#scalarSubscript (expression#literalExpression (literal 3))) ] ]) [ "
                        + "(expression#name (identifier i)) , (expression#globalIndex (expression#name (identifier j)) `) ])",
                ParseTreeFormatter.formatInline(parsed.tree(), parsed.parser()));
    }
}
