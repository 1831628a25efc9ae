package hpjava.adlib.backends;

import hpjava.adlib.Adlib;
import hpjava.lang.*;

import java.util.Arrays;

/**
 * Reduction cases: sum, product, maxval, minval (plain and masked), dotProduct (same and mixed types), maxloc/minloc
 * (ties, masks, an empty mask), any/all/count, and the dimensional reductions. Integer results are exact (wrapping
 * arithmetic does not depend on the order); floating max/min/loc exact; floating sums and products within a
 * tolerance here, bit-identical across backends at the same process count (checked by the test on the digests).
 */
final class ReductionCases {
    private ReductionCases() {}

    static final Elem[] MAIN = {Elem.INT, Elem.LONG, Elem.FLOAT, Elem.DOUBLE};

    static void all(AdlibCheck c) {
        Object[][] layouts = {
                {"C", new int[] {37}}, {"B,K2", new int[] {6, 9}}, {"X1,*,I", new int[] {3, 4, 5}},
                {"*,*|2", new int[] {5, 6}}, {"I|2", new int[] {11}}, {"C,B@2", new int[] {5, 7}},
                {"B", new int[] {0}},
        };
        for (int i = 0; i < layouts.length; i++) {
            Layout l = Layout.of((String) layouts[i][0]);
            int[] shape = (int[]) layouts[i][1];
            for (Elem t : MAIN) whole(c, t, l, shape);
            whole(c, i % 2 == 0 ? Elem.BYTE : Elem.SHORT, l, shape);
            booleans(c, l, shape);
        }
        Layout l = Layout.of("B,K2");
        int[] shape = {6, 9};
        Elem[][] pairs = {{Elem.INT, Elem.LONG}, {Elem.SHORT, Elem.BYTE}, {Elem.FLOAT, Elem.INT}, {Elem.DOUBLE, Elem.FLOAT},
                {Elem.LONG, Elem.DOUBLE}};
        for (Elem[] p : pairs) mixedDot(c, p[0], p[1], l, shape);
        Object[][] dims = {{"B,C", new int[] {6, 7}}, {"C,*,K2", new int[] {4, 5, 6}}, {"I,*|2", new int[] {5, 6}}, {"B,C@2", new int[] {4, 5}}};
        for (Object[] d : dims) {
            Layout dl = Layout.of((String) d[0]);
            int[] ds = (int[]) d[1];
            for (int dim = 0; dim < ds.length; dim++) for (Elem t : MAIN) dimensional(c, t, dl, ds, dim);
        }
    }

    /** Whole-array reductions of one type and layout: an order-free case, and for floating types an order-dependent one. */
    static void whole(AdlibCheck c, Elem t, Layout l, int[] shape) {
        String name = t.label() + "." + l + Arrays.toString(shape);
        c.run("reduce." + name, true, () -> {
            Procs p = l.grid();
            Range[] x = l.ranges(p, shape);
            Multiarray a = t.create(p, x), b = t.create(p, x), f = t.create(p, x);
            BooleanMultiarray mask = new BooleanMultiarray(p, x), none = new BooleanMultiarray(p, x);
            Object[] ra = Data.fill(a, t, 2000), rb = Data.fill(b, t, 2100), rf = Data.fill(f, k -> t.factor(2200 + k));
            Object[] rm = Data.fill(mask, Elem.BOOLEAN, 2300);
            Data.fill(none, k -> false);
            Digest d = new Digest();
            int n = ra.length;
            // max / min / loc, plain and masked, and an empty mask (loc all -1)
            for (boolean masked : new boolean[] {false, true}) {
                for (boolean max : new boolean[] {true, false}) {
                    int at = -1;
                    for (int k = 0; k < n; k++) {
                        if (masked && !(Boolean) rm[k]) continue;
                        if (at < 0) { at = k; continue; }
                        int cmp = Double.compare(Elem.num(ra[k]), Elem.num(ra[at]));
                        if (max ? cmp > 0 : cmp < 0) at = k;
                    }
                    String op = max ? "maxval" : "minval", lop = max ? "maxloc" : "minloc";
                    Object v = masked ? Calls.adlib(op, a, mask) : Calls.adlib(op, a);
                    int[] loc = new int[shape.length];
                    Object lv = masked ? Calls.adlib(lop, loc, a, mask) : Calls.adlib(lop, loc, a);
                    String w = (masked ? "masked " : "") + op + " of " + name;
                    int[] wantLoc = at < 0 ? minusOnes(shape.length) : Data.unravel(at, shape);
                    if (!Arrays.equals(wantLoc, loc)) throw new AssertionError((masked ? "masked " : "") + lop + " of " + name + " is "
                            + Arrays.toString(loc) + ", expected " + Arrays.toString(wantLoc) + " (first in row-major order)");
                    if (at >= 0) {
                        Data.expect(w, ra[at], v);
                        Data.expect(lop + " value of " + name, ra[at], lv);
                    }
                    d.add(at >= 0 ? v : 0).add(at >= 0 ? lv : 0);
                    for (int g : loc) d.add(g);
                }
            }
            int[] loc = new int[shape.length];
            Calls.adlib("maxloc", loc, a, none);
            if (!Arrays.equals(minusOnes(shape.length), loc))
                throw new AssertionError("maxloc of " + name + " with an all-false mask is " + Arrays.toString(loc) + ", expected all -1");
            if (!t.floating()) sums(name, t, a, b, f, mask, ra, rb, rf, rm, d);
            return d;
        });
        if (t.floating()) c.run("reduce-sum." + name, false, () -> {
            Procs p = l.grid();
            Range[] x = l.ranges(p, shape);
            Multiarray a = t.create(p, x), b = t.create(p, x), f = t.create(p, x);
            BooleanMultiarray mask = new BooleanMultiarray(p, x);
            Object[] ra = Data.fill(a, t, 2000), rb = Data.fill(b, t, 2100), rf = Data.fill(f, k -> t.factor(2200 + k));
            Object[] rm = Data.fill(mask, Elem.BOOLEAN, 2300);
            Digest d = new Digest();
            sums(name, t, a, b, f, mask, ra, rb, rf, rm, d);
            return d;
        });
    }

