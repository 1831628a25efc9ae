package hpjava.compiler.diag;

import java.text.MessageFormat;
import java.util.List;

/**
 * One error, as data: a key with typed arguments at a 1-based line and column of a source file.
 *
 * @param source the .hpj file, as named on the command line
 * @param offset 0-based character offset in the source text (for the caret), or -1
 */
public record Diagnostic(DiagnosticKey key, List<Object> args, String source, int line, int column, int offset) {

    public Diagnostic {
        args = List.copyOf(args);
    }

    public String message() {
        return new MessageFormat(key.template()).format(args.toArray());
    }

    /** {@code File.hpj:line:col: error: message}. */
    public String header() {
        return source + ":" + line + ":" + column + ": error: " + message();
    }

    /** The raw form used by golden files: {@code line:col hpj.KEY [args]}. */
    public String raw() {
        return line + ":" + column + " " + key.code() + " " + args;
    }
}
