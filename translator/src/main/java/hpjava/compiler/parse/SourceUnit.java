package hpjava.compiler.parse;

import java.io.IOException;
import java.nio.file.Path;

import hpjava.compiler.DeepStack;
import hpjava.compiler.diag.DiagnosticKey;
import hpjava.compiler.diag.Diagnostics;
import hpjava.grammar.HPJavaParsing;
import hpjava.grammar.ParseResult;
import hpjava.grammar.SyntaxError;

/**
 * One .hpj source: its name as given by the user, its text, its parse tree and its diagnostics (shared by every
 * later phase).
 */
public final class SourceUnit {
    private final String name;
    private final String text;
    private final ParseResult parse;
    private final Diagnostics diagnostics;

    private SourceUnit(String name, String text) {
        this.name = name;
        this.text = text;
        this.diagnostics = new Diagnostics(name);
        ParseResult parsed;
        try {
            parsed = DeepStack.call(() -> HPJavaParsing.parse(name, text));
        } catch (DeepStack.TooDeepException e) {
            parsed = HPJavaParsing.parse(name, "");
            diagnostics.add(new hpjava.compiler.diag.Diagnostic(DiagnosticKey.TOO_DEEP, java.util.List.of(e.getMessage()),
                    name, 1, 1, 0));
        }
        this.parse = parsed;
        // an old HPJava notation explains the syntax errors it causes: report it, with the HPJava 1.0 form, instead
        java.util.List<hpjava.compiler.diag.Diagnostic> legacy =
                parse.errors().isEmpty() ? java.util.List.of() : LegacyNotation.scan(name, text);
        legacy.forEach(diagnostics::add);
        if (legacy.isEmpty()) for (SyntaxError e : parse.errors()) {
            int off = e.offendingToken() != null ? e.offendingToken().getStartIndex() : -1;
            diagnostics.add(new hpjava.compiler.diag.Diagnostic(DiagnosticKey.SYNTAX, java.util.List.of(e.message()),
                    name, e.line(), e.column(), off));
        }
    }

    /** Parses {@code text}; {@code name} (e.g. {@code src/Matrix.hpj}) names it in diagnostics. */
    public static SourceUnit parse(String name, String text) {
        return new SourceUnit(name, text);
    }

    /**
     * Reads and parses {@code file}, which must be UTF-8.
     *
     * @throws IOException with a message for the user ({@code File.hpj: error: ...}, or
     *         {@code File.hpj:line:col: error: ...} naming the byte offset of the first byte that is not UTF-8)
     */
    public static SourceUnit read(Path file) throws IOException {
        return parse(file.toString(), SourceText.readUtf8(file));
    }

    public String name() { return name; }

    /** The file name without directories, e.g. {@code Matrix.hpj}: what class files name as their source. */
    public String fileName() {
        int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        return name.substring(slash + 1);
    }

    /** The file name without directories and extension, e.g. {@code Matrix}. */
    public String baseName() {
        String f = fileName();
        int dot = f.lastIndexOf('.');
        return dot > 0 ? f.substring(0, dot) : f;
    }

    public String text() { return text; }

    public ParseResult parse() { return parse; }

    public Diagnostics diagnostics() { return diagnostics; }
}
