package hpjava.adlib.backends;

import hpjava.adlib.Adlib;
import hpjava.lang.*;

import java.util.Arrays;
import java.util.Random;

/**
 * Randomly drawn configurations (fixed seed, never the process count, so each case is the same at every np):
 * layouts of random kinds, grid ranks and partial groups, random shapes including empty extents, and random element
 * types, for remap, shift/cshift, whole-array and dimensional reductions.
 */
final class RandomCases {
    private RandomCases() {}

    static final long SEED = 20261122L;

    static void all(AdlibCheck c) {
        Random rnd = new Random(SEED);
        for (int j = 0; j < 24; j++) {
            int i = j, rank = 1 + rnd.nextInt(3);
            int[] shape = shape(rnd, rank);
            Layout from = layout(rnd, rank), to = layout(rnd, rank);
            Elem t = Elem.values()[rnd.nextInt(Elem.values().length)];
            c.run("random.remap." + i + "." + t.label() + "." + from + ">" + to + Arrays.toString(shape), true, () -> {
                Multiarray src = from.create(t, shape), dst = to.create(t, shape);
                Object[] ref = Data.fill(src, t, 4000 + i);
                Data.fill(dst, t, 4100 + i);
                Adlib.remap(dst, src);
                return Data.check("remap " + t + " " + from + " -> " + to, dst, t, ref);
            });
        }
        for (int j = 0; j < 16; j++) {
            int i = j, rank = 1 + rnd.nextInt(3);
            int[] shape = shape(rnd, rank);
            Layout l = layout(rnd, rank);
            Elem t = Elem.values()[rnd.nextInt(Elem.values().length)];
            int dim = rnd.nextInt(rank), n = shape[dim];
            int amount = rnd.nextInt(2 * n + 3) - n - 1;
            boolean circular = rnd.nextBoolean();
            String op = circular ? "cshift" : "shift";
            c.run("random." + op + "." + i + "." + t.label() + "." + l + Arrays.toString(shape) + ".d" + dim + ".by" + amount, true, () -> {
                Procs p = l.grid();
                Range[] x = l.ranges(p, shape);
                Multiarray src = t.create(p, x), dst = t.create(p, x);
                Object[] sref = Data.fill(src, t, 4200 + i), ref = Data.fill(dst, t, 4300 + i);
                Data.forEach(shape, g -> {
                    int[] s = g.clone();
                    s[dim] = g[dim] + amount;
                    if (circular) s[dim] = Math.floorMod(s[dim], n);
                    if (s[dim] >= 0 && s[dim] < n) ref[Data.linear(g, shape)] = sref[Data.linear(s, shape)];
                });
                if (circular) Adlib.cshift(dst, src, amount, dim); else Adlib.shift(dst, src, amount, dim);
                return Data.check(op + " by " + amount + " along " + dim, dst, t, ref);
            });
        }
        Elem[] numeric = {Elem.BYTE, Elem.SHORT, Elem.INT, Elem.LONG, Elem.FLOAT, Elem.DOUBLE};
        for (int i = 0; i < 8; i++) {
            int rank = 1 + rnd.nextInt(3);
            int[] shape = shape(rnd, rank);
            Layout l = layout(rnd, rank);
            ReductionCases.whole(c, numeric[rnd.nextInt(numeric.length)], l, shape);
        }
        for (int i = 0; i < 4; i++) {
            int rank = 2 + rnd.nextInt(2);
            int[] shape = shape(rnd, rank);
            for (int r = 0; r < rank; r++) shape[r] = Math.max(1, shape[r]);
            Layout l = layout(rnd, rank);
            ReductionCases.dimensional(c, numeric[rnd.nextInt(numeric.length)], l, shape, rnd.nextInt(rank));
        }
    }

    static int[] shape(Random rnd, int rank) {
        int max = rank == 1 ? 30 : rank == 2 ? 9 : 5;
        int[] s = new int[rank];
        for (int r = 0; r < rank; r++) s[r] = rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(max);
        return s;
    }

    /** A random layout string: each dimension a random kind (or collapsed), a grid rank, sometimes a partial group. */
    static Layout layout(Random rnd, int rank) {
        String[] kinds = {"B", "C", "K1", "K2", "K3", "X1", "X2.0", "X0.1", "I", "*"};
        StringBuilder sb = new StringBuilder();
        int distributed = 0;
        for (int r = 0; r < rank; r++) {
            String k = distributed == 3 ? "*" : kinds[rnd.nextInt(kinds.length)];
            if (!k.equals("*")) distributed++;
            sb.append(r == 0 ? "" : ",").append(k);
        }
        int g = distributed + (distributed < 3 && rnd.nextInt(3) == 0 ? 1 : 0);
        if (g != distributed || g == 0) sb.append('|').append(Math.max(g, 1));
        if (rnd.nextInt(4) == 0) sb.append('@').append(1 + rnd.nextInt(3));
        return Layout.of(sb.toString());
    }
}
