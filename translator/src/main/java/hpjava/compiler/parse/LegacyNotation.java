package hpjava.compiler.parse;

import java.util.ArrayList;
import java.util.List;

import hpjava.compiler.diag.Diagnostic;
import hpjava.compiler.diag.DiagnosticKey;

/**
 * Finds the notations of the 1997-2002 HPJava papers that HPJava 1.0 (the 2003 manual) writes differently, so a
 * program in the old notation gets "write X instead" at the right place rather than a generic syntax error:
 * <ul>
 *   <li>type shapes with {@code #} or empty slots, where {@code #} marked a distributed dimension and an empty slot a
 *       sequential one ({@code float a[[,#]] = new float [[size, x]]} in the 1997 Choleski example):
 *       {@code [[#,#]]} &rarr; {@code [[-,-]]}, {@code [[,#]]} &rarr; {@code [[*,-]]}, {@code [[,]]} &rarr;
 *       {@code [[*,*]]};</li>
 *   <li>{@code float #} (a rank-0 distributed array) &rarr; {@code float [[]]};</li>
 *   <li>subranges with single brackets {@code x [0 : N/2-1]} &rarr; {@code x [[0 : N/2-1]]}.</li>
 * </ul>
 * A plain character scan (comments, string, character and text-block literals skipped); run only on a file that
 * failed to parse, so it never changes how a correct program compiles.
 */
public final class LegacyNotation {
    private final String text;
    private final String source;
    private final List<Diagnostic> found = new ArrayList<>();

    private LegacyNotation(String source, String text) {
        this.source = source;
        this.text = text;
    }

    /** The old notations in {@code text}, in source order, as {@link DiagnosticKey#LEGACY_NOTATION} diagnostics. */
    public static List<Diagnostic> scan(String source, String text) {
        LegacyNotation s = new LegacyNotation(source, text);
        s.run();
        return s.found;
    }

    private void run() {
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') { i = skipTo(i, "\n") - 1; continue; }
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') { i = skipTo(i + 2, "*/") + 1; continue; }
            if (text.startsWith("\"\"\"", i)) { i = skipTo(i + 3, "\"\"\"") + 2; continue; }
            if (c == '"' || c == '\'') { i = skipLiteral(i, c); continue; }
            if (c == '[' && i + 1 < n && text.charAt(i + 1) == '[') { i = shape(i); continue; }
            if (c == '[') { subrange(i); continue; }
            if (c == '#') hashType(i);
        }
    }

    /** {@code [[ slots ]]} of a type: reports it when a slot is {@code #} or empty; returns the last index looked at. */
    private int shape(int open) {
        int close = text.indexOf("]]", open + 2);
        if (close < 0) return open + 1;
        String inner = text.substring(open + 2, close);
        if (!inner.matches("[\\s#*,-]*")) return open + 1;
        String[] slots = inner.split(",", -1);
        boolean legacy = inner.contains("#") || (slots.length > 1 && java.util.Arrays.stream(slots).anyMatch(t -> t.isBlank()));
        if (!legacy) return close + 1;
        StringBuilder fix = new StringBuilder("[[");
        for (int k = 0; k < slots.length; k++) {
            String t = slots[k].trim();
            fix.append(k > 0 ? "," : "").append(t.equals("#") || t.equals("-") ? "-" : "*");
        }
        fix.append("]]");
        report(open, text.substring(open, close + 2).replaceAll("\\s+", ""), fix + " (a distributed dimension is '-', a sequential one '*')");
        return close + 1;
    }

    /** {@code T #}: the old rank-0 distributed array type. */
    private void hashType(int at) {
        int k = at - 1;
        while (k >= 0 && Character.isWhitespace(text.charAt(k))) k--;
        int end = k + 1;
        while (k >= 0 && Character.isJavaIdentifierPart(text.charAt(k))) k--;
        String type = text.substring(k + 1, end);
        if (type.isEmpty() || !Character.isJavaIdentifierStart(type.charAt(0))) return;
        report(k + 1, type + " #", type + " [[]] (a rank-0 multiarray)");
    }

    /** {@code x [l : u]} with single brackets (an old subrange); not {@code a[b ? c : d]}. */
    private void subrange(int open) {
        int prev = open - 1;
        while (prev >= 0 && Character.isWhitespace(text.charAt(prev))) prev--;
        if (prev < 0 || text.charAt(prev) == '[' || !(Character.isJavaIdentifierPart(text.charAt(prev)) || text.charAt(prev) == ')'))
            return;
        int depth = 0;
        boolean colon = false;
        for (int k = open + 1; k < text.length(); k++) {
            char c = text.charAt(k);
            if (c == '(' || c == '[' || c == '{') depth++;
            else if (c == ')' || c == '}') depth--;
            else if (c == ']') {
                if (depth == 0) {
                    if (!colon || (k + 1 < text.length() && text.charAt(k + 1) == ']')) return;
                    String inner = text.substring(open + 1, k).trim();
                    int s = prev;
                    while (s >= 0 && Character.isJavaIdentifierPart(text.charAt(s))) s--;
                    String name = text.substring(s + 1, prev + 1);
                    report(open, name + " [" + inner + "]", name + " [[" + inner + "]] (a subrange takes double brackets)");
                    return;
                }
                depth--;
            } else if (depth == 0 && (c == '?' || c == ';' || c == '{')) return;
            else if (depth == 0 && c == ':') colon = true;
        }
    }

    private int skipTo(int from, String end) {
        int k = text.indexOf(end, from);
        return k < 0 ? text.length() : k;
    }

    private int skipLiteral(int open, char quote) {
        for (int k = open + 1; k < text.length(); k++) {
            char c = text.charAt(k);
            if (c == '\\') k++;
            else if (c == quote || c == '\n') return k;
        }
        return text.length();
    }

    private void report(int offset, String old, String fix) {
        int line = 1, col = 1;
        for (int k = 0; k < offset; k++) {
            if (text.charAt(k) == '\n') { line++; col = 1; } else col++;
        }
        found.add(new Diagnostic(DiagnosticKey.LEGACY_NOTATION, List.of(old, fix), source, line, col, offset));
    }
}
