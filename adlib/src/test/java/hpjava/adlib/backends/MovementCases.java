package hpjava.adlib.backends;

import hpjava.adlib.Adlib;
import hpjava.lang.*;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Data-movement cases: remap, shift/cshift, writeHalo, both broadcasts, gather/scatter, HPutil.copy, aprintf. */
final class MovementCases {
    private MovementCases() {}

    static final Elem[] TYPES = Elem.values();

    static void all(AdlibCheck c) {
        remaps(c);
        sections(c);
        shifts(c);
        halos(c);
        broadcasts(c);
        gathers(c);
        copies(c);
        aprintf(c);
        large(c);
    }

    /**
     * A large transfer, so that messages pass the backends' eager limits (mpi: two-part protocol above 64 KiB; ucx:
     * rendezvous into the posted buffer).
     */
    static void large(AdlibCheck c) {
        Layout block = Layout.of("B"), rep = Layout.of("*");
        int n = 40000;   // blocks of 10000 doubles at np 4: 80 KB messages
        c.run("large.remap.double." + block + ">" + rep + "[" + n + "]", true, () -> {
            Multiarray src = block.create(Elem.DOUBLE, n), dst = rep.create(Elem.DOUBLE, n);
            Object[] ref = Data.fill(src, Elem.DOUBLE, 3100);
            Adlib.remap(dst, src);
            return Data.check("large remap to a replicated array", dst, Elem.DOUBLE, ref);
        });
    }

    /** remap between distributions; destinations on 2-D grids left partly unused are replicated. */
    static void remaps(AdlibCheck c) {
        Object[][] pairs = {
                {"B", "C", new int[] {23}}, {"K3", "I", new int[] {23}}, {"X1", "*", new int[] {23}},
                {"I", "B|2", new int[] {23}}, {"B,C", "C,K2", new int[] {7, 9}}, {"I,X1", "*,*", new int[] {7, 9}},
                {"B,*", "*,C", new int[] {7, 9}}, {"B,C,*", "K2,*,B", new int[] {4, 5, 6}},
                {"C,K2,I", "*,*,*", new int[] {3, 4, 5}}, {"B,C@2", "C,K2", new int[] {7, 9}},
                {"C", "B@3", new int[] {0}},
        };
        for (int i = 0; i < pairs.length; i++) {
            Layout from = Layout.of((String) pairs[i][0]), to = Layout.of((String) pairs[i][1]);
            int[] shape = (int[]) pairs[i][2];
            for (int j = 0; j < 3; j++) {
                Elem t = TYPES[(i + 3 * j) % TYPES.length];
                c.run("remap." + t.label() + "." + from + ">" + to + Arrays.toString(shape), true, () -> {
                    Multiarray src = from.create(t, shape), dst = to.create(t, shape);
                    Object[] ref = Data.fill(src, t, 100);
                    Data.fill(dst, t, 200);
                    Adlib.remap(dst, src);
                    return Data.check("remap " + t + " " + from + " -> " + to, dst, t, ref);
                });
            }
        }
    }

    /** A section of a parent: per parent dimension {l, u, s} or {n} (a scalar subscript). */
    record Section(int[][] subs) {
        Triplet[] triplets() {
            Triplet[] t = new Triplet[subs.length];
            for (int r = 0; r < subs.length; r++)
                t[r] = subs[r].length == 1 ? Triplet.scalar(subs[r][0]) : Triplet.of(subs[r][0], subs[r][1], subs[r][2]);
            return t;
        }

        /** Parent linear indexes of the section's elements in the section's row-major order. */
        int[] parentIndexes(int[] parentShape) {
            List<int[]> dims = new ArrayList<>();
            for (int[] s : subs) {
                if (s.length == 1) { dims.add(new int[] {s[0]}); continue; }
                int n = (s[1] - s[0]) / s[2] + 1;
                int[] v = new int[n];
                for (int k = 0; k < n; k++) v[k] = s[0] + k * s[2];
                dims.add(v);
            }
            int[] counts = dims.stream().mapToInt(v -> v.length).toArray();
            int[] out = new int[(int) Data.size(counts)];
            int[] k = {0};
            Data.forEach(counts, i -> {
                int[] g = new int[i.length];
                for (int r = 0; r < g.length; r++) g[r] = dims.get(r)[i[r]];
                out[k[0]++] = Data.linear(g, parentShape);
            });
            return out;
        }

