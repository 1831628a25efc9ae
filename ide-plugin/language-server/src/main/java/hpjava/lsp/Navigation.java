package hpjava.lsp;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.eclipse.lsp4j.Location;

import hpjava.compiler.attribute.Symbol;
import hpjava.grammar.HPJavaParser;

/**
 * definition and references. Variables (locals, parameters, lambda/catch/pattern variables) and distributed indexes
 * resolve through hpjavac's scopes ({@code Attribution.symbol}) within their file. Classes, methods and fields are
 * matched by name over every .hpj file of the project (the open documents, the document's folder, the workspace
 * folders, read only when a member is asked for): hpjavac does not type Java expressions, so {@code q.f} and {@code m()} resolve to every member so named.
 */
final class Navigation {

    /** What a name at a position refers to. */
    sealed interface Target permits LocalTarget, MemberTarget {
    }

    /** A variable or distributed index of one file. */
    record LocalTarget(Analysis file, Symbol symbol) implements Target {
    }

    enum MemberKind { CLASS, METHOD, FIELD }

    /** A class, method or field, by name. */
    record MemberTarget(MemberKind kind, String name) implements Target {
    }

    private Navigation() {
    }

    static List<Location> definition(Analysis a, int offset, Supplier<List<Analysis>> project) {
        Target t = target(a, offset);
        if (t == null) return List.of();
        List<Location> out = new ArrayList<>();
        if (t instanceof LocalTarget l) {
            Token decl = declarationToken(l);
            if (decl != null) out.add(location(l.file(), decl));
        } else if (t instanceof MemberTarget m) {
            // An unqualified name (u(...), N) means a member of the enclosing classes when this file declares one.
            if (unqualifiedUse(a, offset)) for (Token d : memberDeclarations(a, m)) out.add(location(a, d));
            if (out.isEmpty()) for (Analysis f : project.get()) for (Token d : memberDeclarations(f, m)) out.add(location(f, d));
        }
        return out;
    }

    private static boolean unqualifiedUse(Analysis a, int offset) {
        Token tok = Trees.tokenAt(a, offset);
        TerminalNode term = tok == null ? null : Trees.terminal(a.unit().parse().tree(), tok);
        ParseTree p = term == null || term.getParent() == null ? null : term.getParent().getParent();
        return p instanceof HPJavaParser.NameContext || p instanceof HPJavaParser.UnqualifiedMethodCallContext;
    }

    static List<Location> references(Analysis a, int offset, Supplier<List<Analysis>> project, boolean includeDeclaration) {
        Target t = target(a, offset);
        if (t == null) return List.of();
        List<Location> out = new ArrayList<>();
        if (t instanceof LocalTarget l) {
            Token decl = declarationToken(l);
            if (includeDeclaration && decl != null) out.add(location(l.file(), decl));
            for (HPJavaParser.NameContext n : Trees.collect(l.file().unit().parse().tree(), HPJavaParser.NameContext.class))
                if (l.symbol().equals(l.file().attribution().symbol(n))) out.add(location(l.file(), n.getStart()));
        } else if (t instanceof MemberTarget m) {
            for (Analysis f : project.get()) {
                if (includeDeclaration) for (Token d : memberDeclarations(f, m)) out.add(location(f, d));
                for (Token u : memberUses(f, m)) out.add(location(f, u));
            }
        }
        return out;
    }

    /** What the name under {@code offset} refers to, or null (no name there, or a name the server cannot place). */
    static Target target(Analysis a, int offset) {
        Token tok = Trees.tokenAt(a, offset);
        if (tok == null || !Trees.isName(tok)) return null;
        TerminalNode term = Trees.terminal(a.unit().parse().tree(), tok);
        if (term == null || !(term.getParent() instanceof HPJavaParser.IdentifierContext id)) return null;
        ParseTree p = id.getParent();
        String name = id.getText();
        Symbol s = symbolAt(a, id, tok);
        if (s != null) {
            if (s instanceof Symbol.Variable v && v.isField()) return new MemberTarget(MemberKind.FIELD, name);
            return new LocalTarget(a, s);
        }
        return switch (p) {
            case HPJavaParser.UnqualifiedMethodCallContext c -> new MemberTarget(MemberKind.METHOD, name);
            case HPJavaParser.MethodCallContext c -> new MemberTarget(MemberKind.METHOD, name);
            case HPJavaParser.MethodDeclarationContext c -> new MemberTarget(MemberKind.METHOD, name);
            case HPJavaParser.MethodReferenceContext c -> new MemberTarget(MemberKind.METHOD, name);
            case HPJavaParser.FieldAccessContext c -> new MemberTarget(MemberKind.FIELD, name);
            case HPJavaParser.VariableDeclaratorIdContext c
                    when Trees.enclosing(c, HPJavaParser.FieldDeclarationContext.class) != null
                    && Trees.enclosing(c, HPJavaParser.BlockContext.class) == null ->
                    new MemberTarget(MemberKind.FIELD, name);
            case HPJavaParser.NameContext c -> new MemberTarget(MemberKind.CLASS, name);
            case HPJavaParser.ClassTypeContext c -> new MemberTarget(MemberKind.CLASS, name);
            case HPJavaParser.ConstructorDeclarationContext c -> new MemberTarget(MemberKind.CLASS, name);
            default -> Trees.declaredName(p) == id ? new MemberTarget(MemberKind.CLASS, name) : null;
        };
    }

