package hpjava.lsp;

import java.util.ArrayList;
import java.util.List;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

import hpjava.grammar.HPJavaLexer;
import hpjava.grammar.HPJavaParser;

/** Small queries on ANTLR parse trees and token streams, shared by the features. */
final class Trees {
    private Trees() {
    }

    /**
     * The token of the default channel under {@code offset}; at the boundary of two tokens (the cursor just after a
     * name, before '(') the name-like one wins. Null in white space or comments.
     */
    static Token tokenAt(Analysis a, int offset) {
        Token before = null, at = null;
        for (Token t : a.unit().parse().tokens().getTokens()) {
            if (t.getChannel() != Token.DEFAULT_CHANNEL || t.getType() == Token.EOF) continue;
            if (t.getStartIndex() <= offset && offset <= t.getStopIndex()) at = t;
            else if (t.getStopIndex() + 1 == offset) before = t;
            if (t.getStartIndex() > offset) break;
        }
        if (before != null && isName(before) && (at == null || !isName(at))) return before;
        return at != null ? at : before;
    }

    /** Whether the token can be a name: an identifier or a contextual keyword (on, overall, at, record, ...). */
    static boolean isName(Token t) {
        return switch (t.getType()) {
            case HPJavaLexer.IDENTIFIER, HPJavaLexer.EXPORTS, HPJavaLexer.MODULE, HPJavaLexer.OPEN,
                 HPJavaLexer.OPENS, HPJavaLexer.PERMITS, HPJavaLexer.PROVIDES, HPJavaLexer.RECORD,
                 HPJavaLexer.REQUIRES, HPJavaLexer.SEALED, HPJavaLexer.TO, HPJavaLexer.TRANSITIVE, HPJavaLexer.USES,
                 HPJavaLexer.VAR, HPJavaLexer.WHEN, HPJavaLexer.WITH, HPJavaLexer.YIELD, HPJavaLexer.ON,
                 HPJavaLexer.OVERALL, HPJavaLexer.AT -> true;
            default -> false;
        };
    }

    /** The terminal node holding {@code token}, or null (a token recovery skipped). */
    static TerminalNode terminal(ParseTree node, Token token) {
        if (node instanceof TerminalNode t) return t.getSymbol() == token ? t : null;
        ParserRuleContext c = (ParserRuleContext) node;
        if (c.getStart() == null || c.getStop() == null) return null;
        int i = token.getTokenIndex();
        if (i < c.getStart().getTokenIndex() || i > c.getStop().getTokenIndex()) return null;
        for (int k = 0; k < c.getChildCount(); k++) {
            TerminalNode r = terminal(c.getChild(k), token);
            if (r != null) return r;
        }
        return null;
    }

    /** Every node of class {@code type} in the tree, in source order. */
    static <T extends ParseTree> List<T> collect(ParseTree root, Class<T> type) {
        List<T> out = new ArrayList<>();
        collect(root, type, out);
        return out;
    }

    private static <T extends ParseTree> void collect(ParseTree node, Class<T> type, List<T> out) {
        if (type.isInstance(node)) out.add(type.cast(node));
        for (int k = 0; k < node.getChildCount(); k++) collect(node.getChild(k), type, out);
    }

    /** The innermost enclosing node of class {@code type} (the node itself included), or null. */
    static <T extends ParseTree> T enclosing(ParseTree node, Class<T> type) {
        for (ParseTree n = node; n != null; n = n.getParent()) if (type.isInstance(n)) return type.cast(n);
        return null;
    }

    /** The token of the name a declaration starting at {@code from} declares: the first token spelling {@code name}. */
    static Token nameToken(Analysis a, Token from, String name) {
        if (from == null) return null;
        List<Token> tokens = a.unit().parse().tokens().getTokens();
        for (int i = from.getTokenIndex(); i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.getChannel() == Token.DEFAULT_CHANNEL && isName(t) && t.getText().equals(name)) return t;
        }
        return from;
    }

    /** The source text from the start of {@code from} up to (not including) {@code until}, on one line. */
    static String header(Analysis a, ParserRuleContext from, ParserRuleContext until) {
        int start = from.getStart().getStartIndex();
        int end = until != null && until.getStart() != null ? until.getStart().getStartIndex() : from.getStop().getStopIndex() + 1;
        if (end <= start) end = Math.min(a.text().length(), start + 1);
        return a.text().substring(start, Math.min(end, a.text().length())).replaceAll("\\s+", " ").strip();
    }

    /** The declared name of a type declaration, method, constructor or record: its identifier node, or null. */
    static HPJavaParser.IdentifierContext declaredName(ParseTree n) {
        return switch (n) {
            case HPJavaParser.ClassDeclarationContext c -> c.identifier();
            case HPJavaParser.InterfaceDeclarationContext c -> c.identifier();
            case HPJavaParser.EnumDeclarationContext c -> c.identifier();
            case HPJavaParser.RecordDeclarationContext c -> c.identifier();
            case HPJavaParser.AnnotationInterfaceDeclarationContext c -> c.identifier();
            case HPJavaParser.MethodDeclarationContext c -> c.identifier();
            case HPJavaParser.ConstructorDeclarationContext c -> c.identifier();
            case HPJavaParser.CompactConstructorDeclarationContext c -> c.identifier();
            default -> null;
        };
    }
}
