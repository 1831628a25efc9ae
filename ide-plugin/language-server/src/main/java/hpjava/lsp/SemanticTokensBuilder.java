package hpjava.lsp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensLegend;

import hpjava.compiler.attribute.Symbol;
import hpjava.grammar.HPJavaLexer;
import hpjava.grammar.HPJavaParser;

/**
 * semanticTokens/full: colours by meaning what a TextMate grammar cannot know. HPJava keywords where they are
 * keywords ({@code on}, {@code overall}, {@code at} are also legal Java names: as method names they are
 * {@code function}, overriding the TextMate grammar, which cannot tell), multiarray types (element type and
 * {@code [[-,*]]}), distributed indexes (declaration and uses, modifier {@code distributedIndex}), multiarray
 * variables (modifier {@code multiarray}) and the backquote operator; of Java 25, the unnamed variable {@code _}
 * and {@code module} of {@code import module M;} as keywords (a TextMate grammar cannot tell a line-broken
 * {@code import module} from a package named {@code module}).
 */
final class SemanticTokensBuilder {
    static final List<String> TYPES = List.of("keyword", "type", "variable", "operator", "function");
    static final List<String> MODIFIERS = List.of("declaration", "multiarray", "distributedIndex");
    private static final int KEYWORD = 0, TYPE = 1, VARIABLE = 2, OPERATOR = 3, FUNCTION = 4;
    private static final int DECLARATION = 1, MULTIARRAY = 2, DISTRIBUTED_INDEX = 4;

    private record Entry(Token token, int type, int modifiers) {
    }

    private SemanticTokensBuilder() {
    }

    static SemanticTokensLegend legend() {
        return new SemanticTokensLegend(TYPES, MODIFIERS);
    }

    static SemanticTokens full(Analysis a) {
        List<Entry> entries = new ArrayList<>();
        collect(a, a.unit().parse().tree(), entries);
        if (a.attribution() != null) declarations(a, entries);
        entries.sort(Comparator.comparingInt(e -> e.token().getStartIndex()));
        List<Integer> data = new ArrayList<>();
        int prevLine = 0, prevChar = 0, lastEnd = -1;
        for (Entry e : entries) {
            Token t = e.token();
            if (t.getStartIndex() < lastEnd || t.getText().indexOf('\n') >= 0) continue; // overlapping or multi-line
            Position p = a.positions().position(t.getStartIndex());
            data.add(p.getLine() - prevLine);
            data.add(p.getLine() == prevLine ? p.getCharacter() - prevChar : p.getCharacter());
            data.add(t.getStopIndex() - t.getStartIndex() + 1);
            data.add(e.type());
            data.add(e.modifiers());
            prevLine = p.getLine();
            prevChar = p.getCharacter();
            lastEnd = t.getStopIndex() + 1;
        }
        return new SemanticTokens(data);
    }

    private static void collect(Analysis a, ParseTree node, List<Entry> out) {
        if (node instanceof TerminalNode term) {
            terminal(a, term, out);
            return;
        }
        if (node instanceof HPJavaParser.TypeContext t && t.multiarrayShape() != null) {
            allTokens(t, TYPE, MULTIARRAY, out);
            return;
        }
        if (node instanceof HPJavaParser.MultiarrayCreatorContext c && c.javaType() != null)
            allTokens(c.javaType(), TYPE, MULTIARRAY, out);
        for (int k = 0; k < node.getChildCount(); k++) {
            ParseTree child = node.getChild(k);
            if (node instanceof HPJavaParser.MultiarrayCreatorContext c && child == c.javaType()) continue;
            collect(a, child, out);
        }
    }

