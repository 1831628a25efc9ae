package hpjava.lsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.InsertTextFormat;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;

import hpjava.compiler.attribute.Symbol;

/**
 * completion: after {@code Adlib.} the Adlib methods with their signatures; elsewhere the HPJava keywords (with
 * snippets of the whole statement), the range and group classes, and the variables of the file. Works on broken
 * text (it needs only the characters before the cursor).
 */
final class Completions {
    /** Snippets for HPJava's statements ($1.. are the client's tab stops). */
    private static final Map<String, String> SNIPPETS = Map.of(
            "on", "on (${1:p}) {\n\t$0\n}",
            "overall", "overall (${1:i} = ${2:x} for ${3::}) {\n\t$0\n}",
            "at", "at (${1:i} = ${2:x}[${3:n}]) {\n\t$0\n}");

    private Completions() {
    }

    static List<CompletionItem> complete(Analysis a, int offset) {
        String before = a.text().substring(0, Math.max(0, Math.min(offset, a.text().length())));
        int word = before.length();
        while (word > 0 && Character.isJavaIdentifierPart(before.charAt(word - 1))) word--;
        String prefix = before.substring(word);
        String qualifier = qualifier(before, word);
        List<CompletionItem> items = new ArrayList<>();
        if ("Adlib".equals(qualifier)) {
            HpjavaCatalog.adlibMethods().forEach((name, sigs) -> {
                if (!name.startsWith(prefix)) return;
                CompletionItem c = new CompletionItem(name);
                c.setKind(CompletionItemKind.Method);
                c.setDetail(sigs.getFirst() + (sigs.size() > 1 ? "  (+" + (sigs.size() - 1) + " overloads)" : ""));
                c.setDocumentation(new MarkupContent(MarkupKind.MARKDOWN, Hovers.adlib(name)));
                c.setInsertText(name);
                items.add(c);
            });
            return items;
        }
        if (qualifier != null) return items; // a member of something else: Java's business
        HpjavaCatalog.KEYWORDS.forEach((k, doc) -> {
            if (!k.startsWith(prefix)) return;
            CompletionItem c = new CompletionItem(k);
            c.setKind(CompletionItemKind.Keyword);
            c.setDetail(doc);
            c.setInsertText(SNIPPETS.get(k));
            c.setInsertTextFormat(InsertTextFormat.Snippet);
            items.add(c);
        });
        HpjavaCatalog.CLASSES.forEach((k, doc) -> {
            if (!k.startsWith(prefix)) return;
            CompletionItem c = new CompletionItem(k);
            c.setKind(CompletionItemKind.Class);
            c.setDetail(doc);
            items.add(c);
        });
        if (a.attribution() != null) {
            List<String> seen = new ArrayList<>();
            for (Symbol.Variable v : a.attribution().variables()) {
                if (!v.name().startsWith(prefix) || seen.contains(v.name())) continue;
                seen.add(v.name());
                CompletionItem c = new CompletionItem(v.name());
                c.setKind(v.isField() ? CompletionItemKind.Field : CompletionItemKind.Variable);
                c.setDetail(v.type() != null ? v.type().toString() : v.javaType());
                items.add(c);
            }
        }
        return items;
    }

    /** The name before the '.' that precedes the word at {@code word} ({@code Adlib} in {@code Adlib.su}), or null. */
    private static String qualifier(String before, int word) {
        int i = word;
        while (i > 0 && Character.isWhitespace(before.charAt(i - 1))) i--;
        if (i == 0 || before.charAt(i - 1) != '.') return null;
        i--;
        while (i > 0 && Character.isWhitespace(before.charAt(i - 1))) i--;
        int end = i;
        while (i > 0 && Character.isJavaIdentifierPart(before.charAt(i - 1))) i--;
        return before.substring(i, end);
    }
}
