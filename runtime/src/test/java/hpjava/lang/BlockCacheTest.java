package hpjava.lang;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link BlockCache} gives the block {@link Range#localBlock(ProcessContext, int, int, int)} gives, for every range
 * kind, in every segment, whatever the order of the triples (red-black's alternating starts, periods 3 to 5 that
 * collide in the slots, random ones, another range with the same triple); a rejected triplet fails as it does without
 * the cache and leaves the cache usable.
 */
class BlockCacheTest {
    @ParameterizedTest(name = "P={0}")
    @MethodSource("hpjava.lang.RangePropertyTest#procCounts")
    void cachedBlocksAreTheComputedOnes(int procs) {
        RangePropertyTest.forAllModels(procs, (m, rnd) -> {
            Range x = m.range;
            if (x.size() < 2) return;
            Range other = x.subrange(0, x.size() - 1);
            BlockCache cache = new BlockCache();
            ProcessContext c = ProcessContext.current();
            int n = x.size();
            for (int row = 0; row < 40; row++) {
                int period = 2 + row / 10, l = row % period, u = n - 1 - rnd.nextInt(2), s = row % 3 == 0 ? period : 2;
                if (row >= 30) { l = rnd.nextInt(n); u = rnd.nextInt(n); s = rnd.nextBoolean() ? 1 : -1; if (s < 0 && u > l) { int t = l; l = u; u = t; } }
                if (l > n - 1) continue;
                Range r = row % 7 == 6 ? other : x;
                same(r.localBlock(c, l, u, s), cache.block(r, c, l, u, s), m + " " + l + ":" + u + ":" + s);
            }
            assertThrows(IndexOutOfBoundsException.class, () -> cache.block(x, c, 1, n, 1));
            same(x.localBlock(c, 1, n - 1, 1), cache.block(x, c, 1, n - 1, 1), m + " after a rejected triplet");
        });
    }

    /** Equal blocks: the same segments, each with the same count, bases and steps. */
    private static void same(Block want, Block got, String what) {
        assertEquals(want.segments(), got.segments(), what + " segments");
        assertEquals(want.totalCount(), got.totalCount(), what + " total");
        for (int j = 0; j < want.segments(); j++) {
            want.select(j);
            got.select(j);
            assertEquals(want.toString(), got.toString(), what + " segment " + j);
        }
    }
}
