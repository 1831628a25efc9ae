package hpjava.compiler.diag;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;

/** Collects the diagnostics of one source file. */
public final class Diagnostics {
    private final String source;
    private final List<Diagnostic> list = new ArrayList<>();

    public Diagnostics(String source) {
        this.source = source;
    }

    public void report(DiagnosticKey key, Token at, Object... args) {
        list.add(new Diagnostic(key, List.of(args), source, at.getLine(), at.getCharPositionInLine() + 1,
                at.getStartIndex()));
    }

    public void report(DiagnosticKey key, ParserRuleContext at, Object... args) {
        report(key, at.getStart(), args);
    }

    public void add(Diagnostic d) {
        list.add(d);
    }

    /** Adds {@code d} unless an equal diagnostic is already there (a loop body lowered twice reports once). */
    public void addIfAbsent(Diagnostic d) {
        if (!list.contains(d)) list.add(d);
    }

    public boolean hasErrors() {
        return !list.isEmpty();
    }

    /** In source order. */
    public List<Diagnostic> sorted() {
        List<Diagnostic> l = new ArrayList<>(list);
        l.sort(Comparator.comparingInt(Diagnostic::line).thenComparingInt(Diagnostic::column));
        return l;
    }
}
