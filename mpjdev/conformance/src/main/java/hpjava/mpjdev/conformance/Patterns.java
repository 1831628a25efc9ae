package hpjava.mpjdev.conformance;

import java.lang.reflect.Array;

import hpjava.mpjdev.SectionType;

/**
 * Deterministic test data for every primitive section type, written once for all types: element {@code i} of a
 * pattern with seed {@code s} is derived from the number {@code k = s * 1_000_003 + i * 7919 + 1}, converted to the
 * element type.
 */
final class Patterns {
    private Patterns() {}

    /** The primitive section types (every type but OBJECT). */
    static SectionType[] primitiveTypes() {
        return java.util.Arrays.stream(SectionType.values()).filter(t -> t != SectionType.OBJECT).toArray(SectionType[]::new);
    }

    /** A new array of type {@code t}, {@code n} elements of the pattern with seed {@code seed}. */
    static Object filled(SectionType t, int n, int seed) {
        Object a = Array.newInstance(t.arrayClass().getComponentType(), n);
        for (int i = 0; i < n; i++) Array.set(a, i, value(t, seed, i));
        return a;
    }

    /** Element {@code i} of the pattern, boxed. */
    static Object value(SectionType t, int seed, int i) {
        long k = seed * 1_000_003L + i * 7919L + 1;
        return switch (t) {
            case BYTE -> (byte) k;
            case SHORT -> (short) k;
            case CHAR -> (char) k;
            case INT -> (int) (k * 2654435761L);
            case LONG -> k * 0x9E3779B97F4A7C15L;
            case FLOAT -> (float) (k / 3.0);
            case DOUBLE -> k / 7.0;
            case BOOLEAN -> (k % 3) == 0;
            case OBJECT -> throw new IllegalArgumentException("no primitive pattern for objects");
        };
    }

    /** The default (zero) value of type {@code t}, boxed. */
    static Object zero(SectionType t) {
        return Array.get(Array.newInstance(t.arrayClass().getComponentType(), 1), 0);
    }

    /** Checks {@code a[i]} against the expected boxed value. */
    static void expect(Object a, int i, Object expected, String what) {
        Object actual = Array.get(a, i);
        if (!actual.equals(expected)) throw new AssertionError(what + ": element " + i + " is " + actual + ", expected " + expected);
    }
}
