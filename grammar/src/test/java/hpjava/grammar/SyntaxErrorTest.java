package hpjava.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Syntax errors come back as data, at the right line and column, and nothing is printed. */
class SyntaxErrorTest {

    private static SyntaxError onlyError(String source) {
        ParseResult result = HPJavaParsing.parse("Bad.hpj", source);
        List<SyntaxError> errors = result.errors();
        assertNotNull(result.tree());
        assertTrue(!errors.isEmpty(), "expected a syntax error in:\n" + source);
        return errors.get(0);
    }

    private static void assertAt(SyntaxError error, int line, int column, String offendingText) {
        assertEquals(line, error.line(), () -> "line of " + error);
        assertEquals(column, error.column(), () -> "column of " + error);
        assertEquals("Bad.hpj", error.sourceName());
        if (offendingText == null) {
            assertNull(error.offendingToken(), () -> "lexer errors have no token: " + error);
        } else {
            assertEquals(offendingText, error.offendingToken().getText(), () -> "offending token of " + error);
            assertEquals(line, error.offendingToken().getLine());
            assertEquals(column, error.offendingToken().getCharPositionInLine() + 1);
        }
    }

    @Test
    void missingSemicolonIsReportedJustAfterThePreviousToken() {
        SyntaxError e = onlyError("""
                class A {
                  void f() {
                    int x = 1
                    x++;
                  }
                }
                """);
        assertEquals(3, e.line(), e::toString);
        assertEquals(14, e.column(), e::toString);
        assertEquals("x", e.offendingToken().getText(), "recovery resumed at the next token");
        assertEquals("Bad.hpj:3:14: ';' expected", e.toString());
    }

    @Test
    void missingTokenAfterATextBlockIsReportedAtTheNextToken() {
        SyntaxError e = onlyError("""
                class A {
                  String s = \"""
                      two
                      lines\"""
                  int y;
                }
                """);
        assertAt(e, 5, 3, "int");
        assertEquals("Bad.hpj:5:3: missing ';' at 'int'", e.toString());
    }

    @Test
    void overallWithoutUpperBound() {
        SyntaxError e = onlyError("""
                class A {
                  void f(Range x) {
                    overall (i = x for 1 :) ;
                  }
                }
                """);
        assertAt(e, 3, 27, ")");
    }

    @Test
    void overallWithoutFor() {
        SyntaxError e = onlyError("""
                class A {
                  void f(Range x) {
                    overall (i = x) { a[i] = 0; }
                  }
                }
                """);
        // read as a call overall(i = x) lacking its ';', which belongs just after the ')'
        assertEquals("Bad.hpj:3:20: ';' expected", e.toString());
        assertEquals("{", e.offendingToken().getText());
    }

    @Test
    void unclosedSection() {
        SyntaxError e = onlyError("""
                class A {
                  void f() {
                    b = a[[1 : 2];
                  }
                }
                """);
        assertAt(e, 3, 18, ";");
    }

    @Test
    void sectionTripletNeedsBothBounds() {
        SyntaxError e = onlyError("""
                class A {
                  void f() {
                    b = a[[1 :, 2]];
                  }
                }
                """);
        assertAt(e, 3, 15, ",");
    }

    @Test
    void badMultiarraySlot() {
        SyntaxError e = onlyError("""
                class A {
                  float [[-, +]] a;
                }
                """);
        assertAt(e, 2, 14, "+");
    }

    @Test
    void creationWithoutGroupAfterOn() {
        SyntaxError e = onlyError("""
                class A {
                  float [[-]] a = new float [[x]] on ;
                }
                """);
        assertAt(e, 2, 38, ";");
    }

    @Test
    void underscoreIsNoExpression() {
        SyntaxError e = onlyError("""
                class A {
                  void f() { int x = _; }
                }
                """);
        assertAt(e, 2, 23, ";");
    }

    @Test
    void aConstructorInvokesAnotherConstructorAtMostOnce() {
        SyntaxError e = onlyError("""
                class A extends B {
                  A(int x) {
                    super(x);
                    super(x);
                  }
                }
                """);
        assertAt(e, 4, 10, "(");
    }

    @Test
    void aModuleImportNamesAModuleNotAPackageOnDemand() {
        SyntaxError e = onlyError("""
                import module java.base.*;
                class A { }
                """);
        assertAt(e, 1, 25, "*");
    }

    @Test
    void instanceofTypeTestNeedsAReferenceType() {
        SyntaxError e = onlyError("""
                class A {
                  boolean f(Object o) { return o instanceof int; }
                }
                """);
        assertAt(e, 2, 48, ";");
    }

    @Test
    void characterThatStartsNoTokenIsALexerError() {
        SyntaxError e = onlyError("""
                class A {
                  int x = 1 # 2;
                }
                """);
        assertAt(e, 2, 13, null);
        assertTrue(e.message().contains("'#'"), e::message);
    }

    @Test
    void unterminatedStringLiteral() {
        SyntaxError e = onlyError("""
                class A {
                  String s = "abc;
                }
                """);
        assertAt(e, 2, 14, null);
        assertEquals("unterminated string literal", e.message());
    }

    @Test
    void theFirstErrorIsTheOneAtTheCauseEvenWhenRecoveryReportsEarlierPositions() {
        List<SyntaxError> errors = HPJavaParsing.parse("Bad.hpj", """
                class A {
                  int f(Object o) {
                    switch (o) {
                      case String s -> { return 1; }
                      case Integer _ x -> { return 2; }
                      default -> { return 3; }
                    }
                  }
                }
                """).errors();
        assertTrue(!errors.isEmpty());
        assertAt(errors.get(0), 5, 22, "x");
    }

    @Test
    void lexerErrorsAreMergedByPosition() {
        List<SyntaxError> errors = HPJavaParsing.parse("Bad.hpj", """
                class A {
                  void f() { g( ; }
                  int x = 1 # 2;
                }
                """).errors();
        assertTrue(errors.size() >= 2, errors::toString);
        for (int i = 1; i < errors.size(); i++) {
            SyntaxError a = errors.get(i - 1);
            SyntaxError b = errors.get(i);
            assertTrue(a.line() < b.line() || a.line() == b.line() && a.column() <= b.column(), errors::toString);
        }
        assertEquals(2, errors.get(0).line());
    }

    @Test
    void endOfFileInsideABlock() {
        SyntaxError e = onlyError("class A { void f() { if (x) { } ");
        assertEquals("reached end of file while parsing", e.message());
        assertEquals(1, e.line());
        assertEquals(33, e.column());
    }

    @Test
    void errorsAreCollectedNotPrinted() {
        PrintStream savedErr = System.err;
        PrintStream savedOut = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (PrintStream sink = new PrintStream(captured, true, StandardCharsets.UTF_8)) {
            System.setErr(sink);
            System.setOut(sink);
            ParseResult result = HPJavaParsing.parse("Bad.hpj", "class { int # ; overall ( }");
            assertTrue(result.errors().size() >= 2, () -> "errors: " + result.errors());
        } finally {
            System.setErr(savedErr);
            System.setOut(savedOut);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
    }

    @Test
    void wellFormedInputHasNoErrors() {
        ParseResult result = HPJavaParsing.parse("Good.hpj", "class A { float [[-]] a = new float [[x]] on p; }");
        assertEquals(List.of(), result.errors());
        assertTrue(!result.hasErrors());
    }
}
