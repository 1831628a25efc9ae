package hpjava.adlib.backends;

import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.Range;

import java.lang.reflect.Constructor;

/**
 * The element types of the check program, handled through one generic description (no per-type copies): the
 * multiarray class, deterministic values of a key, and the exact bits of a value.
 */
enum Elem {
    BOOLEAN("Boolean"), BYTE("Byte"), SHORT("Short"), CHAR("Char"), INT("Int"), LONG("Long"), FLOAT("Float"),
    DOUBLE("Double"), OBJECT("Object");

    private final Constructor<?> ctor;

    Elem(String prefix) {
        try {
            ctor = Class.forName("hpjava.lang." + prefix + "Multiarray").getConstructor(Group.class, Range[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    String label() {
        return name().toLowerCase();
    }

    boolean floating() {
        return this == FLOAT || this == DOUBLE;
    }

    boolean numeric() {
        return this != BOOLEAN && this != CHAR && this != OBJECT;
    }

    /** A new array over {@code ranges} on {@code g} (null: the APG). */
    Multiarray create(Group g, Range... ranges) {
        try {
            return (Multiarray) ctor.newInstance(g, ranges);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create a " + label() + " array", e);
        }
    }

    static long mix(long k) {
        long h = k * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        return h ^ (h >>> 32);
    }

    /** The value of key {@code k}: few distinct values (ties for maxloc), of both signs, inexact floating values. */
    Object value(long k) {
        long h = mix(k);
        long m = Math.floorMod(h, 200L) - 100;
        return switch (this) {
            case BOOLEAN -> (h & 1) == 0;
            case BYTE -> (byte) h;
            case SHORT -> (short) h;
            case CHAR -> (char) (h & 0x7fff);
            case INT -> (int) (m * 1_000_003L);
            case LONG -> m * 1_000_000_007L;
            case FLOAT -> (float) (m / 7.0);
            case DOUBLE -> m / 13.0;
            case OBJECT -> new Cell((int) m, "c" + Math.floorMod(h >>> 8, 1000L));
        };
    }

    /** A factor for products: small magnitudes, never 0, so products neither vanish nor overflow quickly. */
    Object factor(long k) {
        long h = mix(k);
        int i = (int) Math.floorMod(h, 5L);
        return switch (this) {
            case BYTE -> (byte) (i - 2 == 0 ? 3 : i - 2);
            case SHORT -> (short) (i - 2 == 0 ? 3 : i - 2);
            case INT -> i - 2 == 0 ? 3 : i - 2;
            case LONG -> (long) (i - 2 == 0 ? 3 : i - 2);
            case FLOAT -> new float[] {0.5f, 0.75f, 1.25f, 1.5f, -1.1f}[i];
            case DOUBLE -> new double[] {0.5, 0.75, 1.25, 1.5, -1.1}[i];
            default -> throw new IllegalArgumentException("no factors of " + this);
        };
    }

    /** A value no operation produces from the data (fills storage that must stay untouched). */
    Object sentinel() {
        return switch (this) {
            case BOOLEAN -> true;
            case BYTE -> (byte) 127;
            case SHORT -> (short) 32767;
            case CHAR -> (char) 0xffff;
            case INT -> Integer.MIN_VALUE;
            case LONG -> Long.MIN_VALUE;
            case FLOAT -> Float.NaN;
            case DOUBLE -> Double.NaN;
            case OBJECT -> new Cell(-1, "SENTINEL");
        };
    }

    /** The exact bits of a primitive box (floating values by their raw bits). */
    static long bits(Object v) {
        return switch (v) {
            case Boolean b -> b ? 1 : 0;
            case Character c -> c;
            case Float f -> Float.floatToRawIntBits(f);
            case Double d -> Double.doubleToRawLongBits(d);
            case Number n -> n.longValue();
            default -> throw new IllegalArgumentException("not a primitive value: " + v.getClass().getName());
        };
    }

    /** Bit-exact equality (objects by equals). */
    static boolean same(Object x, Object y) {
        if (x == null || y == null) return x == y;
        if (x instanceof Cell || y instanceof Cell) return x.equals(y);
        return x.getClass() == y.getClass() && bits(x) == bits(y);
    }

    /** The value as a double (numeric types). */
    static double num(Object v) {
        return v instanceof Character c ? c : ((Number) v).doubleValue();
    }

    /** Wraps a long to this integral type's value range (two's complement), as the element type's arithmetic does. */
    Object wrap(long v) {
        return switch (this) {
            case BYTE -> (byte) v;
            case SHORT -> (short) v;
            case INT -> (int) v;
            case LONG -> v;
            default -> throw new IllegalArgumentException(this + " is not integral");
        };
    }

    /** Narrows a double to this floating type. */
    Object narrow(double v) {
        return this == FLOAT ? (Object) (float) v : (Object) v;
    }
}
