package hpjava.lsp;

import java.util.List;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;

import hpjava.compiler.attribute.MultiarrayType;
import hpjava.compiler.attribute.RangeFact;
import hpjava.compiler.attribute.Symbol;
import hpjava.grammar.HPJavaLexer;
import hpjava.grammar.HPJavaParser;

/**
 * hover (Markdown): a multiarray's element type, rank and {@code -}/{@code *} signature; a distributed index's range
 * and binder; what is provable about a Range variable (hpjavac's {@code RangeFact}: kind, size, ghost widths, grid
 * dimension); an Adlib call's signatures and contract; HPJava keywords, range and group classes. Null elsewhere.
 */
final class Hovers {
    private Hovers() {
    }

    static Hover hover(Analysis a, int offset) {
        Token tok = Trees.tokenAt(a, offset);
        if (tok == null) return null;
        TerminalNode term = Trees.terminal(a.unit().parse().tree(), tok);
        if (term == null) return null;
        String md = describe(a, tok, term);
        if (md == null) return null;
        return new Hover(new MarkupContent(MarkupKind.MARKDOWN, md), a.positions().range(tok.getStartIndex(), tok.getStopIndex() + 1));
    }

    private static String describe(Analysis a, Token tok, TerminalNode term) {
        ParseTree parent = term.getParent();
        if (tok.getType() == HPJavaLexer.BACKQUOTE)
            return "`` " + Trees.header(a, (ParserRuleContext) parent, null) + " ``: the global index of a distributed index (an `int`)";
        if (isKeyword(tok, parent)) return code("hpjava", tok.getText()) + HpjavaCatalog.KEYWORDS.get(tok.getText());
        if (!(parent instanceof HPJavaParser.IdentifierContext id)) return null;
        Symbol s = Navigation.symbolAt(a, id, tok);
        if (s instanceof Symbol.Variable v) return variable(v);
        if (s instanceof Symbol.Index i) return index(a, i);
        String name = id.getText();
        if (id.getParent() instanceof HPJavaParser.MethodCallContext call && "Adlib".equals(call.expression().getText()))
            return adlib(name);
        if (id.getParent() instanceof HPJavaParser.MethodDeclarationContext m) return method(a, m);
        if (id.getParent() instanceof HPJavaParser.UnqualifiedMethodCallContext) {
            for (HPJavaParser.MethodDeclarationContext m : Trees.collect(a.unit().parse().tree(), HPJavaParser.MethodDeclarationContext.class))
                if (m.identifier() != null && m.identifier().getText().equals(name)) return method(a, m);
        }
        if (HpjavaCatalog.CLASSES.containsKey(name)
                && (id.getParent() instanceof HPJavaParser.NameContext || id.getParent() instanceof HPJavaParser.ClassTypeContext))
            return code("java", name) + HpjavaCatalog.CLASSES.get(name);
        return null;
    }

    private static boolean isKeyword(Token tok, ParseTree parent) {
        return switch (tok.getType()) {
            case HPJavaLexer.ON -> parent instanceof HPJavaParser.OnStatementContext || parent instanceof HPJavaParser.MultiarrayCreatorRestContext;
            case HPJavaLexer.OVERALL -> parent instanceof HPJavaParser.OverallStatementContext;
            case HPJavaLexer.AT -> parent instanceof HPJavaParser.AtStatementContext;
            default -> false;
        };
    }

