package hpjava.lsp;

import java.util.List;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.diag.Diagnostic;
import hpjava.compiler.parse.SourceUnit;

/**
 * What the server knows of one version of one .hpj text: its parse tree (always), its attribution (null when the
 * text has syntax errors, since hpjavac attributes only well-formed units) and hpjavac's diagnostics up to CHECK.
 *
 * @param uri         the document's URI as the client sent it
 * @param text        the analysed text
 * @param unit        the parsed unit (tree, tokens)
 * @param attribution scopes and HPJava types, or null
 * @param diagnostics hpjavac's diagnostics of the PARSE, ATTRIBUTE and CHECK phases
 */
record Analysis(String uri, String text, TextPositions positions, SourceUnit unit, Attribution attribution,
                List<Diagnostic> diagnostics) {

    boolean wellFormed() {
        return !unit.parse().hasErrors();
    }
}
