package hpjava.lsp;

import java.util.ArrayList;
import java.util.List;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SymbolKind;

import hpjava.grammar.HPJavaParser;

/**
 * documentSymbol: classes (and interfaces, enums, records), their methods, constructors and fields, and inside
 * bodies each {@code on}, {@code overall} and {@code at} block as a child of the member that holds it (nested
 * blocks nest). Works on trees with syntax errors (what was recognised is listed).
 */
final class Outline {
    private Outline() {
    }

    static List<DocumentSymbol> symbols(Analysis a) {
        List<DocumentSymbol> top = new ArrayList<>();
        walk(a, a.unit().parse().tree(), top);
        return top;
    }

    private static void walk(Analysis a, ParseTree node, List<DocumentSymbol> into) {
        DocumentSymbol s = symbol(a, node);
        if (node instanceof HPJavaParser.FieldDeclarationContext f) {
            fields(a, f, into);
            return;
        }
        List<DocumentSymbol> children = into;
        if (s != null) {
            into.add(s);
            children = new ArrayList<>();
            s.setChildren(children);
        }
        for (int k = 0; k < node.getChildCount(); k++) walk(a, node.getChild(k), children);
    }

    private static DocumentSymbol symbol(Analysis a, ParseTree node) {
        if (!(node instanceof ParserRuleContext ctx) || ctx.getStart() == null || ctx.getStop() == null) return null;
        HPJavaParser.IdentifierContext name = Trees.declaredName(node);
        if (name != null && name.getStart() != null) return make(a, name.getText(), kind(node), ctx, name.getStart(), detail(a, node));
        return switch (node) {
            case HPJavaParser.OnStatementContext on ->
                    make(a, Trees.header(a, on, on.statement()), SymbolKind.Namespace, on, on.getStart(), "on");
            case HPJavaParser.OverallStatementContext ov ->
                    make(a, Trees.header(a, ov, ov.statement()), SymbolKind.Array, ov, ov.getStart(), "overall");
            case HPJavaParser.AtStatementContext at ->
                    make(a, Trees.header(a, at, at.statement()), SymbolKind.Key, at, at.getStart(), "at");
            case HPJavaParser.EnumConstantContext ec when ec.identifier() != null ->
                    make(a, ec.identifier().getText(), SymbolKind.EnumMember, ec, ec.identifier().getStart(), null);
            case HPJavaParser.RecordComponentContext rc when rc.identifier() != null ->
                    make(a, rc.identifier().getText(), SymbolKind.Field, rc, rc.identifier().getStart(), rc.type().getText());
            default -> null;
        };
    }

    private static void fields(Analysis a, HPJavaParser.FieldDeclarationContext f, List<DocumentSymbol> into) {
        if (f.variableDeclarators() == null) return;
        String type = f.type() == null ? null : Trees.header(a, f.type(), null);
        for (HPJavaParser.VariableDeclaratorContext vd : f.variableDeclarators().variableDeclarator()) {
            if (vd.variableDeclaratorId() == null || vd.variableDeclaratorId().identifier() == null || vd.getStop() == null) continue;
            HPJavaParser.IdentifierContext id = vd.variableDeclaratorId().identifier();
            into.add(make(a, id.getText(), SymbolKind.Field, vd, id.getStart(), type));
        }
    }

    private static SymbolKind kind(ParseTree node) {
        return switch (node) {
            case HPJavaParser.InterfaceDeclarationContext c -> SymbolKind.Interface;
            case HPJavaParser.AnnotationInterfaceDeclarationContext c -> SymbolKind.Interface;
            case HPJavaParser.EnumDeclarationContext c -> SymbolKind.Enum;
            case HPJavaParser.RecordDeclarationContext c -> SymbolKind.Struct;
            case HPJavaParser.MethodDeclarationContext c -> SymbolKind.Method;
            case HPJavaParser.ConstructorDeclarationContext c -> SymbolKind.Constructor;
            case HPJavaParser.CompactConstructorDeclarationContext c -> SymbolKind.Constructor;
            default -> SymbolKind.Class;
        };
    }

    private static String detail(Analysis a, ParseTree node) {
        if (node instanceof HPJavaParser.MethodDeclarationContext m && m.formalParameters() != null && m.resultType() != null)
            return Trees.header(a, m.resultType(), null) + " " + m.identifier().getText() + Trees.header(a, m.formalParameters(), null);
        return null;
    }

    private static DocumentSymbol make(Analysis a, String name, SymbolKind kind, ParserRuleContext whole, Token nameToken,
                                       String detail) {
        Range full = a.positions().range(whole.getStart().getStartIndex(), whole.getStop().getStopIndex() + 1);
        Range selection = a.positions().range(nameToken.getStartIndex(), nameToken.getStopIndex() + 1);
        DocumentSymbol s = new DocumentSymbol(name.isEmpty() ? "?" : name, kind, full, selection, detail);
        s.setChildren(new ArrayList<>());
        return s;
    }
}
