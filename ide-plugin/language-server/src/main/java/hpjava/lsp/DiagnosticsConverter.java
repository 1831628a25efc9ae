package hpjava.lsp;

import java.util.ArrayList;
import java.util.List;

import org.antlr.v4.runtime.Token;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;

/**
 * hpjavac's diagnostics as LSP diagnostics: at the line and column hpjavac prints (the {@code File.hpj:l:c} of the
 * command line), spanning the token that starts there; severity Error (every hpjavac diagnostic is an error); code
 * the diagnostic key ({@code hpj.SUBSCRIPT_COUNT}, {@code hpj.SYNTAX}, {@code hpj.JAVA} for ECJ's); source
 * {@code hpjavac}.
 */
final class DiagnosticsConverter {
    static final String SOURCE = "hpjavac";

    private DiagnosticsConverter() {
    }

    static List<Diagnostic> convert(Analysis a, List<hpjava.compiler.diag.Diagnostic> diagnostics) {
        List<Diagnostic> out = new ArrayList<>();
        for (hpjava.compiler.diag.Diagnostic d : diagnostics) {
            int start = a.positions().offset(d.line(), d.column());
            // One character by default; nothing at a line end (a missing ';'), so the range stays on its line.
            int end = start < a.text().length() && a.text().charAt(start) != '\n' && a.text().charAt(start) != '\r' ? start + 1 : start;
            Token t = Trees.tokenAt(a, start);
            if (t != null && t.getStartIndex() == start) end = t.getStopIndex() + 1;
            end = Math.min(end, a.text().length());
            Diagnostic lsp = new Diagnostic(a.positions().range(start, end), d.message(), DiagnosticSeverity.Error, SOURCE,
                    d.key().code());
            out.add(lsp);
        }
        return out;
    }
}
