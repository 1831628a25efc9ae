package hpjava.io;

import hpjava.adlib.Elems;
import hpjava.lang.*;

import java.lang.reflect.Array;

/**
 * Test arrays: every range kind, every primitive element type, values that are a simple function of the element's
 * index in C order (the same formulas are in the NumPy check script, {@link NumpyTest}).
 */
final class Arrays {
    private Arrays() {}

    static final String[] TYPES = {"boolean", "byte", "char", "short", "int", "long", "float", "double"};
    /** Range kinds: block, cyclic, block-cyclic, ghosts, irregular, sequential, subrange of a larger cyclic range. */
    static final int KINDS = 7;

    /** Value of the element with C-order index {@code k}. */
    static Object value(String type, long k) {
        return switch (type) {
            case "boolean" -> k % 3 == 0;
            case "byte" -> (byte) (k % 200 - 100);
            case "char" -> (char) (k + 40);
            case "short" -> (short) (k * 3 - 50);
            case "int" -> (int) (k * 7 - 100);
            case "long" -> k * 1000003L - 7;
            case "float" -> (float) (k * 0.25 - 1);
            case "double" -> k * 0.5 - 3 + 1e-3 * (k % 7);
            default -> throw new IllegalArgumentException(type);
        };
    }

    /** A value no test writes, to see what a read did not touch. */
    static Object sentinel(String type) {
        return Elems.sentinel(type);
    }

    /** A range of {@code n} indices of the given kind over {@code d} (null: sequential whatever the kind). */
    static Range range(int kind, int n, Dimension d) {
        if (d == null) return new CollapsedRange(n);
        int p = d.size();
        return switch (kind) {
            case 0 -> new BlockRange(n, d);
            case 1 -> new CyclicRange(n, d);
            case 2 -> new BlockCyclicRange(n, d, 2);
            case 3 -> new ExtBlockRange(n, d, 1, 2);
            case 4 -> {
                int[] sizes = new int[p];
                for (int i = 0, left = n; i < p; i++) { sizes[i] = i == p - 1 ? left : Math.min(left, (i * 2 + n) % (n / p + 2)); left -= sizes[i]; }
                yield new IrregRange(sizes, d);
            }
            case 5 -> new CollapsedRange(n);
            default -> new CyclicRange(2 * n + 3, d).subrange(1, 2 * n - 1, 2);
        };
    }

    /** A new array of {@code shape} with ranges of {@code kind} over the first grid axes of {@code p} (1-D grids: dim 0 only). */
    static Multiarray create(String type, Procs p, int kind, int... shape) {
        Range[] x = new Range[shape.length];
        for (int r = 0; r < shape.length; r++) x[r] = range((kind + r) % KINDS, shape[r], r < p.rank() ? p.dim(r) : null);
        return create(type, p, x);
    }

    static Multiarray create(String type, Group g, Range... ranges) {
        return Elems.create(type, g, ranges);
    }

    /** Sets every element the calling process stores (ghost cells too) to {@code v}. */
    static void fillStorage(Multiarray a, Object v) {
        Object dat = a.storage();
        for (int i = 0, n = Array.getLength(dat); i < n; i++) Array.set(dat, i, v);
    }

    /** Sets each held element to {@link #value} of its C-order index. */
    static void fillValues(Multiarray a) {
        forEachHeld(a, (g, k) -> Array.set(a.storage(), a.offset(g), value(a.elementType(), k)));
    }

    /** Checks each held element against {@link #value}; returns the first mismatch or null. */
    static String check(Multiarray a, String what) {
        String[] bad = {null};
        forEachHeld(a, (g, k) -> {
            Object got = Array.get(a.storage(), a.offset(g)), want = value(a.elementType(), k);
            if (bad[0] == null && !got.equals(want))
                bad[0] = what + ": element " + java.util.Arrays.toString(g) + " of " + a + " is " + got + ", expected " + want;
        });
        return bad[0];
    }

    /** Checks that every stored element is {@code v} (nothing was changed). */
    static boolean untouched(Multiarray a, Object v) {
        Object dat = a.storage();
        for (int i = 0, n = Array.getLength(dat); i < n; i++) if (!Array.get(dat, i).equals(v)) return false;
        return true;
    }

    interface Visitor { void at(int[] g, long k); }

    /** Visits every global index (C order) that the calling process holds. */
    static void forEachHeld(Multiarray a, Visitor v) {
        int[] shape = a.shape();
        long total = 1;
        for (int s : shape) total *= s;
        int[] g = new int[shape.length];
        for (long k = 0; k < total; k++) {
            long rest = k;
            for (int r = shape.length - 1; r >= 0; r--) { g[r] = (int) (rest % shape[r]); rest /= shape[r]; }
            if (a.holds(g)) v.at(g.clone(), k);
        }
    }
}
