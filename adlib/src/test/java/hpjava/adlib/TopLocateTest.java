package hpjava.adlib;

import hpjava.lang.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Top-k maxloc/minloc ({@code maxloc(int[][] loc, a[, mask])}) against a sequential reference over every global
 * element: random shapes, distributions, element types, masks and k (also more than the elements), best first, ties
 * in row-major order, missing places -1s; and k = 1 agreeing with the one-place maxloc.
 */
class TopLocateTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void theKBestElementsInOrder(int np) {
        Spmd.run(np, Duration.ofSeconds(90), (me, n) -> {
            for (int cfg = 0; cfg < 25; cfg++) topOne(new Random(9100L * np + cfg), np, cfg);
        });
    }

    @Test
    void aLocArrayOfTheWrongShapeIsRefused() {
        Spmd.run(2, Duration.ofSeconds(60), (me, n) -> {
            Procs1 p = new Procs1(2);
            DoubleMultiarray a = (DoubleMultiarray) Elems.create("double", null, new Range[] {new BlockRange(6, p.dim(0))});
            AdlibException e = assertThrows(AdlibException.class, () -> Adlib.maxloc(new int[0][1], a));
            assertTrue(e.getMessage().contains("maxloc: the number of places to find must be at least 1, not 0"), e.getMessage());
            e = assertThrows(AdlibException.class, () -> Adlib.minloc(new int[][] {{0}, {0, 0}}, a));
            assertTrue(e.getMessage().contains("minloc: loc must have 1 elements (the array's rank), not 2"), e.getMessage());
        });
    }

    static void topOne(Random rnd, int np, int cfg) {
        String type = Elems.NUMERIC[rnd.nextInt(Elems.NUMERIC.length)];
        int rank = 1 + rnd.nextInt(3);
        int[] shape = Grids.shape(rnd, rank, rank == 1 ? 30 : rank == 2 ? 8 : 4);
        Procs p = Grids.grid(rnd, np);
        Range[] x = Grids.ranges(rnd, p, shape);
        Multiarray a = Elems.create(type, null, x);
        BooleanMultiarray mask = (BooleanMultiarray) Elems.create("boolean", null, x);
        long seed = cfg * 4111L;
        Elems.init(a, type, seed);
        Elems.init(mask, "boolean", seed + 5);
        String what = "config " + cfg + ": " + a.describe();
        Spmd.note(what);
        long n = 1;
        for (int s : shape) n *= s;
        int k = 1 + rnd.nextInt(6);
        for (boolean max : new boolean[] {true, false})
            for (boolean masked : new boolean[] {false, true}) {
                int[][] loc = new int[k][rank];
                if (masked) ReductionTest.call(max ? "maxloc" : "minloc", loc, a, mask);
                else ReductionTest.call(max ? "maxloc" : "minloc", loc, a);
                List<Long> want = reference(type, seed, n, masked ? seed + 5 : -1, max);
                for (int q = 0; q < k; q++) {
                    long at = q < want.size() ? want.get(q) : -1;
                    assertArrayEquals(ReductionTest.unravel(at, shape), loc[q],
                            what + (max ? " max" : " min") + "loc k=" + k + (masked ? " masked" : "") + " place " + q);
                }
            }
        int[] one = new int[rank];
        int[][] top1 = new int[1][rank];
        ReductionTest.call("maxloc", one, a);
        ReductionTest.call("maxloc", top1, a);
        assertArrayEquals(one, top1[0], what + " k = 1 and maxloc(int[]) agree");
    }

    /** Linear indices of the qualifying elements, best first (ties: smaller index first). */
    static List<Long> reference(String type, long seed, long n, long maskSeed, boolean max) {
        List<Long> idx = new ArrayList<>();
        for (long k = 0; k < n; k++)
            if (maskSeed < 0 || (Boolean) Elems.value("boolean", maskSeed + k)) idx.add(k);
        Comparator<Long> byValue = type.equals("long")   // exact for longs beyond 2^53
                ? Comparator.comparingLong(k -> ReductionTest.lnum(Elems.value(type, seed + k)))
                : Comparator.comparingDouble(k -> ReductionTest.num(Elems.value(type, seed + k)));
        idx.sort((max ? byValue.reversed() : byValue).thenComparing(Comparator.naturalOrder()));
        return idx;
    }
}
