package hpjava.lsp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.antlr.v4.runtime.Token;

import hpjava.compiler.HpjavaCompiler;
import hpjava.compiler.Phase;
import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.Attributor;
import hpjava.compiler.diag.Diagnostic;
import hpjava.compiler.diag.DiagnosticKey;
import hpjava.compiler.parse.SourceUnit;
import hpjava.grammar.HPJavaLexer;
import hpjava.grammar.HPJavaParser;

/**
 * Runs hpjavac's phases for the server. {@link #analyze} stops after CHECK (fast: every request uses it);
 * {@link #javaDiagnostics} also lowers and compiles with ECJ into a temporary directory, so that ECJ's errors on the
 * generated Java, mapped back to .hpj positions by hpjavac, reach the editor too (run only on the debounced path).
 * A failure inside the translator becomes a diagnostic, never an exception out of the server.
 */
final class Analyzer {

    /** A .hpj text and the name hpjavac gives it in messages (a file path). */
    record SourceText(String name, String text) {
    }

    private Analyzer() {
    }

    static Analysis analyze(String uri, String name, String text) {
        SourceUnit unit = SourceUnit.parse(name, text);
        List<Diagnostic> diagnostics;
        Attribution attribution = null;
        try {
            diagnostics = HpjavaCompiler.compile(List.of(unit), HpjavaCompiler.Options.checkOnly()).diagnostics();
            if (!unit.parse().hasErrors()) attribution = Attributor.attribute(unit);
        } catch (IOException | RuntimeException e) {
            diagnostics = List.of(internalError(name, e));
        }
        return new Analysis(uri, text, new TextPositions(text), unit, attribution, diagnostics);
    }

    /**
     * ECJ's errors for {@code main} compiled together with {@code siblings} (the other .hpj files of its folder, so
     * their classes resolve) against {@code classPath}; empty when {@code main} already has hpjavac errors (ECJ does
     * not run then). Siblings with errors of their own are left out.
     */
    static List<Diagnostic> javaDiagnostics(SourceText main, List<SourceText> siblings, List<Path> classPath) {
        Path out = null;
        try {
            List<SourceUnit> units = new ArrayList<>();
            units.add(SourceUnit.parse(main.name(), main.text()));
            for (SourceUnit sibling : referenced(units.getFirst(), siblings))
                if (HpjavaCompiler.compile(List.of(sibling), HpjavaCompiler.Options.checkOnly()).success())
                    units.add(SourceUnit.parse(sibling.name(), sibling.text()));
            out = Files.createTempDirectory("hpjava-lsp-classes");
            HpjavaCompiler.compile(units, new HpjavaCompiler.Options(Phase.COMPILE, classPath, out, null));
            return units.getFirst().diagnostics().sorted();
        } catch (IOException | RuntimeException e) {
            return List.of(internalError(main.name(), e));
        } finally {
            if (out != null) HpjavaCompiler.deleteTreeQuietly(out);
        }
    }

    /**
     * The siblings {@code main} needs, directly or through each other: those declaring a top-level type whose name
     * occurs as an identifier in a needed unit (ECJ then compiles only what can matter, not the whole folder).
     */
    static List<SourceUnit> referenced(SourceUnit main, List<SourceText> siblings) {
        List<SourceUnit> candidates = new ArrayList<>();
        for (SourceText s : siblings) candidates.add(SourceUnit.parse(s.name(), s.text()));
        List<SourceUnit> needed = new ArrayList<>();
        Set<String> names = identifiers(main);
        boolean grew = true;
        while (grew) {
            grew = false;
            for (SourceUnit c : candidates) {
                if (needed.contains(c) || java.util.Collections.disjoint(topLevelTypes(c), names)) continue;
                needed.add(c);
                names.addAll(identifiers(c));
                grew = true;
            }
        }
        return needed;
    }

    private static Set<String> identifiers(SourceUnit u) {
        Set<String> names = new HashSet<>();
        for (Token t : u.parse().tokens().getTokens()) if (t.getType() == HPJavaLexer.IDENTIFIER) names.add(t.getText());
        return names;
    }

    private static Set<String> topLevelTypes(SourceUnit u) {
        Set<String> names = new HashSet<>();
        for (HPJavaParser.TypeDeclarationContext t : Trees.collect(u.parse().tree(), HPJavaParser.TypeDeclarationContext.class)) {
            if (t.classOrInterfaceDeclaration() == null || t.classOrInterfaceDeclaration().getChildCount() == 0) continue;
            HPJavaParser.IdentifierContext id = Trees.declaredName(t.classOrInterfaceDeclaration().getChild(0));
            if (id != null) names.add(id.getText());
        }
        return names;
    }

    private static Diagnostic internalError(String name, Exception e) {
        return new Diagnostic(DiagnosticKey.JAVA, List.of("hpjavac failed on this file (" + e + "); please report it"),
                name, 1, 1, 0);
    }
}
