package hpjava.grammar;

import java.util.List;

import org.antlr.v4.runtime.CommonTokenStream;

/**
 * The outcome of parsing one compilation unit.
 *
 * @param tree   the parse tree; always present (with error nodes where the input was wrong)
 * @param errors the syntax errors; the parser's in the order found (the first is the one to show: later ones may
 *               be follow-on errors, even at earlier positions), the lexer's placed among them by position;
 *               empty when the input is well formed
 * @param tokens the token stream (all channels), so callers can find hidden comments and map tokens back to
 *               line:column positions
 * @param parser the parser that built the tree (rule names and vocabulary for printing trees)
 * @param neededLL whether the fast SLL stage failed and the input was parsed again with full LL prediction (always
 *                 so for input with parser errors); a measure of parsing cost, not of the result
 */
public record ParseResult(HPJavaParser.CompilationUnitContext tree, List<SyntaxError> errors,
                          CommonTokenStream tokens, HPJavaParser parser, boolean neededLL) {

    public ParseResult {
        errors = List.copyOf(errors);
    }

    public boolean hasErrors() {
        return !errors.isEmpty();
    }
}
