package hpjava.adlib.backends;

import hpjava.adlib.Adlib;
import hpjava.lang.CollapsedRange;
import hpjava.lang.Multiarray;
import hpjava.lang.Range;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * Global-index helpers of the check program: filling distributed arrays from a key function, the sequential
 * reference (a plain {@code Object[]} in row-major global order), and gathering a whole result into every process
 * to compare it with the reference and hash it.
 */
final class Data {
    private Data() {}

    /** A reference value that is only approximately known (floating sums and products, whose order may differ). */
    record Approx(double value, double scale) {}

    static long size(int[] shape) {
        long n = 1;
        for (int s : shape) n *= s;
        return n;
    }

    static int linear(int[] g, int[] shape) {
        int k = 0;
        for (int r = 0; r < g.length; r++) k = k * shape[r] + g[r];
        return k;
    }

    static int[] unravel(int k, int[] shape) {
        int[] g = new int[shape.length];
        for (int r = shape.length - 1; r >= 0; r--) {
            g[r] = k % shape[r];
            k /= shape[r];
        }
        return g;
    }

    /** Calls {@code f} with every global subscript vector of {@code shape}, row-major (the same int[] reused). */
    static void forEach(int[] shape, Consumer<int[]> f) {
        hpjava.adlib.Elems.forEach(shape, f);
    }

    /** Sets every element the calling process holds (every copy) to {@code v(linear index)}; returns the reference. */
    static Object[] fill(Multiarray a, LongFunction<Object> v) {
        int[] shape = a.shape();
        Object[] ref = new Object[(int) size(shape)];
        Object dat = a.isMember() ? a.storage() : null;
        forEach(shape, g -> {
            int k = linear(g, shape);
            ref[k] = v.apply(k);
            if (dat != null && a.holds(g)) Array.set(dat, a.offset(g), ref[k]);
        });
        return ref;
    }

    static Object[] fill(Multiarray a, Elem t, long seed) {
        return fill(a, k -> t.value(seed + k));
    }

    /** Every storage cell of the calling process (owned, ghost, padding) set to {@code v}. */
    static void fillStorage(Multiarray a, Object v) {
        if (!a.isMember()) return;
        Object dat = a.storage();
        for (int i = 0, n = Array.getLength(dat); i < n; i++) Array.set(dat, i, v);
    }

    /** The whole array in global row-major order on every APG member (a remap into a replicated array; collective). */
    static Object[] full(Multiarray a, Elem t) {
        int[] shape = a.shape();
        Range[] x = new Range[shape.length];
        for (int r = 0; r < shape.length; r++) x[r] = new CollapsedRange(shape[r]);
        Multiarray rep = t.create(null, x);
        Adlib.remap(rep, a);
        Object dat = rep.storage();
        Object[] out = new Object[(int) size(shape)];
        forEach(shape, g -> out[linear(g, shape)] = Array.get(dat, rep.offset(g)));
        return out;
    }

    /**
     * Checks a result array: every copy the calling process holds has the same bits as the primary copy, and the
     * whole array equals {@code ref} (exactly, or within the tolerance of an {@link Approx}). Collective. Returns
     * the digest of the whole array.
     */
    static Digest check(String what, Multiarray a, Elem t, Object[] ref) {
        Object[] whole = full(a, t);
        int[] shape = a.shape();
        if (a.isMember()) {
            Object dat = a.storage();
            forEach(shape, g -> {
                if (!a.holds(g)) return;
                Object got = Array.get(dat, a.offset(g)), primary = whole[linear(g, shape)];
                if (!Elem.same(got, primary))
                    throw new AssertionError(what + ": the copy of element " + Arrays.toString(g) + " on this process holds "
                            + got + " but the primary copy holds " + primary);
            });
        }
        for (int k = 0; k < whole.length; k++) expect(what + ": element " + Arrays.toString(unravel(k, shape)), ref[k], whole[k]);
        return new Digest().add(t.ordinal()).add(shape.length).addAll(whole);
    }

    /** Compares one value with its reference (exact bits, or an {@link Approx} within its tolerance). */
    static void expect(String what, Object want, Object got) {
        if (want instanceof Approx ap) {
            double g = Elem.num(got);
            double tol = 1e-5 * Math.max(1.0, ap.scale());
            if (!(Math.abs(g - ap.value()) <= tol) && !(g == ap.value()))
                throw new AssertionError(what + " is " + got + ", expected " + ap.value() + " within " + tol);
            return;
        }
        if (!Elem.same(want, got))
            throw new AssertionError(what + " is " + got + (got == null ? "" : " (" + got.getClass().getSimpleName() + ")")
                    + ", expected " + want + (want == null ? "" : " (" + want.getClass().getSimpleName() + ")"));
    }
}
