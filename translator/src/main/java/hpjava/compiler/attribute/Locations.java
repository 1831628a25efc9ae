package hpjava.compiler.attribute;

import java.util.Set;

import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.ElementAccessContext;
import hpjava.grammar.HPJavaParser.ExpressionContext;
import hpjava.grammar.HPJavaParser.MultiplicativeContext;
import hpjava.grammar.HPJavaParser.NameContext;
import hpjava.grammar.HPJavaParser.ParenthesizedContext;
import hpjava.grammar.HPJavaParser.ScalarSubscriptContext;

/**
 * Locations {@code x[n]} outside an {@code at} header (HPJava manual: a location may appear wherever one makes sense):
 * {@code x} a Range variable, one int subscript. Where they are allowed, {@link #allowedAt} says; the translator lowers
 * {@code p / x[n]} to {@code p.restrict(x, n)} and the section subscript {@code a[[x[n], :]]} to the scalar {@code n}.
 */
public final class Locations {
    /** Declared types that make a variable a Range (simple names of hpjava.lang's range classes). */
    private static final Set<String> RANGE_TYPES = Set.of("Range", "BlockRange", "CyclicRange", "BlockCyclicRange",
            "ExtBlockRange", "IrregRange", "CollapsedRange", "Dimension");

    private Locations() {}

    /** {@code e} (parentheses stripped) if it is a location {@code x[n]}, else null. */
    public static ElementAccessContext location(ExpressionContext e, Attribution attr) {
        while (e instanceof ParenthesizedContext p) e = p.expression();
        if (!(e instanceof ElementAccessContext a) || a.subscripts.size() != 1 || attr.access(a) != null) return null;
        if (!(a.array instanceof NameContext n) || !(attr.symbol(n) instanceof Symbol.Variable v) || v.isMultiarray()) return null;
        String t = v.javaType();
        if (t != null) {
            t = t.replaceAll("<.*", "");
            t = t.substring(t.lastIndexOf('.') + 1);
        }
        return (t != null && RANGE_TYPES.contains(t)) || v.range() != null ? a : null;
    }

    /** Whether the location {@code loc} stands where the translator lowers it: {@code g / loc} or a section scalar. */
    public static boolean allowedAt(ElementAccessContext loc) {
        org.antlr.v4.runtime.ParserRuleContext c = loc;
        while (c.getParent() instanceof ParenthesizedContext p) c = p;
        return c.getParent() instanceof ScalarSubscriptContext
                || (c.getParent() instanceof MultiplicativeContext m && m.op.getType() == HPJavaParser.DIV && m.expression(1) == c);
    }

    /** The location on the right of {@code g / x[n]}, or null. */
    public static ElementAccessContext restriction(MultiplicativeContext m, Attribution attr) {
        return m.op.getType() == HPJavaParser.DIV ? location(m.expression(1), attr) : null;
    }
}
