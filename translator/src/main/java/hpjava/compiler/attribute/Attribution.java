package hpjava.compiler.attribute;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.antlr.v4.runtime.ParserRuleContext;

import hpjava.grammar.HPJavaParser.ElementAccessContext;
import hpjava.grammar.HPJavaParser.ExpressionContext;
import hpjava.grammar.HPJavaParser.NameContext;

/**
 * The facts the ATTRIBUTE phase establishes for one compilation unit; read by CHECK and LOWER. Maps are keyed by
 * parse-tree node identity.
 */
public final class Attribution {

    /** One subscript of an element access: a distributed index with a constant shift, or an int expression. */
    public sealed interface Subscript permits IndexSubscript, IntSubscript {
        ExpressionContext expr();
    }

    /**
     * {@code i}, {@code i + k} or {@code i - k}. {@code shift} is the constant k with its sign; {@code constant}
     * is false when the shift is not an integer literal (an error).
     */
    public record IndexSubscript(ExpressionContext expr, Symbol.Index index, int shift, boolean constant)
            implements Subscript {
    }

    public record IntSubscript(ExpressionContext expr) implements Subscript {
    }

    /**
     * An element access {@code a[...]} whose base is a multiarray variable, written {@code base} ({@code a} or
     * {@code this.a}).
     */
    public record Access(ElementAccessContext ctx, Symbol.Variable array, String base, List<Subscript> subscripts) {
    }

    final Map<NameContext, Symbol> names = new IdentityHashMap<>();
    final Map<ElementAccessContext, Access> accesses = new IdentityHashMap<>();
    final Map<ParserRuleContext, Symbol.Index> binders = new IdentityHashMap<>();
    final Map<ParserRuleContext, MultiarrayType> expressionTypes = new IdentityHashMap<>();
    final Map<ParserRuleContext, MultiarrayType> declaredTypes = new IdentityHashMap<>();
    final Map<NameContext, Boolean> indexUsesAllowed = new IdentityHashMap<>();
    final Map<String, MultiarrayType> methodResults = new HashMap<>();
    final List<Symbol.Variable> variables = new ArrayList<>();

    /** The symbol a plain name refers to, or null (a Java name the translator need not know: class, package...). */
    public Symbol symbol(NameContext name) {
        return names.get(name);
    }

    /** The element access {@code a[...]} on a multiarray variable, or null (a Java array access or an error). */
    public Access access(ElementAccessContext ctx) {
        return accesses.get(ctx);
    }

    /** The index an overall or at statement binds. */
    public Symbol.Index index(ParserRuleContext overallOrAt) {
        return binders.get(overallOrAt);
    }

    /** The multiarray type of an expression, or null if it is no multiarray (or not known to be one). */
    public MultiarrayType typeOf(ParserRuleContext expr) {
        return expressionTypes.get(expr);
    }

    /** The multiarray type of a type node ({@code TypeContext}), or null if it has no {@code [[...]]}. */
    public MultiarrayType declared(ParserRuleContext typeNode) {
        return declaredTypes.get(typeNode);
    }

    /** Whether a name that refers to a distributed index sits where an index is allowed (subscript, i`, p / i). */
    public boolean indexUseAllowed(NameContext name) {
        return indexUsesAllowed.getOrDefault(name, false);
    }

    /** The declared multiarray result of a method of this file, by name (null if none or not a multiarray). */
    public MultiarrayType methodResult(String name) {
        return methodResults.get(name);
    }

    public List<Symbol.Variable> variables() {
        return variables;
    }
}
