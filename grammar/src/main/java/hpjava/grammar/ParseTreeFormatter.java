package hpjava.grammar;

import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ErrorNode;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Prints a parse tree as an indented LISP-style S-expression, the format of the golden parse-tree files.
 *
 * <p>A rule node prints as {@code (rule child...)}, or {@code (rule#label child...)} when the grammar labels the
 * alternative, so the translator-facing labels are visible in the goldens. A node whose whole subtree fits in
 * {@value #WIDTH} columns prints on one line; otherwise each child goes on its own line, indented two spaces.
 * Tokens print as their text, quoted with Java escapes if the text has blanks, parentheses or quotes in it; an
 * error node prints as {@code <error text>}.
 */
public final class ParseTreeFormatter {

    /** Maximum width of a line holding a whole subtree. */
    public static final int WIDTH = 110;

    private ParseTreeFormatter() {
    }

    /** The indented tree, ending with a newline. */
    public static String format(ParseTree tree, Parser parser) {
        StringBuilder out = new StringBuilder();
        format(tree, parser.getRuleNames(), 0, out);
        return out.toString();
    }

    /** The tree on one line (no trailing newline). */
    public static String formatInline(ParseTree tree, Parser parser) {
        StringBuilder out = new StringBuilder();
        inline(tree, parser.getRuleNames(), out);
        return out.toString();
    }

    private static void format(ParseTree node, String[] ruleNames, int indent, StringBuilder out) {
        StringBuilder line = new StringBuilder();
        inline(node, ruleNames, line);
        out.repeat(' ', indent);
        if (indent + line.length() <= WIDTH || !(node instanceof ParserRuleContext ctx)) {
            out.append(line).append('\n');
            return;
        }
        out.append('(').append(nodeName(ctx, ruleNames)).append('\n');
        for (int i = 0; i < ctx.getChildCount(); i++) {
            format(ctx.getChild(i), ruleNames, indent + 2, out);
        }
        out.repeat(' ', indent).append(")\n");
    }

    private static void inline(ParseTree node, String[] ruleNames, StringBuilder out) {
        if (node instanceof ParserRuleContext ctx) {
            out.append('(').append(nodeName(ctx, ruleNames));
            for (int i = 0; i < ctx.getChildCount(); i++) {
                out.append(' ');
                inline(ctx.getChild(i), ruleNames, out);
            }
            out.append(')');
        } else if (node instanceof ErrorNode error) {
            out.append("<error ").append(tokenText(error.getSymbol())).append('>');
        } else if (node instanceof TerminalNode terminal) {
            out.append(tokenText(terminal.getSymbol()));
        }
    }

    /** The rule name, plus {@code #label} for a labelled alternative (its context class is named after the label). */
    public static String nodeName(ParserRuleContext ctx, String[] ruleNames) {
        String rule = ruleNames[ctx.getRuleIndex()];
        String simple = ctx.getClass().getSimpleName();
        String name = simple.endsWith("Context") ? simple.substring(0, simple.length() - "Context".length()) : simple;
        name = name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
        return name.equals(rule) ? rule : rule + "#" + name;
    }

    private static String tokenText(Token token) {
        if (token.getType() == Token.EOF) {
            return "<EOF>";
        }
        String text = token.getText();
        boolean plain = !text.isEmpty();
        for (int i = 0; i < text.length() && plain; i++) {
            char c = text.charAt(i);
            plain = c > ' ' && c != '(' && c != ')' && c != '"' && c != '\\';
        }
        if (plain) {
            return text;
        }
        StringBuilder quoted = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                default -> {
                    if (c < ' ') {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }
}
