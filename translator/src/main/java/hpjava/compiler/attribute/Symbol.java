package hpjava.compiler.attribute;

import org.antlr.v4.runtime.Token;

/** A name in scope: a variable (local, parameter, field) or a distributed index. */
public sealed interface Symbol permits Symbol.Variable, Symbol.Index {

    String name();

    /**
     * A variable. {@code type} is its multiarray type or null for any other Java type; {@code javaType} is the
     * declared type as written (or null); {@code range} is what is known of it as a Range (or null).
     */
    final class Variable implements Symbol {
        private final String name;
        private final MultiarrayType type;
        private final String javaType;
        private final Token declaration;
        RangeFact range;
        Variable[] slotRanges;
        boolean reassigned;
        final boolean field;

        Variable(String name, MultiarrayType type, String javaType, Token declaration, boolean field) {
            this.name = name;
            this.type = type;
            this.javaType = javaType;
            this.declaration = declaration;
            this.field = field;
        }

        @Override public String name() { return name; }
        public MultiarrayType type() { return type; }
        public String javaType() { return javaType; }
        public Token declaration() { return declaration; }
        public boolean isMultiarray() { return type != null; }
        public boolean isField() { return field; }
        /** Whether the variable is assigned after its declaration anywhere in the file. */
        public boolean reassigned() { return reassigned; }
        /** The Range fact, unless the variable is reassigned somewhere. */
        public RangeFact range() { return reassigned ? null : range; }
        /** Per slot, the Range variable given at creation ({@code new T[[x, y]]}) or null; null if not known. */
        public Variable slotRange(int r) {
            return reassigned || slotRanges == null || r >= slotRanges.length ? null : slotRanges[r];
        }
        @Override public String toString() { return name; }
    }

    /**
     * A distributed index bound by {@code overall} or {@code at}; {@code binder} is that statement,
     * {@code rangeVariable} the Range variable it iterates over when the range expression is a plain name.
     */
    record Index(String name, org.antlr.v4.runtime.ParserRuleContext binder, Variable rangeVariable) implements Symbol {
    }
}