    static String variable(Symbol.Variable v) {
        String kind = v.isField() ? "field" : "local variable";
        MultiarrayType t = v.type();
        if (t != null) {
            StringBuilder sb = new StringBuilder(code("hpjava", t + " " + v.name()));
            sb.append("multiarray (").append(kind).append("): element type `").append(t.element()).append("`, rank ").append(t.rank());
            if (t.slotsKnown()) {
                sb.append(", signature `[[");
                for (int r = 0; r < t.rank(); r++) sb.append(r > 0 ? "," : "").append(t.isDistributed(r) ? "-" : "*");
                sb.append("]]`");
                for (int r = 0; r < t.rank(); r++) {
                    sb.append("\n- dimension ").append(r).append(": ").append(t.isDistributed(r) ? "distributed (`-`)" : "sequential (`*`)");
                    Symbol.Variable range = v.slotRange(r);
                    if (range != null) sb.append(", range `").append(range.name()).append('`');
                }
            }
            return sb.toString();
        }
        StringBuilder sb = new StringBuilder(code("hpjava", (v.javaType() == null ? "var" : v.javaType()) + " " + v.name()));
        sb.append(kind);
        String library = v.javaType() == null ? null : HpjavaCatalog.CLASSES.get(v.javaType());
        if (library != null) sb.append(": `").append(v.javaType()).append("`, ").append(library);
        RangeFact f = v.range();
        if (f != null) sb.append("\n\n").append(rangeFact(f));
        else if (v.reassigned() && v.javaType() != null && isRangeType(v.javaType()))
            sb.append("\n\nassigned after its declaration: nothing about it is provable");
        return sb.toString();
    }

    private static boolean isRangeType(String javaType) {
        return javaType.endsWith("Range") || "Dimension".equals(javaType);
    }

    /** What hpjavac can prove about a Range variable, in words. */
    static String rangeFact(RangeFact f) {
        StringBuilder sb = new StringBuilder("provable: `").append(f.kind()).append('`');
        sb.append(f.collapsed() ? " (sequential, not distributed)" : "");
        sb.append(", size ").append(f.size() != null ? f.size().toString() : "not a literal");
        if (f.lo() != null && f.hi() != null) sb.append(", ghost widths lo ").append(f.lo()).append(", hi ").append(f.hi());
        else sb.append(", ghost widths not literals");
        if (f.grid() != null && f.axis() >= 0) sb.append(", distributed over `").append(f.grid().name()).append(".dim(").append(f.axis()).append(")`");
        return sb.toString();
    }

    private static String index(Analysis a, Symbol.Index i) {
        ParserRuleContext binder = i.binder();
        StringBuilder sb = new StringBuilder(code("hpjava", "distributed index " + i.name()));
        HPJavaParser.StatementContext body = binder instanceof HPJavaParser.OverallStatementContext o ? o.statement()
                : binder instanceof HPJavaParser.AtStatementContext at ? at.statement() : null;
        String range = binder instanceof HPJavaParser.OverallStatementContext o ? o.range.getText()
                : binder instanceof HPJavaParser.AtStatementContext at ? at.range.getText() : "?";
        sb.append("over range `").append(range).append("`, bound by `").append(Trees.header(a, binder, body))
                .append("` (line ").append(binder.getStart().getLine()).append(")\n\n");
        sb.append("no numeric value: ``").append(i.name()).append("` `` is its global index (an `int`)");
        if (i.rangeVariable() != null && i.rangeVariable().range() != null)
            sb.append("\n\nrange `").append(i.rangeVariable().name()).append("`: ").append(rangeFact(i.rangeVariable().range()));
        return sb.toString();
    }

    /** A method of this file: its header as written, e.g. {@code static double u(int x, int y)}. */
    private static String method(Analysis a, HPJavaParser.MethodDeclarationContext m) {
        ParserRuleContext member = Trees.enclosing(m, HPJavaParser.MemberContext.class);
        ParserRuleContext from = member != null ? member : m;
        return m.methodBody() == null ? null : code("hpjava", Trees.header(a, from, m.methodBody())) + "method of this file";
    }

    static String adlib(String method) {
        List<String> sigs = HpjavaCatalog.adlibMethods().get(method);
        if (sigs == null) return null;
        StringBuilder sb = new StringBuilder("```java\n");
        for (String s : sigs) sb.append("Adlib.").append(s.substring(s.indexOf(' ') + 1)).append(" : ").append(s, 0, s.indexOf(' ')).append('\n');
        sb.append("```\n");
        String contract = HpjavaCatalog.ADLIB_CONTRACTS.get(method);
        if (contract != null) sb.append(contract).append(" Collective over the active process group.");
        return sb.toString();
    }

    private static String code(String lang, String text) {
        return "```" + lang + "\n" + text + "\n```\n";
    }
}
