package hpjava.adlib;

import hpjava.lang.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Array;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/** gather and scatter against sequential references: random distributions, subscripts and element types. */
class GatherTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 7, 9})
    void gatherAndScatter(int np) {
        Spmd.run(np, Duration.ofSeconds(90), (me, n) -> {
            for (int cfg = 0; cfg < 16; cfg++) one(new Random(11000L * np + cfg), np, cfg);
        });
    }

    static void one(Random rnd, int np, int cfg) {
        String type = Elems.ALL[rnd.nextInt(Elems.ALL.length)];
        int srank = 1 + rnd.nextInt(3), drank = 1 + rnd.nextInt(2);
        int[] sshape = Grids.shape(rnd, srank, srank == 1 ? 15 : 5), dshape = Grids.shape(rnd, drank, drank == 1 ? 15 : 5);
        for (int r = 0; r < srank; r++) sshape[r] = Math.max(1, sshape[r]);
        boolean scatter = rnd.nextBoolean();
        // gather: dst (dshape) <- src (sshape) with subs aligned with dst; scatter: dst (sshape) <- src (dshape), subs aligned with src
        Range[] direct = Grids.ranges(rnd, Grids.grid(rnd, np), dshape);
        Range[] indexed = Grids.ranges(rnd, Grids.grid(rnd, np), sshape);
        Multiarray d = Elems.create(type, null, scatter ? indexed : direct), s = Elems.create(type, null, scatter ? direct : indexed);
        IntMultiarray[] subs = new IntMultiarray[srank];
        long seed = cfg * 997L;
        int[] dlin = new int[1];
        for (int r = 0; r < srank; r++) {
            subs[r] = (IntMultiarray) Elems.create("int", null, direct);
            final int rr = r;
            IntMultiarray sr = subs[r];
            Elems.forEach(dshape, g -> {
                if (sr.holds(g)) sr.set(pick(seed, rr, Elems.linear(g, dshape), sshape[rr], scatter), g);
            });
        }
        Elems.init(d, type, seed + 1);
        Elems.init(s, type, seed + 2);
        String what = "config " + cfg + ": " + (scatter ? "scatter " : "gather ") + d.describe() + " <- " + s.describe();
        Spmd.note(what);
        Gather sched = new Gather(scatter, d, s, subs);
        sched.execute();
        check(what, scatter, d, s, type, seed, sshape, dshape);
        if (scatter) Adlib.scatter(d, s, subs); else Adlib.gather(d, s, subs);
        check(what + " (static form)", scatter, d, s, type, seed, sshape, dshape);
    }

    /** Subscript r for direct element k; for scatter, a permutation-like choice without repeats along dim 0. */
    static int pick(long seed, int r, long k, int extent, boolean scatter) {
        long h = (seed + 31 * r + k) * 0x9E3779B97F4A7C15L;
        return (int) Math.floorMod(h >>> 17, (long) extent);
    }

    static void check(String what, boolean scatter, Multiarray d, Multiarray s, String type, long seed, int[] sshape, int[] dshape) {
        if (!d.isMember()) return;
        Object dd = Elems.dat(d);
        if (!scatter) {
            Elems.forEach(dshape, g -> {
                if (!d.holds(g)) return;
                int[] t = new int[sshape.length];
                for (int r = 0; r < t.length; r++) t[r] = pick(seed, r, Elems.linear(g, dshape), sshape[r], false);
                Object want = Elems.value(type, seed + 2 + Elems.linear(t, sshape));
                Object got = Array.get(dd, d.offset(g));
                if (!Elems.same(want, got)) fail(what + ": element " + Arrays.toString(g) + " holds " + got + ", expected " + want);
            });
            return;
        }
        // scatter: the last source element (row-major over the source, which is the APG/element order for one writer
        // per target only when targets are distinct) writing a target defines it; with repeats, accept any writer
        java.util.Map<Long, java.util.List<Object>> writers = new java.util.HashMap<>();
        Elems.forEach(dshape, k -> {
            int[] t = new int[sshape.length];
            for (int r = 0; r < t.length; r++) t[r] = pick(seed, r, Elems.linear(k, dshape), sshape[r], true);
            writers.computeIfAbsent(Elems.linear(t, sshape), x -> new java.util.ArrayList<>()).add(Elems.value(type, seed + 2 + Elems.linear(k, dshape)));
        });
        Elems.forEach(sshape, g -> {
            if (!d.holds(g)) return;
            Object got = Array.get(dd, d.offset(g));
            var w = writers.get(Elems.linear(g, sshape));
            if (w == null) {
                Object want = Elems.value(type, seed + 1 + Elems.linear(g, sshape));
                if (!Elems.same(want, got)) fail(what + ": untouched element " + Arrays.toString(g) + " holds " + got + ", expected " + want);
            } else if (w.stream().noneMatch(v -> Elems.same(v, got))) {
                fail(what + ": element " + Arrays.toString(g) + " holds " + got + ", expected one of " + w);
            }
        });
    }
}
