package hpjava.adlib;

import hpjava.lang.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Array;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * remap, shift and cshift against sequential references on plain index arithmetic: random shapes (ranks 0-4), every
 * range kind, grids of other shapes and sizes (processes outside an array, replicated arrays), sections with steps of
 * either sign and scalar subscripts, every element type. Every held element of the destination (every copy) is
 * checked, and the elements outside a destination section must be unchanged.
 */
class TransferTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9})
    void remapRandom(int np) {
        Spmd.run(np, Duration.ofSeconds(90), (me, n) -> {
            for (int cfg = 0; cfg < 40; cfg++) remapOne(new Random(7000L * np + cfg), np, cfg);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9})
    void shiftRandom(int np) {
        Spmd.run(np, Duration.ofSeconds(90), (me, n) -> {
            for (int cfg = 0; cfg < 40; cfg++) shiftOne(new Random(9000L * np + cfg), np, cfg);
        });
    }

    static void remapOne(Random rnd, int np, int cfg) {
        String type = Elems.ALL[rnd.nextInt(Elems.ALL.length)];
        int k = rnd.nextInt(5);                       // rank of the copied shape
        int[] common = Grids.shape(rnd, k, k <= 1 ? 17 : k == 2 ? 9 : 4);
        boolean sections = rnd.nextInt(3) == 0;
        if (sections) for (int r = 0; r < k; r++) common[r] = Math.max(1, common[r]);
        if (k == 0) sections = true;                  // rank 0: sections with scalars only
        Side a = new Side(rnd, np, type, common, sections), b = new Side(rnd, np, type, common, sections);
        long seedA = cfg * 104729L, seedB = seedA + 55;
        Elems.init(a.parent, type, seedA);
        Elems.init(b.parent, type, seedB);
        String what = "config " + cfg + ": remap " + b.view.describe() + " <- " + a.view.describe();
        Spmd.note(what);
        Adlib.remap(b.view, a.view);
        // check every held element of b's parent
        if (!b.parent.isMember()) return;
        Object d = Elems.dat(b.parent);
        int[] shape = b.parent.shape();
        Elems.forEach(shape, g -> {
            if (!b.parent.holds(g)) return;
            int[] i = b.viewIndex(g);
            Object want = i == null ? Elems.value(type, seedB + Elems.linear(g, shape))
                    : Elems.value(type, seedA + Elems.linear(a.parentIndex(i), a.parent.shape()));
            Object got = Array.get(d, b.parent.offset(g));
            if (!Elems.same(want, got))
                fail(what + ": element " + Arrays.toString(g) + " holds " + got + ", expected " + want);
        });
    }

    /** An array (parent) and the view remapped: the whole array, or a section of the common shape. */
    static final class Side {
        final Multiarray parent, view;
        final int[][] trip;      // per parent dim: {l, u, s} or {n} for a scalar
        final int[] keptDim;     // per view dim: the parent dim

        Side(Random rnd, int np, String type, int[] common, boolean section) {
            Procs p = Grids.grid(rnd, np);
            int k = common.length;
            int extra = section ? rnd.nextInt(k == 0 ? 3 : 2) : 0;
            if (k + extra > 4) extra = 4 - k;
            int rank = k + extra;
            boolean[] scalar = new boolean[rank];
            for (int e = 0; e < extra; e++) {
                int pos;
                do pos = rnd.nextInt(rank); while (scalar[pos]);
                scalar[pos] = true;
            }
            int[] shape = new int[rank];
            keptDim = new int[k];
            trip = new int[rank][];
            for (int r = 0, j = 0; r < rank; r++) {
                if (scalar[r]) {
                    shape[r] = 1 + rnd.nextInt(5);
                    trip[r] = new int[] {rnd.nextInt(shape[r])};
                } else {
                    shape[r] = section ? common[j] + rnd.nextInt(4) : common[j];
                    trip[r] = section ? Grids.triplet(rnd, shape[r], common[j]) : new int[] {0, common[j] - 1, 1};
                    keptDim[j++] = r;
                }
            }
            parent = Elems.create(type, null, Grids.ranges(rnd, p, shape));
            if (!section) { view = parent; return; }
            Triplet[] t = new Triplet[rank];
            for (int r = 0; r < rank; r++) t[r] = trip[r].length == 1 ? Triplet.scalar(trip[r][0]) : Triplet.of(trip[r][0], trip[r][1], trip[r][2]);
            view = Elems.section(parent, t);
        }

        /** The parent subscripts of view index i. */
        int[] parentIndex(int[] i) {
            int[] g = new int[trip.length];
            for (int r = 0, j = 0; r < trip.length; r++) {
                if (trip[r].length == 1) g[r] = trip[r][0];
                else { g[r] = trip[r][0] + i[j] * trip[r][2]; j++; }
            }
            return g;
        }

        /** The view index of parent subscripts g, or null if g is outside the view. */
        int[] viewIndex(int[] g) {
            int[] i = new int[keptDim.length];
            for (int r = 0, j = 0; r < trip.length; r++) {
                if (trip[r].length == 1) { if (g[r] != trip[r][0]) return null; continue; }
                int l = trip[r][0], u = trip[r][1], s = trip[r][2];
                int q = g[r] - l;
                if (q % s != 0) return null;
                int idx = q / s;
                if (idx < 0 || idx > (u - l) / s) return null;
                i[j++] = idx;
            }
            return i;
        }
    }

    static void shiftOne(Random rnd, int np, int cfg) {
        String type = Elems.ALL[rnd.nextInt(Elems.ALL.length)];
        int rank = 1 + rnd.nextInt(3);
        int[] shape = Grids.shape(rnd, rank, rank == 1 ? 17 : 7);
        Procs p = Grids.grid(rnd, np);
        Range[] x = Grids.ranges(rnd, p, shape);
        Multiarray src = Elems.create(type, null, x), dst = Elems.create(type, null, x);
        int dim = rnd.nextInt(rank), n = shape[dim];
        int amount = rnd.nextInt(2 * n + 3) - n - 1;
        boolean circular = rnd.nextBoolean();
        long seedS = cfg * 31L, seedD = seedS + 17;
        Elems.init(src, type, seedS);
        Elems.init(dst, type, seedD);
        String what = "config " + cfg + ": " + (circular ? "cshift" : "shift") + " by " + amount + " along " + dim + " of " + src.describe();
        Spmd.note(what);
        if (rank == 1 && rnd.nextBoolean()) {
            if (circular) Adlib.cshift(dst, src, amount); else Adlib.shift(dst, src, amount);
        } else {
            if (circular) Adlib.cshift(dst, src, amount, dim); else Adlib.shift(dst, src, amount, dim);
        }
        if (!dst.isMember()) return;
        Object d = Elems.dat(dst);
        Elems.forEach(shape, g -> {
            if (!dst.holds(g)) return;
            int[] s = g.clone();
            s[dim] = g[dim] + amount;
            boolean in = s[dim] >= 0 && s[dim] < n;
            if (circular) { s[dim] = Math.floorMod(s[dim], n); in = true; }
            Object want = in ? Elems.value(type, seedS + Elems.linear(s, shape)) : Elems.value(type, seedD + Elems.linear(g, shape));
            Object got = Array.get(d, dst.offset(g));
            if (!Elems.same(want, got)) fail(what + ": element " + Arrays.toString(g) + " holds " + got + ", expected " + want);
        });
    }
}