    private static int[] minusOnes(int n) {
        int[] m = new int[n];
        Arrays.fill(m, -1);
        return m;
    }

    /** sum, product (of the factors), their masked forms and dotProduct(a, b), against references. */
    static void sums(String name, Elem t, Multiarray a, Multiarray b, Multiarray f, BooleanMultiarray mask,
                     Object[] ra, Object[] rb, Object[] rf, Object[] rm, Digest d) {
        for (boolean masked : new boolean[] {false, true}) {
            long ls = 0, lp = 1;
            double ds = 0, dp = 1, scale = 0;
            for (int k = 0; k < ra.length; k++) {
                if (masked && !(Boolean) rm[k]) continue;
                double v = Elem.num(ra[k]), u = Elem.num(rf[k]);
                ls += (long) v;
                lp *= (long) u;
                ds += v;
                dp *= u;
                scale += Math.abs(v);
            }
            Object s = masked ? Calls.adlib("sum", a, mask) : Calls.adlib("sum", a);
            Object pr = masked ? Calls.adlib("product", f, mask) : Calls.adlib("product", f);
            String m = masked ? "masked " : "";
            Data.expect(m + "sum of " + name, t.floating() ? new Data.Approx(ds, scale) : t.wrap(ls), s);
            Data.expect(m + "product of " + name, t.floating() ? new Data.Approx(dp, Math.abs(dp)) : t.wrap(lp), pr);
            d.add(s).add(pr);
        }
        long ld = 0;
        double dd = 0, scale = 0;
        for (int k = 0; k < ra.length; k++) {
            double v = Elem.num(ra[k]), w = Elem.num(rb[k]);
            ld += (long) v * (long) w;
            dd += v * w;
            scale += Math.abs(v * w);
        }
        Object dot = Calls.adlib("dotProduct", a, b);
        Data.expect("dotProduct of " + name, t.floating() ? new Data.Approx(dd, scale) : (Object) ld, dot);
        d.add(dot);
    }

    /** dotProduct of two element types: long when both are integral (order-free), else double. */
    static void mixedDot(AdlibCheck c, Elem ta, Elem tb, Layout l, int[] shape) {
        boolean floating = ta.floating() || tb.floating();
        c.run("dotProduct." + ta.label() + "." + tb.label() + "." + l + Arrays.toString(shape), !floating, () -> {
            Procs p = l.grid();
            Range[] x = l.ranges(p, shape);
            Multiarray a = ta.create(p, x), b = tb.create(p, x);
            Object[] ra = Data.fill(a, ta, 2400), rb = Data.fill(b, tb, 2500);
            long ld = 0;
            double dd = 0, scale = 0;
            for (int k = 0; k < ra.length; k++) {
                double v = Elem.num(ra[k]), w = Elem.num(rb[k]);
                ld += (long) v * (long) w;
                dd += v * w;
                scale += Math.abs(v * w);
            }
            Object dot = Calls.adlib("dotProduct", a, b);
            Data.expect("dotProduct " + ta + "." + tb, floating ? new Data.Approx(dd, scale) : (Object) ld, dot);
            return new Digest().add(dot);
        });
    }