    private static void terminal(Analysis a, TerminalNode term, List<Entry> out) {
        Token tok = term.getSymbol();
        ParseTree parent = term.getParent();
        switch (tok.getType()) {
            case HPJavaLexer.ON, HPJavaLexer.OVERALL, HPJavaLexer.AT -> {
                if (parent instanceof HPJavaParser.OnStatementContext || parent instanceof HPJavaParser.OverallStatementContext
                        || parent instanceof HPJavaParser.AtStatementContext || parent instanceof HPJavaParser.MultiarrayCreatorRestContext)
                    out.add(new Entry(tok, KEYWORD, 0));
                else if (isMethodName(term)) out.add(new Entry(tok, FUNCTION, 0)); // on(p): a call, not the statement
                else name(a, term, out);
            }
            case HPJavaLexer.BACKQUOTE -> out.add(new Entry(tok, OPERATOR, 0));
            case HPJavaLexer.UNDERSCORE -> out.add(new Entry(tok, KEYWORD, 0));   // an unnamed variable or pattern
            case HPJavaLexer.MODULE -> {
                if (parent instanceof HPJavaParser.ImportDeclarationContext) out.add(new Entry(tok, KEYWORD, 0));
                else name(a, term, out);
            }
            case HPJavaLexer.LBRACK, HPJavaLexer.RBRACK -> {
                if (parent instanceof HPJavaParser.MultiarrayCreatorRestContext) out.add(new Entry(tok, TYPE, MULTIARRAY));
            }
            default -> name(a, term, out);
        }
    }

    private static boolean isMethodName(TerminalNode term) {
        ParseTree p = term.getParent() instanceof HPJavaParser.IdentifierContext id ? id.getParent() : null;
        return p instanceof HPJavaParser.UnqualifiedMethodCallContext || p instanceof HPJavaParser.MethodCallContext
                || p instanceof HPJavaParser.MethodDeclarationContext;
    }

    /** A use of a distributed index or a multiarray variable. */
    private static void name(Analysis a, TerminalNode term, List<Entry> out) {
        if (a.attribution() == null || !(term.getParent() instanceof HPJavaParser.IdentifierContext id)
                || !(id.getParent() instanceof HPJavaParser.NameContext n)) return;
        Symbol s = a.attribution().symbol(n);
        if (s instanceof Symbol.Index) out.add(new Entry(term.getSymbol(), VARIABLE, DISTRIBUTED_INDEX));
        else if (s instanceof Symbol.Variable v && v.isMultiarray()) out.add(new Entry(term.getSymbol(), VARIABLE, MULTIARRAY));
    }

    /** The names declared as distributed indexes (overall, at) and multiarray variables. */
    private static void declarations(Analysis a, List<Entry> out) {
        for (ParserRuleContext binder : Trees.collect(a.unit().parse().tree(), HPJavaParser.StatementContext.class)) {
            HPJavaParser.IdentifierContext index = binder instanceof HPJavaParser.OverallStatementContext o ? o.index
                    : binder instanceof HPJavaParser.AtStatementContext at ? at.index : null;
            if (index != null && index.getStart() != null) out.add(new Entry(index.getStart(), VARIABLE, DECLARATION | DISTRIBUTED_INDEX));
        }
        for (Symbol.Variable v : a.attribution().variables()) {
            if (!v.isMultiarray()) continue;
            Token t = Trees.nameToken(a, v.declaration(), v.name());
            if (t != null && t.getText().equals(v.name())) out.add(new Entry(t, VARIABLE, DECLARATION | MULTIARRAY));
        }
    }

    private static void allTokens(ParserRuleContext ctx, int type, int modifiers, List<Entry> out) {
        if (ctx.getStart() == null || ctx.getStop() == null) return;
        for (int k = 0; k < ctx.getChildCount(); k++) {
            ParseTree c = ctx.getChild(k);
            if (c instanceof TerminalNode t) {
                if (t.getSymbol().getTokenIndex() >= 0) out.add(new Entry(t.getSymbol(), type, modifiers));
            } else if (c instanceof ParserRuleContext r) {
                allTokens(r, type, modifiers, out);
            }
        }
    }
}
