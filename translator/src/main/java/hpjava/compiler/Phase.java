package hpjava.compiler;

/**
 * The translator's phases, in order. A caller stops after any phase with
 * {@link HpjavaCompiler.Options#stopAfter}; the language server stops after {@link #CHECK}.
 */
public enum Phase {
    /** Parse each .hpj with the HPJava grammar; syntax errors become diagnostics. */
    PARSE,
    /** Scopes and HPJava types: multiarray variables, distributed indexes, ranges. */
    ATTRIBUTE,
    /** Semantic rules of spec section 5, as keyed diagnostics. */
    CHECK,
    /** Lower to Java source (validated with JavaParser). */
    LOWER,
    /** Compile the Java with ECJ to class files naming the .hpj source and lines. */
    COMPILE;

    public boolean includes(Phase p) {
        return p.ordinal() <= ordinal();
    }
}
