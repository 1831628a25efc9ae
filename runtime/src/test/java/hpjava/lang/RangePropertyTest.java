package hpjava.lang;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every range kind against {@link RangeModel}, extents 0..50, process counts 1..9. */
class RangePropertyTest {
    private static final Block REUSED = new Block();

    static Stream<Integer> procCounts() { return IntStream.rangeClosed(1, 9).boxed(); }

    /** Runs body for every model of every extent 0..50 over a 1-D grid of P processes (context of rank 0). */
    static void forAllModels(int procs, java.util.function.BiConsumer<RangeModel, Random> body) {
        ProcessContext.create(0, procs).run(() -> {
            Procs1 p = new Procs1();
            Random rnd = new Random(1234 + procs);
            List<RangeModel> models = new ArrayList<>();
            models.add(RangeModel.ofDimension(p.dim(0)));
            for (int n = 0; n <= 50; n++) models.addAll(RangeModel.all(n, p.dim(0), rnd));
            for (RangeModel m : models) body.accept(m, rnd);
        });
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("procCounts")
    void everyIndexHasExactlyOneOwnerAndTheModelsSubscript(int procs) {
        forAllModels(procs, (m, rnd) -> checkOwnersAndSubscripts(m));
    }

    static void checkOwnersAndSubscripts(RangeModel m) {
        Range x = m.range;
        assertEquals(m.n, x.size(), m + " size");
        assertEquals(m.p, x.procCount(), m + " procCount");
        int[] counts = new int[m.p];
        int maxSub = -1;
        for (int g0 = 0; g0 < m.n; g0++) {
            final int g = g0;
            int holders = 0;
            for (int c = 0; c < m.p; c++) if (x.holds(c, g)) holders++;
            if (holders != 1) fail(m + ": " + holders + " holders of " + g);
            if (m.owner[g] != x.owner(g)) assertEquals(m.owner[g], x.owner(g), () -> m + ": owner of " + g);
            if (!x.holds(m.owner[g], g)) fail(m + ": owner does not hold " + g);
            if (m.sub[g] != x.localSubscript(g)) assertEquals(m.sub[g], x.localSubscript(g), () -> m + ": subscript of " + g);
            if (m.sub[g] != x.localSubscript(m.owner[g], g))
                assertEquals(m.sub[g], x.localSubscript(m.owner[g], g), () -> m + ": subscript of " + g + " on its owner");
            counts[m.owner[g]]++;
            maxSub = Math.max(maxSub, m.sub[g]);
        }
        for (int c = 0; c < m.p; c++) assertEquals(counts[c], x.localCount(c), m + ": localCount(" + c + ")");
        assertTrue(maxSub + m.hi < x.storageExtent(), m + ": storage extent " + x.storageExtent() + " too small");
        assertFalse(x.holds(-1, 0), m + ": coordinate -1 holds nothing");
        assertThrows(IndexOutOfBoundsException.class, () -> x.owner(m.n));
        assertThrows(IndexOutOfBoundsException.class, () -> x.owner(-1));
        assertThrows(IllegalArgumentException.class, () -> x.localCount(m.p));
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("procCounts")
    void localBlocksEnumerateExactlyTheOwnedLocationsOfAnyTriplet(int procs) {
        forAllModels(procs, (m, rnd) -> {
            for (int[] t : RangeModel.triplets(m.n, rnd, 12)) checkBlocks(m, t[0], t[1], t[2]);
        });
    }

    /** For every coordinate (and -1): the block's locations are exactly the owned locations of l:u:s, in order. */
    static void checkBlocks(RangeModel m, int l, int u, int s) {
        int[] all = RangeModel.triplet(l, u, s);
        assertEquals(all.length, m.range.tripletCount(l, u, s), m + " count of " + l + ":" + u + ":" + s);
        for (int c = -1; c < m.p; c++) {
            List<Integer> expected = new ArrayList<>();
            for (int g : all) if (c >= 0 && m.owner[g] == c) expected.add(g);
            Block b = m.range.block(c, l, u, s);
            List<Integer> got = new ArrayList<>();
            final int cc = c;
            java.util.function.Supplier<String> what = () -> m + " coordinate " + cc + " triplet " + l + ":" + u + ":" + s + " " + b;
            assertTrue(b.segments() >= 0, what);
            if (!m.kind.startsWith("blockcyclic") && b.segments() != 1) fail(what.get() + ": expected a single segment");
            for (int j = 0; j < b.segments(); j++) {
                b.select(j);
                for (int k = 0; k < b.count(); k++) {
                    int g = b.glbBase() + k * b.glbStep();
                    got.add(g);
                    if (g < 0 || g >= m.n) fail(what.get() + ": index " + g + " out of range");
                    if (m.sub[g] != b.subBase() + k * b.subStep()) fail(what.get() + ": subscript of " + g);
                }
            }
            if (!expected.equals(got)) assertEquals(expected, got, what);
            // a reused block (last filled by another triplet, possibly of another range kind) gives the same locations
            if (REUSED.segments() > 1) REUSED.select(REUSED.segments() - 1);
            Block again = m.range.block(c, l, u, s, REUSED);
            List<Integer> got2 = new ArrayList<>();
            for (int j = 0; j < again.segments(); j++) {
                again.select(j);
                for (int k = 0; k < again.count(); k++) got2.add(again.glb(k));
            }
            if (!expected.equals(got2)) assertEquals(expected, got2, () -> what.get() + " (reused block)");
            if (expected.size() != b.totalCount()) fail(what.get() + " totalCount " + b.totalCount());
        }
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("procCounts")
    void subrangesMapToTheirParentsIndices(int procs) {
        forAllModels(procs, (m, rnd) -> {
            // two subranges per model: a random triplet (any step sign) and the whole range reversed
            List<int[]> subs = new ArrayList<>(RangeModel.triplets(m.n, rnd, 1).subList(Math.min(1, m.n), Math.min(2, m.n + 1)));
            if (m.n > 0) subs.add(RangeModel.triplets(m.n, rnd, 1).get(4));
            for (int[] t : subs) {
                RangeModel sub = m.subrange(t[0], t[1], t[2]);
                checkOwnersAndSubscripts(sub);
                for (int[] t2 : RangeModel.triplets(sub.n, rnd, 2)) checkBlocks(sub, t2[0], t2[1], t2[2]);
                if (sub.n == 0) continue;
                int[] t2 = RangeModel.triplets(sub.n, rnd, 1).get(4);        // a subrange of a subrange
                RangeModel sub2 = sub.subrange(t2[0], t2[1], t2[2]);
                checkOwnersAndSubscripts(sub2);
                for (int[] t3 : RangeModel.triplets(sub2.n, rnd, 2)) checkBlocks(sub2, t3[0], t3[1], t3[2]);
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("procCounts")
    void ghostCellsAreAtShiftedSubscripts(int procs) {
        forAllModels(procs, (m, rnd) -> {
            Range x = m.range;
            assertEquals(m.lo, x.loExtension(), m + " lo");
            assertEquals(m.hi, x.hiExtension(), m + " hi");
            for (int g = 0; g < m.n; g++) {
                int c = m.owner[g];
                for (int d = -m.lo; d <= m.hi; d++) {
                    if (!x.holdsWithGhosts(c, g + d)) fail(m + ": ghost " + (g + d) + " on " + c);
                    if (m.sub[g] + d != x.localSubscript(c, g + d)) fail(m + ": subscript of " + g + "+" + d + " on " + c);
                    if (m.sub[g] + d < 0 || m.sub[g] + d >= x.storageExtent()) fail(m + ": ghost storage");
                }
            }
            if (x instanceof ContiguousRange && m.n > 0) {
                for (int c = 0; c < m.p; c++) {
                    if (x.localCount(c) == 0) continue;
                    int first = -1, last = -1;
                    for (int g = 0; g < m.n; g++) if (m.owner[g] == c) { if (first < 0) first = g; last = g; }
                    final int below = first - m.lo - 1, above = last + m.hi + 1, cc = c;
                    assertFalse(x.holdsWithGhosts(c, below), m + ": beyond low ghost");
                    assertFalse(x.holdsWithGhosts(c, above), m + ": beyond high ghost");
                    assertThrows(IndexOutOfBoundsException.class, () -> x.localSubscript(cc, above));
                }
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("procCounts")
    void alignmentAgreesWithTheModel(int procs) {
        forAllModels(procs, (m, rnd) -> {
            Range x = m.range;
            assertTrue(x.alignedWith(x));
            assertTrue(x.alignedWith(x.subrange(0, m.n - 1, 1)) || m.n == 0, m + " aligned with its full subrange");
            for (RangeModel o : RangeModel.all(m.n, m.gridDim, rnd)) {
                boolean sameOwners = java.util.Arrays.equals(o.owner, m.owner) && (o.range.dim() == x.dim());
                boolean sameSubs = sameOwners && java.util.Arrays.equals(o.sub, m.sub);
                assertEquals(sameOwners, x.sameDistribution(o.range), m + " vs " + o + " sameDistribution");
                assertEquals(sameSubs, x.alignedWith(o.range), m + " vs " + o + " alignedWith");
                if (m.n > 0) {   // whole-range subranges (identity views) compare like their base ranges
                    Range xs = x.subrange(0, m.n - 1, 1), os = o.range.subrange(0, m.n - 1, 1);
                    assertEquals(sameSubs, xs.alignedWith(os), m + " vs " + o + " alignedWith of whole subranges");
                    assertEquals(sameOwners, os.sameDistribution(x), m + " vs " + o + " sameDistribution of a whole subrange");
                }
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("procCounts")
    void badTripletsAreRejectedWithAClearMessage(int procs) {
        forAllModels(procs, (m, rnd) -> {
            Range x = m.range;
            assertThrows(IllegalArgumentException.class, () -> x.block(0, 0, 1, 0));
            IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> x.block(0, 0, m.n, 1));
            assertTrue(e.getMessage().contains("leaves range"), e.getMessage());
            assertThrows(IndexOutOfBoundsException.class, () -> x.subrange(-1, m.n - 1, 1));
            assertThrows(IllegalArgumentException.class, () -> x.block(m.p, 0, m.n - 1, 1));
        });
    }
}