        Multiarray of(Multiarray parent) {
            try {
                return (Multiarray) parent.getClass().getMethod("section", Triplet[].class).invoke(parent, (Object) triplets());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e.getCause() != null ? e.getCause() : e);
            }
        }

        @Override
        public String toString() {
            return Arrays.toString(triplets()).replace(" ", "");
        }
    }

    /** remap between sections (steps of both signs, scalar subscripts, rank-0 sections). */
    static void sections(AdlibCheck c) {
        Object[][] cases = {
                // src layout, src shape, src section, dst layout, dst shape, dst section
                {"B,C", new int[] {10, 12}, new int[][] {{1, 9, 2}, {11, 0, -3}},
                        "C,*,K2", new int[] {6, 3, 9}, new int[][] {{0, 4, 1}, {1}, {8, 2, -2}}},
                {"I,X1", new int[] {8, 7}, new int[][] {{7, 0, -1}, {2}},
                        "*,B|2", new int[] {3, 11}, new int[][] {{1}, {1, 8, 1}}},
                {"K2,C", new int[] {5, 6}, new int[][] {{3}, {4}}, "B", new int[] {9}, new int[][] {{7}}},
        };
        Elem[] types = {Elem.INT, Elem.DOUBLE, Elem.OBJECT, Elem.BOOLEAN, Elem.LONG, Elem.FLOAT};
        for (int i = 0; i < cases.length; i++) {
            Layout sl = Layout.of((String) cases[i][0]), dl = Layout.of((String) cases[i][3]);
            int[] ss = (int[]) cases[i][1], ds = (int[]) cases[i][4];
            Section sx = new Section((int[][]) cases[i][2]), dx = new Section((int[][]) cases[i][5]);
            for (int j = 0; j < 2; j++) {
                Elem t = types[(2 * i + j) % types.length];
                c.run("remap-section." + t.label() + "." + sl + Arrays.toString(ss) + sx + ">" + dl + Arrays.toString(ds) + dx, true, () -> {
                    Multiarray sp = sl.create(t, ss), dp = dl.create(t, ds);
                    Object[] sref = Data.fill(sp, t, 300), dref = Data.fill(dp, t, 400);
                    int[] si = sx.parentIndexes(ss), di = dx.parentIndexes(ds);
                    if (si.length != di.length) throw new IllegalStateException("section sizes differ: " + si.length + " vs " + di.length);
                    for (int k = 0; k < si.length; k++) dref[di[k]] = sref[si[k]];
                    Adlib.remap(dx.of(dp), sx.of(sp));
                    return Data.check("remap of sections", dp, t, dref);
                });
            }
        }
    }

    /** shift and cshift along every dimension kind; amounts of both signs, beyond the extent, rank-1 short forms. */
    static void shifts(AdlibCheck c) {
        Object[][] cases = {
                // layout, shape, dim (-1: the rank-1 form without dim), amount
                {"B", new int[] {17}, -1, 3}, {"C", new int[] {17}, 0, -5}, {"X1", new int[] {17}, -1, -1},
                {"I", new int[] {17}, 0, 20}, {"B,C", new int[] {6, 8}, 0, 2}, {"B,C", new int[] {6, 8}, 1, -3},
                {"K2,*,I", new int[] {4, 5, 6}, 0, 1}, {"K2,*,I", new int[] {4, 5, 6}, 1, 2},
                {"K2,*,I", new int[] {4, 5, 6}, 2, -4}, {"*,*|1", new int[] {4, 5}, 1, 1},
                {"C,B@3", new int[] {5, 6}, 1, 2},
        };
        int n = 0;
        for (Object[] cs : cases) {
            Layout l = Layout.of((String) cs[0]);
            int[] shape = (int[]) cs[1];
            int dim = (Integer) cs[2], amount = (Integer) cs[3];
            for (boolean circular : new boolean[] {false, true}) {
                Elem t = TYPES[n++ % TYPES.length];
                String op = circular ? "cshift" : "shift";
                c.run(op + "." + t.label() + "." + l + Arrays.toString(shape) + ".d" + dim + ".by" + amount, true, () -> {
                    Procs p = l.grid();
                    Range[] x = l.ranges(p, shape);
                    Multiarray src = t.create(p, x), dst = t.create(p, x);
                    Object[] sref = Data.fill(src, t, 500), ref = Data.fill(dst, t, 600);
                    int d = dim < 0 ? 0 : dim, ext = shape[d];
                    Data.forEach(shape, g -> {
                        int[] s = g.clone();
                        s[d] = g[d] + amount;
                        if (circular) s[d] = Math.floorMod(s[d], ext);
                        if (s[d] >= 0 && s[d] < ext) ref[Data.linear(g, shape)] = sref[Data.linear(s, shape)];
                    });
                    if (dim < 0) {
                        if (circular) Adlib.cshift(dst, src, amount); else Adlib.shift(dst, src, amount);
                    } else {
                        if (circular) Adlib.cshift(dst, src, amount, dim); else Adlib.shift(dst, src, amount, dim);
                    }
                    return Data.check(op + " by " + amount + " along " + d, dst, t, ref);
                });
            }
        }
    }

    /**
     * writeHalo, full and with widths and modes: every storage cell of every process (owned, ghost, padding) is
     * checked against a sequential model; the digest hashes every process's storage in rank order (per process
     * count by nature: the ghost regions are where the blocks end).
     */
    static void halos(AdlibCheck c) {
        Object[][] cases = {
                // layout, shape, wlo, whi, mode (null: the full form)
                {"X2", new int[] {13}, null, null, null},
                {"X2", new int[] {13}, new int[] {1}, new int[] {2}, new int[] {Adlib.EDGE}},
                {"X2", new int[] {13}, new int[] {2}, new int[] {1}, new int[] {Adlib.CYCL}},
                {"X2", new int[] {13}, new int[] {2}, new int[] {2}, new int[] {Adlib.NONE}},
                {"X1,X2.1", new int[] {7, 9}, null, null, null},
                {"X1,X2.1", new int[] {7, 9}, new int[] {1, 2}, new int[] {0, 1}, new int[] {Adlib.CYCL, Adlib.EDGE}},
                {"X1,X2.1", new int[] {7, 9}, new int[] {1, 1}, new int[] {1, 1}, new int[] {Adlib.NONE, Adlib.CYCL}},
                {"X1,*,X1", new int[] {4, 3, 5}, null, null, null},
                {"X1,*,X1", new int[] {4, 3, 5}, new int[] {1, 0, 1}, new int[] {1, 0, 0}, new int[] {Adlib.CYCL, Adlib.EDGE, Adlib.CYCL}},
        };
        Elem[] types = {Elem.INT, Elem.FLOAT, Elem.DOUBLE, Elem.LONG, Elem.OBJECT, Elem.BOOLEAN, Elem.SHORT, Elem.CHAR, Elem.BYTE};
        int n = 0;
        for (Object[] cs : cases) {
            Layout l = Layout.of((String) cs[0]);
            int[] shape = (int[]) cs[1], wlo = (int[]) cs[2], whi = (int[]) cs[3], mode = (int[]) cs[4];
            for (int j = 0; j < 2; j++) {
                Elem t = types[n++ % types.length];
                String what = "writeHalo." + t.label() + "." + l + Arrays.toString(shape)
                        + (wlo == null ? ".full" : ".lo" + Arrays.toString(wlo) + "hi" + Arrays.toString(whi) + "mode" + Arrays.toString(mode));
                c.run(what, false, () -> {
                    Multiarray a = l.create(t, shape);
                    Data.fillStorage(a, t.sentinel());
                    Object[] ref = Data.fill(a, t, 700);
                    int[] lo = wlo, hi = whi, md = mode;
                    if (wlo == null) {
                        Adlib.writeHalo(a);
                        lo = new int[shape.length];
                        hi = new int[shape.length];
                        md = new int[shape.length];
                        for (int r = 0; r < shape.length; r++) { lo[r] = a.rng(r).loExtension(); hi[r] = a.rng(r).hiExtension(); }
                    } else {
                        Adlib.writeHalo(a, wlo, whi, mode);
                    }
                    return gatherStorage(what, a, t, ref, lo, hi, md);
                });
            }
        }
    }

    /** Checks every storage cell of the calling process, then hashes all processes' storage in rank order. */
    static Digest gatherStorage(String what, Multiarray a, Elem t, Object[] ref, int[] wlo, int[] whi, int[] mode) {
        Digest mine = new Digest();
        if (a.isMember()) {
            int rank = a.rank();
            int[] ext = new int[rank];
            for (int r = 0; r < rank; r++) ext[r] = a.rng(r).storageExtent();
            int[] shape = a.shape();
            Object dat = a.storage();
            Data.forEach(ext, s -> {
                int[] g = new int[rank];
                boolean valid = true;
                for (int r = 0; r < rank && valid; r++) {
                    g[r] = haloSource(a.rng(r), s[r], wlo[r], whi[r], mode[r]);
                    valid = g[r] >= 0;
                }
                int off = a.bas();
                for (int r = 0; r < rank; r++) off += a.str(r) * s[r];
                Object want = valid ? ref[Data.linear(g, shape)] : t.sentinel();
                Object got = Array.get(dat, off);
                if (!Elem.same(want, got))
                    throw new AssertionError(what + ": storage cell " + Arrays.toString(s) + " holds " + got + ", expected " + want
                            + (valid ? " (element " + Arrays.toString(g) + ")" : " (untouched)"));
                mine.add(got);
            });
        }
        // every process's storage digest, in rank order, on every process
        ProcessContext ctx = ProcessContext.current();
        int np = ctx.apg().size();
        Procs1 p = new Procs1(np);
        LongMultiarray each = new LongMultiarray(p, new BlockRange(np, p.dim(0)));
        each.set(Long.parseUnsignedLong(mine.hex(), 16), ctx.apg().indexOf(ctx.id()));
        return new Digest().addAll(Data.full(each, Elem.LONG));
    }

    /** The global index whose value storage position s of the calling process must hold after writeHalo, or -1. */
    static int haloSource(Range x, int s, int wlo, int whi, int mode) {
        int n = x.size();
        if (n == 0) return -1;
        int c = x.crd();
        Block b = x.block(c, 0, n - 1, 1);
        if (b.count() == 0) return -1;
        int lo = b.glbBase(), hi = lo + b.count() - 1;
        int g = lo + (s - x.localSubscript(c, lo));
        if (g >= lo && g <= hi) return g;
        if (mode == Adlib.NONE) return -1;
        boolean inWidth = (g < lo && g >= lo - wlo) || (g > hi && g <= hi + whi);
        if (!inWidth) return -1;
        if (g >= 0 && g < n) return g;
        return mode == Adlib.CYCL ? Math.floorMod(g, n) : -1;
    }

    /** broadcast of rank-0 sections (any holder, replicated arrays) and broadcast(value, root) from every member. */
    static void broadcasts(AdlibCheck c) {
        Layout l2 = Layout.of("C,B"), l1 = Layout.of("I|2"), lp = Layout.of("K2@3");
        for (Elem t : TYPES) {
            c.run("broadcast-section." + t.label() + "." + l2 + "[5,7]." + l1 + "[9]." + lp + "[6]", true, () -> {
                Multiarray a = l2.create(t, 5, 7), b = l1.create(t, 9), e = lp.create(t, 6);
                Object[] ra = Data.fill(a, t, 800), rb = Data.fill(b, t, 900), re = Data.fill(e, t, 950);
                Digest d = new Digest();
                for (int[] g : new int[][] {{0, 0}, {4, 6}, {2, 3}, {3, 1}}) {
                    Object got = Calls.adlib("broadcast", new Section(new int[][] {{g[0]}, {g[1]}}).of(a));
                    Data.expect("broadcast of element " + Arrays.toString(g), ra[Data.linear(g, a.shape())], got);
                    d.add(got);
                }
                for (int i : new int[] {0, 8, 5}) {
                    Object got = Calls.adlib("broadcast", new Section(new int[][] {{i}}).of(b));
                    Data.expect("broadcast of element [" + i + "] of " + l1, rb[i], got);
                    d.add(got);
                }
                for (int i : new int[] {5, 0}) {
                    Object got = Calls.adlib("broadcast", new Section(new int[][] {{i}}).of(e));
                    Data.expect("broadcast of element [" + i + "] of " + lp + " (on part of the APG)", re[i], got);
                    d.add(got);
                }
                return d;
            });
            c.run("broadcast-value." + t.label(), false, () -> {
                ProcessContext ctx = ProcessContext.current();
                int n = ctx.apg().size(), me = ctx.apg().indexOf(ctx.id());
                Digest d = new Digest();
                for (int root = 0; root < n; root++) {
                    Object got = Calls.adlib("broadcast", t.value(1000 + me), root);
                    Data.expect("broadcast(value, " + root + ")", t.value(1000 + root), got);
                    d.add(got);
                }
                return d;
            });
        }
    }

    /** gather and scatter (distinct targets; and colliding targets, where any writer is accepted). */
    static void gathers(AdlibCheck c) {
        Object[][] cases = {
                // indexed layout, indexed shape, direct layout, direct shape
                {"B,C", new int[] {7, 9}, "C", new int[] {20}},
                {"C,*,B", new int[] {3, 4, 5}, "B,*", new int[] {4, 6}},
                {"I", new int[] {15}, "K2|2", new int[] {11}},
        };
        Elem[] types = {Elem.INT, Elem.DOUBLE, Elem.OBJECT, Elem.LONG, Elem.BOOLEAN, Elem.FLOAT};
        int n = 0;
        for (Object[] cs : cases) {
            Layout il = Layout.of((String) cs[0]), dl = Layout.of((String) cs[2]);
            int[] is = (int[]) cs[1], ds = (int[]) cs[3];
            for (String kind : new String[] {"gather", "scatter", "scatter-collide"}) {
                Elem t = types[n++ % types.length];
                boolean collide = kind.equals("scatter-collide");
                c.run(kind + "." + t.label() + "." + il + Arrays.toString(is) + "." + dl + Arrays.toString(ds), !collide, () -> {
                    Procs dp = dl.grid();
                    Range[] dx = dl.ranges(dp, ds);
                    int count = (int) Data.size(ds), cells = (int) Data.size(is);
                    // the indexed element (linear) each direct element names: distinct unless colliding
                    int[] target = new int[count];
                    if (kind.equals("gather") || collide) {
                        for (int k = 0; k < count; k++) target[k] = (int) Math.floorMod(Elem.mix(31L * k + cells), (long) cells);
                        if (collide) for (int k = 1; k < count; k += 3) target[k] = target[k - 1];
                    } else {
                        List<Integer> perm = new ArrayList<>();
                        for (int k = 0; k < cells; k++) perm.add(k);
                        java.util.Collections.shuffle(perm, new Random(42));
                        for (int k = 0; k < count; k++) target[k] = perm.get(k);
                    }
                    IntMultiarray[] subs = new IntMultiarray[is.length];
                    for (int r = 0; r < is.length; r++) {
                        subs[r] = new IntMultiarray(dp, dx);
                        int rr = r;
                        Data.fill(subs[r], k -> Data.unravel(target[(int) k], is)[rr]);
                    }
                    Multiarray direct = t.create(dp, dx), indexed = il.create(t, is);
                    if (kind.equals("gather")) {
                        Object[] src = Data.fill(indexed, t, 1100), ref = Data.fill(direct, t, 1200);
                        for (int k = 0; k < count; k++) ref[k] = src[target[k]];
                        Adlib.gather(direct, indexed, subs);
                        return Data.check("gather", direct, t, ref);
                    }
                    Object[] src = Data.fill(direct, t, 1300), ref = Data.fill(indexed, t, 1400);
                    Adlib.scatter(indexed, direct, subs);
                    if (!collide) {
                        for (int k = 0; k < count; k++) ref[target[k]] = src[k];
                        return Data.check("scatter", indexed, t, ref);
                    }
                    Object[] got = Data.full(indexed, t);
                    for (int cell = 0; cell < cells; cell++) {
                        List<Object> writers = new ArrayList<>();
                        for (int k = 0; k < count; k++) if (target[k] == cell) writers.add(src[k]);
                        Object g = got[cell];
                        if (writers.isEmpty()) Data.expect("scatter: untouched element " + cell, ref[cell], g);
                        else if (writers.stream().noneMatch(w -> Elem.same(w, g)))
                            throw new AssertionError("scatter: element " + cell + " holds " + g + ", expected one of " + writers);
                    }
                    return Data.check("scatter with collisions (copies agree)", indexed, t, got);
                });
            }
        }
    }

    /** HPutil.copy between identically distributed arrays, every element type. */
    static void copies(AdlibCheck c) {
        String[] layouts = {"C,K2", "I,*", "X1,B|3", "*"};
        int[][] shapes = {{5, 8}, {9, 4}, {6, 7}, {10}};
        for (Elem t : TYPES) {
            int i = t.ordinal() % layouts.length;
            Layout l = Layout.of(layouts[i]);
            int[] shape = shapes[i];
            c.run("copy." + t.label() + "." + l + Arrays.toString(shape), true, () -> {
                Procs p = l.grid();
                Range[] x = l.ranges(p, shape);
                Multiarray src = t.create(p, x), dst = t.create(p, x);
                Object[] ref = Data.fill(src, t, 1500);
                Data.fill(dst, t, 1600);
                HPutil.copy(dst, src);
                return Data.check("HPutil.copy", dst, t, ref);
            });
        }
    }

    /**
     * aprintf: APG member 0 prints one line per element; the case's digest is that of the text expected, computed
     * here sequentially, and {@link BackendsTest} hashes the lines rank 0 printed (and only rank 0) to compare.
     */
    static void aprintf(AdlibCheck c) {
        Layout l = Layout.of("C,B");
        c.run("aprintf.int.double.object." + l + "[3,4]", true, () -> {
            Procs p = l.grid();
            Range[] x = l.ranges(p, new int[] {3, 4});
            Multiarray a = Elem.INT.create(p, x), b = Elem.DOUBLE.create(p, x), o = Elem.OBJECT.create(p, x);
            Object[] ra = Data.fill(a, Elem.INT, 1700), rb = Data.fill(b, Elem.DOUBLE, 1800), ro = Data.fill(o, Elem.OBJECT, 1900);
            System.out.flush();
            Adlib.aprintf(AdlibCheck.APRINTF_MARK + "a[%R0,%R1]=%d b=%.3f o=%s 100%%%N", a, b, o);
            System.out.flush();
            StringBuilder want = new StringBuilder();
            Data.forEach(a.shape(), g -> {
                int k = Data.linear(g, a.shape());
                want.append(AdlibCheck.APRINTF_MARK).append(String.format("a[%d,%d]=%d b=%.3f o=%s 100%%", g[0], g[1], ra[k], rb[k], ro[k])).append('\n');
            });
            return new Digest().add(want.toString());
        });
    }
}
