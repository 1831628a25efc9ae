package hpjava.grammar;

import org.antlr.v4.runtime.Token;

/**
 * One syntax error, as data.
 *
 * @param sourceName     the name of the source (a file path, or whatever the caller gave)
 * @param line           1-based line of the error
 * @param column         1-based column of the error (a tab counts as one column)
 * @param message        what is wrong, in words, e.g. {@code missing ';' at '}'}
 * @param offendingToken the token at which the error was found, or {@code null} for an error of the lexer (a
 *                       character that starts no token); its start/stop indexes locate it in the source text
 */
public record SyntaxError(String sourceName, int line, int column, String message, Token offendingToken) {

    /** {@code name:line:col: message}, the usual compiler form. */
    @Override
    public String toString() {
        return sourceName + ":" + line + ":" + column + ": " + message;
    }
}