    /**
     * The variable or distributed index the name {@code id} (holding token {@code tok}) refers to or declares, by
     * hpjavac's scopes; null without an attribution or for other names.
     */
    static Symbol symbolAt(Analysis a, HPJavaParser.IdentifierContext id, Token tok) {
        if (a.attribution() == null) return null;
        return id.getParent() instanceof HPJavaParser.NameContext n ? a.attribution().symbol(n) : declaredAt(a, id.getParent(), tok);
    }

    /** The symbol declared by the name token {@code tok} (a variable declarator, parameter, or overall/at index). */
    private static Symbol declaredAt(Analysis a, ParseTree parent, Token tok) {
        if (parent instanceof HPJavaParser.OverallStatementContext || parent instanceof HPJavaParser.AtStatementContext)
            return a.attribution().index((org.antlr.v4.runtime.ParserRuleContext) parent);
        for (Symbol.Variable v : a.attribution().variables())
            if (v.name().equals(tok.getText()) && Trees.nameToken(a, v.declaration(), v.name()) == tok) return v;
        return null;
    }

    static Token declarationToken(LocalTarget l) {
        return switch (l.symbol()) {
            case Symbol.Variable v -> Trees.nameToken(l.file(), v.declaration(), v.name());
            case Symbol.Index i -> switch (i.binder()) {
                case HPJavaParser.OverallStatementContext o -> o.index.getStart();
                case HPJavaParser.AtStatementContext at -> at.index.getStart();
                default -> i.binder().getStart();
            };
        };
    }

    private static List<Token> memberDeclarations(Analysis f, MemberTarget m) {
        List<Token> out = new ArrayList<>();
        ParseTree root = f.unit().parse().tree();
        switch (m.kind()) {
            case CLASS -> {
                for (ParseTree n : Trees.collect(root, HPJavaParser.ClassOrInterfaceDeclarationContext.class)) {
                    ParseTree decl = n.getChildCount() > 0 ? n.getChild(0) : null;
                    HPJavaParser.IdentifierContext id = decl == null ? null : Trees.declaredName(decl);
                    if (id != null && id.getText().equals(m.name())) out.add(id.getStart());
                }
            }
            case METHOD -> {
                for (HPJavaParser.MethodDeclarationContext d : Trees.collect(root, HPJavaParser.MethodDeclarationContext.class))
                    if (d.identifier() != null && d.identifier().getText().equals(m.name())) out.add(d.identifier().getStart());
            }
            case FIELD -> {
                for (HPJavaParser.FieldDeclarationContext d : Trees.collect(root, HPJavaParser.FieldDeclarationContext.class)) {
                    if (d.variableDeclarators() == null) continue;
                    for (HPJavaParser.VariableDeclaratorContext vd : d.variableDeclarators().variableDeclarator()) {
                        HPJavaParser.IdentifierContext id = vd.variableDeclaratorId() == null ? null : vd.variableDeclaratorId().identifier();
                        if (id != null && id.getText().equals(m.name())) out.add(id.getStart());
                    }
                }
                for (HPJavaParser.RecordComponentContext rc : Trees.collect(root, HPJavaParser.RecordComponentContext.class))
                    if (rc.identifier() != null && rc.identifier().getText().equals(m.name())) out.add(rc.identifier().getStart());
            }
        }
        return out;
    }

    /** Uses of a member by name (declarations excluded). */
    private static List<Token> memberUses(Analysis f, MemberTarget m) {
        List<Token> out = new ArrayList<>();
        for (HPJavaParser.IdentifierContext id : Trees.collect(f.unit().parse().tree(), HPJavaParser.IdentifierContext.class)) {
            if (!id.getText().equals(m.name()) || id.getStart() == null) continue;
            Target t = kindOfUse(f, id);
            if (m.equals(t)) out.add(id.getStart());
        }
        return out;
    }

    private static Target kindOfUse(Analysis f, HPJavaParser.IdentifierContext id) {
        ParseTree p = id.getParent();
        boolean use = p instanceof HPJavaParser.NameContext || p instanceof HPJavaParser.UnqualifiedMethodCallContext
                || p instanceof HPJavaParser.MethodCallContext || p instanceof HPJavaParser.MethodReferenceContext
                || p instanceof HPJavaParser.FieldAccessContext || p instanceof HPJavaParser.ClassTypeContext
                || p instanceof HPJavaParser.ConstructorDeclarationContext;
        return use ? target(f, id.getStart().getStartIndex()) : null;
    }

    private static Location location(Analysis f, Token t) {
        return new Location(f.uri(), f.positions().range(t.getStartIndex(), t.getStopIndex() + 1));
    }
}
