package hpjava.adlib;

import hpjava.lang.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Reductions, dotProduct, maxloc/minloc, broadcast and the dimensional reductions against sequential references
 * over every global element: random shapes (ranks 0-3), every range kind, replicated arrays and arrays on part of
 * the APG, every numeric type, masks. Integral results are exact (wrapping arithmetic is order-independent);
 * floating sums and products within a relative tolerance, and bit-identical on every rank and on repetition.
 */
class ReductionTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9})
    void wholeArrayReductions(int np) {
        Spmd.run(np, Duration.ofSeconds(90), (me, n) -> {
            for (int cfg = 0; cfg < 30; cfg++) reduceOne(new Random(3000L * np + cfg), np, cfg);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9})
    void dimensionalReductions(int np) {
        Spmd.run(np, Duration.ofSeconds(90), (me, n) -> {
            for (int cfg = 0; cfg < 20; cfg++) dimOne(new Random(5000L * np + cfg), np, cfg);
        });
    }

    static Object call(String name, Object... args) {
        for (Method m : Adlib.class.getMethods()) {
            if (!m.getName().equals(name) || m.getParameterCount() != args.length) continue;
            Class<?>[] pt = m.getParameterTypes();
            boolean ok = true;
            for (int i = 0; i < pt.length && ok; i++)
                ok = args[i] == null ? !pt[i].isPrimitive() : pt[i].isPrimitive() ? box(pt[i]) == args[i].getClass() : pt[i] == args[i].getClass();
            if (!ok) continue;
            try {
                return m.invoke(null, args);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof RuntimeException re) throw re;
                throw new RuntimeException(e.getCause());
            } catch (IllegalAccessException e) {
                throw new RuntimeException(e);
            }
        }
        throw new AssertionError("no Adlib." + name + " for " + Arrays.toString(Arrays.stream(args).map(a -> a == null ? null : a.getClass()).toArray()));
    }

    static Class<?> box(Class<?> p) {
        return Array.get(Array.newInstance(p, 1), 0).getClass();
    }

    static boolean floating(String type) { return type.equals("float") || type.equals("double"); }

    /** Narrows a long to the element type's wrapping value, as a long. */
    static long wrap(String type, long v) {
        return switch (type) { case "byte" -> (byte) v; case "short" -> (short) v; case "int" -> (int) v; default -> v; };
    }

    static long lnum(Object v) { return ((Number) v).longValue(); }

    static double num(Object v) { return v instanceof Number x ? x.doubleValue() : (Character) v; }

    static void near(String what, double want, Object got, double scale) {
        double g = num(got);
        if (Double.isInfinite(want) && g == want) return;
        assertEquals(want, g, 1e-4 * Math.max(1, scale) + 1e-12 * Math.abs(want), what);
    }

    static void reduceOne(Random rnd, int np, int cfg) {
        String type = Elems.NUMERIC[rnd.nextInt(Elems.NUMERIC.length)];
        int rank = rnd.nextInt(4);
        int[] shape = Grids.shape(rnd, rank, rank <= 1 ? 30 : rank == 2 ? 8 : 4);
        Procs p = Grids.grid(rnd, np);
        Range[] x = Grids.ranges(rnd, p, shape);
        Multiarray a = Elems.create(type, null, x), b = Elems.create(type, null, x);
        BooleanMultiarray mask = (BooleanMultiarray) Elems.create("boolean", null, x);
        BooleanMultiarray flags = (BooleanMultiarray) Elems.create("boolean", null, x);
        long seed = cfg * 7777L;
        Elems.init(a, type, seed);
        Elems.init(b, type, seed + 3);
        Elems.init(mask, "boolean", seed + 5);
        Elems.init(flags, "boolean", seed + 9);
        String what = "config " + cfg + ": " + a.describe();
        Spmd.note(what);

        // references over all elements, row-major
        long n = 1;
        for (int s : shape) n *= s;
        long lsum = 0, lprod = 1, msum = 0, dotL = 0;
        double dsum = 0, dprod = 1, dmsum = 0, scale = 0, dotD = 0, dotScale = 0;
        double max = Double.NEGATIVE_INFINITY, min = Double.POSITIVE_INFINITY, mmax = Double.NEGATIVE_INFINITY;
        long maxAt = -1, minAt = -1, mmaxAt = -1;
        int count = 0, mcount = 0;
        boolean anyF = false, allF = true, manyF = false, mallF = true;
        for (long k = 0; k < n; k++) {
            Object v = Elems.value(type, seed + k), w = Elems.value(type, seed + 3 + k);
            boolean m = (Boolean) Elems.value("boolean", seed + 5 + k), f = (Boolean) Elems.value("boolean", seed + 9 + k);
            double dv = num(v);
            long lv = (long) dv;
            lsum += lv; lprod *= lv; dsum += dv; dprod *= dv; scale += Math.abs(dv);
            dotL += lv * lnum(w); dotD += dv * num(w); dotScale += Math.abs(dv * num(w));
            if (dv > max) { max = dv; maxAt = k; }
            if (dv < min) { min = dv; minAt = k; }
            if (m) { msum += lv; dmsum += dv; if (dv > mmax) { mmax = dv; mmaxAt = k; } }
            if (f) { count++; anyF = true; } else allF = false;
            if (m) { if (f) { mcount++; manyF = true; } else mallF = false; }
        }
        Object sum = call("sum", a), msumGot = call("sum", a, mask), mx = call("maxval", a), mn = call("minval", a);
        if (floating(type)) {
            near(what + " sum", dsum, sum, scale);
            near(what + " masked sum", dmsum, msumGot, scale);
            assertTrue(Elems.same(sum, call("sum", a)), what + ": a repeated sum gave other bits");
            // every rank has the same bits: compare with APG member 0's
            Object first = call("broadcast", sum, 0);
            assertTrue(Elems.same(sum, first), what + ": sum " + sum + " differs from member 0's " + first);
        } else {
            assertEquals(wrap(type, lsum), lnum(sum), what + " sum");
            assertEquals(wrap(type, msum), lnum(msumGot), what + " masked sum");
        }
        if (n > 0) {
            assertEquals(max, num(mx), what + " maxval");
            assertEquals(min, num(mn), what + " minval");
        }
        if (n <= 12) {
            Object prod = call("product", a);
            if (floating(type)) near(what + " product", dprod, prod, Math.abs(dprod));
            else assertEquals(wrap(type, lprod), lnum(prod), what + " product");
        }
        Object dot = call("dotProduct", a, b);
        if (floating(type)) near(what + " dotProduct", dotD, dot, dotScale);
        else assertEquals(dotL, (long) (Long) dot, what + " dotProduct");
        // mixed element types: double if either is floating, else long
        String other = Elems.NUMERIC[rnd.nextInt(Elems.NUMERIC.length)];
        Multiarray c = Elems.create(other, null, x);
        Elems.init(c, other, seed + 4);
        long mixL = 0;
        double mixD = 0, mixScale = 0;
        for (long k = 0; k < n; k++) {
            double u = num(Elems.value(type, seed + k)), w = num(Elems.value(other, seed + 4 + k));
            mixL += (long) u * (long) w;
            mixD += u * w;
            mixScale += Math.abs(u * w);
        }
        Object mix = call("dotProduct", a, c);
        if (floating(type) || floating(other)) near(what + " dotProduct with " + other, mixD, mix, mixScale);
        else assertEquals(mixL, (long) (Long) mix, what + " dotProduct with " + other);
        int[] loc = new int[rank];
        Object lv = call("maxloc", loc, a);
        assertArrayEquals(unravel(maxAt, shape), loc, what + " maxloc");
        if (n > 0) assertEquals(max, num(lv), what + " maxloc value");
        call("minloc", loc, a);
        assertArrayEquals(unravel(minAt, shape), loc, what + " minloc");
        Object mlv = call("maxloc", loc, a, mask);
        assertArrayEquals(unravel(mmaxAt, shape), loc, what + " masked maxloc");
        if (mmaxAt >= 0) assertEquals(mmax, num(mlv), what + " masked maxloc value");
        if (mmaxAt >= 0) assertEquals(mmax, num(call("maxval", a, mask)), what + " masked maxval");
        assertEquals(count, Adlib.count(flags), what + " count");
        assertEquals(mcount, Adlib.count(flags, mask), what + " masked count");
        assertEquals(anyF, Adlib.any(flags), what + " any");
        assertEquals(allF, Adlib.all(flags), what + " all");
        assertEquals(manyF, Adlib.any(flags, mask), what + " masked any");
        assertEquals(mallF, Adlib.all(flags, mask), what + " masked all");
        // broadcast of a rank-0 section, and of a value
        if (n > 0) {
            int[] g = new int[rank];
            for (int r = 0; r < rank; r++) g[r] = rnd.nextInt(shape[r]);
            Triplet[] t = new Triplet[rank];
            for (int r = 0; r < rank; r++) t[r] = Triplet.scalar(g[r]);
            Object got = call("broadcast", Elems.section(a, t));
            assertTrue(Elems.same(Elems.value(type, seed + Elems.linear(g, shape)), got), what + " broadcast of element " + Arrays.toString(g));
        }
        ProcessContext ctx = ProcessContext.current();
        int root = rnd.nextInt(ctx.apg().size());
        Object mine = Elems.value(type, 100 + ctx.apg().indexOf(ctx.id()));
        assertTrue(Elems.same(Elems.value(type, 100 + root), call("broadcast", mine, root)), what + " broadcast(value, " + root + ")");
        Object omine = Elems.value("Object", 100 + ctx.id());
        assertEquals(Elems.value("Object", 100 + ctx.apg().member(root)), Adlib.broadcast(omine, root), what + " broadcast(Object, root)");
    }

    static int[] unravel(long k, int[] shape) {
        int[] g = new int[shape.length];
        for (int r = shape.length - 1; r >= 0; r--) {
            if (k < 0) { g[r] = -1; continue; }
            g[r] = (int) (k % shape[r]);
            k /= shape[r];
        }
        return g;
    }

    static void dimOne(Random rnd, int np, int cfg) {
        String type = Elems.NUMERIC[rnd.nextInt(Elems.NUMERIC.length)];
        int rank = 1 + rnd.nextInt(3);
        int[] shape = Grids.shape(rnd, rank, rank == 1 ? 20 : rank == 2 ? 9 : 5);
        Procs p = Grids.grid(rnd, np);
        Range[] x = Grids.ranges(rnd, p, shape);
        Multiarray src = Elems.create(type, null, x);
        int dim = rnd.nextInt(rank);
        Range[] rx = new Range[rank - 1];
        int[] rshape = new int[rank - 1];
        for (int k = 0, r = 0; r < rank; r++) if (r != dim) { rx[k] = x[r]; rshape[k++] = shape[r]; }
        Multiarray res = Elems.create(type, src.grp(), rx);
        long seed = cfg * 131L;
        Elems.init(src, type, seed);
        String[] ops = {"sumDim", "productDim", "maxvalDim", "minvalDim"};
        String op = ops[rnd.nextInt(4)];
        if (op.equals("productDim") && shape[dim] > 8) op = "sumDim";
        String what = "config " + cfg + ": " + op + " along " + dim + " of " + src.describe();
        Spmd.note(what);
        call(op, res, src, dim);
        if (!res.isMember()) return;
        Object d = Elems.dat(res);
        final String fop = op;
        Elems.forEach(rshape, i -> {
            if (!res.holds(i)) return;
            long l = fop.equals("productDim") ? 1 : 0;
            double dv = fop.equals("productDim") ? 1 : 0, scale = 0;
            double best = fop.equals("maxvalDim") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            int[] g = new int[rank];
            for (int k = 0, r = 0; r < rank; r++) if (r != dim) g[r] = i[k++];
            for (int k = 0; k < shape[dim]; k++) {
                g[dim] = k;
                double v = num(Elems.value(type, seed + Elems.linear(g, shape)));
                scale += Math.abs(v);
                switch (fop) {
                    case "sumDim" -> { l += (long) v; dv += v; }
                    case "productDim" -> { l *= (long) v; dv *= v; }
                    case "maxvalDim" -> best = Math.max(best, v);
                    default -> best = Math.min(best, v);
                }
            }
            Object got = Array.get(d, res.offset(i));
            String at = what + " at " + Arrays.toString(i);
            if (fop.equals("maxvalDim") || fop.equals("minvalDim")) {
                if (shape[dim] > 0) assertEquals(best, num(got), at);
            } else if (floating(type)) near(at, dv, got, fop.equals("sumDim") ? scale : Math.abs(dv));
            else assertEquals(wrap(type, l), lnum(got), at);
        });
    }
}