    /** any, all, count, plain and masked, and all() of an all-true array, any() of an all-false one. */
    static void booleans(AdlibCheck c, Layout l, int[] shape) {
        c.run("any-all-count." + l + Arrays.toString(shape), true, () -> {
            Procs p = l.grid();
            Range[] x = l.ranges(p, shape);
            BooleanMultiarray a = new BooleanMultiarray(p, x), m = new BooleanMultiarray(p, x);
            BooleanMultiarray yes = new BooleanMultiarray(p, x), no = new BooleanMultiarray(p, x);
            Object[] ra = Data.fill(a, Elem.BOOLEAN, 2600), rm = Data.fill(m, Elem.BOOLEAN, 2700);
            Data.fill(yes, k -> true);
            Data.fill(no, k -> false);
            boolean any = false, all = true, many = false, mall = true;
            int count = 0, mcount = 0;
            for (int k = 0; k < ra.length; k++) {
                boolean v = (Boolean) ra[k], w = (Boolean) rm[k];
                if (v) { any = true; count++; } else all = false;
                if (w) { if (v) { many = true; mcount++; } else mall = false; }
            }
            Object[] got = {Adlib.any(a), Adlib.all(a), Adlib.count(a), Adlib.any(a, m), Adlib.all(a, m), Adlib.count(a, m),
                    Adlib.all(yes), Adlib.any(no), Adlib.count(yes)};
            Object[] want = {any, all, count, many, mall, mcount, true, false, ra.length};
            String[] what = {"any", "all", "count", "masked any", "masked all", "masked count", "all of all-true", "any of all-false", "count of all-true"};
            for (int i = 0; i < got.length; i++) Data.expect(what[i] + " of " + l + Arrays.toString(shape), want[i], got[i]);
            return new Digest().addAll(got);
        });
    }

    /** sumDim, productDim (of factors), maxvalDim, minvalDim along {@code dim}; the result aligned with src without dim. */
    static void dimensional(AdlibCheck c, Elem t, Layout l, int[] shape, int dim) {
        for (String op : new String[] {"sumDim", "productDim", "maxvalDim", "minvalDim"}) {
            boolean orderFree = !t.floating() || op.startsWith("max") || op.startsWith("min");
            c.run(op + "." + t.label() + "." + l + Arrays.toString(shape) + ".d" + dim, orderFree, () -> {
                Procs p = l.grid();
                Range[] x = l.ranges(p, shape);
                Multiarray src = t.create(p, x);
                Range[] rx = new Range[x.length - 1];
                int[] rs = new int[x.length - 1];
                for (int k = 0, r = 0; r < x.length; r++) if (r != dim) { rx[k] = x[r]; rs[k++] = shape[r]; }
                Multiarray res = t.create(src.grp(), rx);
                boolean product = op.equals("productDim");
                Object[] rsrc = product ? Data.fill(src, k -> t.factor(2800 + k)) : Data.fill(src, t, 2900);
                Data.fill(res, t, 3000);
                Object[] ref = new Object[(int) Data.size(rs)];
                Data.forEach(rs, i -> {
                    int[] g = new int[shape.length];
                    for (int k = 0, r = 0; r < shape.length; r++) if (r != dim) g[r] = i[k++];
                    long ls = product ? 1 : 0;
                    double ds = product ? 1 : 0, scale = 0;
                    Object best = null;
                    for (int k = 0; k < shape[dim]; k++) {
                        g[dim] = k;
                        Object v = rsrc[Data.linear(g, shape)];
                        double dv = Elem.num(v);
                        if (product) { ls *= (long) dv; ds *= dv; } else { ls += (long) dv; ds += dv; }
                        scale += Math.abs(dv);
                        if (best == null || (op.equals("maxvalDim") ? Double.compare(dv, Elem.num(best)) > 0 : Double.compare(dv, Elem.num(best)) < 0))
                            best = v;
                    }
                    ref[Data.linear(i, rs)] = op.startsWith("max") || op.startsWith("min") ? best
                            : t.floating() ? new Data.Approx(ds, product ? Math.abs(ds) : scale) : t.wrap(ls);
                });
                Calls.adlib(op, res, src, dim);
                return Data.check(op + " along " + dim + " of " + t + " " + l, res, t, ref);
            });
        }
    }
}
