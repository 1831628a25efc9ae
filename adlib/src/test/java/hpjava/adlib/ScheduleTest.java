package hpjava.adlib;

import hpjava.lang.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Schedules: reuse with changing data, the bounded cache and its layout key, steady-state allocation, the same bits
 * from native collectives and from the point-to-point trees, and aprintf's output.
 */
class ScheduleTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 6})
    void reuseWithChangingData(int np) {
        Spmd.run(np, Duration.ofSeconds(60), (me, n) -> {
            Procs p = new Procs(Procs.nearCubicShape(np, 2));
            DoubleMultiarray a = new DoubleMultiarray(new ExtBlockRange(11, p.dim(0), 2, 1), new ExtBlockRange(9, p.dim(1), 1));
            DoubleMultiarray b = new DoubleMultiarray(new CyclicRange(11, p.dim(1)), new BlockCyclicRange(9, p.dim(0), 2));
            WriteHalo halo = new WriteHalo(a, new int[] {2, 1}, new int[] {1, 1}, new int[] {Adlib.CYCL, Adlib.EDGE});
            Remap remap = new Remap(b, a);
            Reduction sum = Reduction.of(Reduction.Op.SUM, b, null);
            for (int it = 0; it < 5; it++) {
                Elems.fill(a.dat(), Double.NaN);
                Elems.init(a, "double", 100 * it);
                halo.execute();
                WriteHaloTest.check(a, "double", 100 * it, new int[] {2, 1}, new int[] {1, 1}, new int[] {Adlib.CYCL, Adlib.EDGE}, "iteration " + it);
                remap.execute();
                double want = 0;
                for (int g0 = 0; g0 < 11; g0++)
                    for (int g1 = 0; g1 < 9; g1++) {
                        Object v = Elems.value("double", 100 * it + g0 * 9 + g1);
                        want += (Double) v;
                        if (b.holds(g0, g1)) assertEquals(v, b.get(g0, g1));
                    }
                sum.execute();
                assertEquals(want, sum.doubleValue(), 1e-6 * 100 * 100);
            }
        });
    }

    @Test
    void cacheIsBoundedAndKeyedByLayout() {
        Spmd.run(3, Duration.ofSeconds(60), (me, n) -> {
            Procs1 p = new Procs1(3);
            AdlibRank rk = AdlibRank.current(ProcessContext.current());
            for (int k = 1; k <= 100; k++) {
                IntMultiarray a = new IntMultiarray(new ExtBlockRange(k, p.dim(0), 1));
                for (int g = 0; g < k; g++) if (a.holds(g)) a.set(g, g);
                assertEquals(k * (k - 1) / 2, Adlib.sum(a));
                Adlib.writeHalo(a);
                assertTrue(rk.cache.size() <= 64, "cache holds " + rk.cache.size() + " schedules");
            }
            // same shape, other distributions: never a stale plan
            IntMultiarray x = new IntMultiarray(new BlockRange(12, p.dim(0))), y = new IntMultiarray(new CyclicRange(12, p.dim(0)));
            IntMultiarray z = new IntMultiarray(new IrregRange(new int[] {1, 10, 1}, p.dim(0)));
            for (int g = 0; g < 12; g++) { if (x.holds(g)) x.set(g, g); if (y.holds(g)) y.set(-g, g); }
            Adlib.remap(z, x);
            for (int g = 0; g < 12; g++) if (z.holds(g)) assertEquals(g, z.get(g));
            Adlib.remap(z, y);
            for (int g = 0; g < 12; g++) if (z.holds(g)) assertEquals(-g, z.get(g));
            // a re-created section of the same layout hits the cache
            int before = rk.cache.size();
            for (int i = 0; i < 5; i++) Adlib.remap(z.section(Triplet.of(2, 9)), x.section(Triplet.of(2, 9)));
            assertTrue(rk.cache.size() <= before + 1);
        });
    }

    /** A schedule that records when the cache frees it. */
    private static final class Recorded extends Schedule {
        final int id;
        final java.util.List<Integer> freed;

        Recorded(int id, java.util.List<Integer> freed) { this.id = id; this.freed = freed; }

        @Override
        public void execute() {}

        @Override
        protected void free() { freed.add(id); }
    }

    @Test
    void theCacheKeysByKindAndParametersAndFreesWhatItEvicts() {
        Spmd.run(1, Duration.ofSeconds(60), (me, n) -> {
            java.util.List<Integer> freed = new java.util.ArrayList<>();
            ScheduleCache.Planner kind = (a, b, c, p) -> new Recorded(p[0], freed);
            ScheduleCache.Planner other = (a, b, c, p) -> new Recorded(-p[0], freed);
            Group apg = ProcessContext.current().apg();
            ScheduleCache cache = new ScheduleCache(2);
            Schedule one = cache.lookup(kind, apg, new int[] {1}, null, null, null);
            assertSame(one, cache.lookup(kind, apg, new int[] {1}, null, null, null), "same key: same schedule");
            Schedule two = cache.lookup(other, apg, new int[] {1}, null, null, null);
            assertNotSame(one, two, "another kind with the same parameters is another entry");
            assertSame(one, cache.lookup(kind, apg, new int[] {1}, null, null, null));   // one is now the most recent
            cache.lookup(kind, apg, new int[] {3}, null, null, null);                    // evicts two
            assertEquals(java.util.List.of(-1), freed, "the least recently used entry is freed on eviction");
            assertEquals(2, cache.size());
        });
    }

    @Test
    void nativeAndPointToPointGiveTheSameBits() {
        Spmd.run(5, Duration.ofSeconds(60), (me, n) -> {
            Procs1 p = new Procs1(5);
            Random rnd = new Random(5);
            DoubleMultiarray a = new DoubleMultiarray(new BlockCyclicRange(1000, p.dim(0), 7));
            FloatMultiarray f = new FloatMultiarray(new CyclicRange(999, p.dim(0)));
            for (int g = 0; g < 1000; g++) {
                double v = rnd.nextGaussian() * Math.pow(10, rnd.nextInt(12));
                if (a.holds(g)) a.set(v, g);
                if (g < 999 && f.holds(g)) f.set((float) v, g);
            }
            AdlibRank rk = AdlibRank.current(ProcessContext.current());
            assertNotNull(rk.nat, "the mt backend offers native collectives");
            Reduction s1 = Reduction.of(Reduction.Op.SUM, a, null), f1 = Reduction.of(Reduction.Op.SUM, f, null);
            DotProduct d1 = new DotProduct(a, a);
            rk.pointToPointOnly = true;
            Reduction s2 = Reduction.of(Reduction.Op.SUM, a, null), f2 = Reduction.of(Reduction.Op.SUM, f, null);
            DotProduct d2 = new DotProduct(a, a);
            rk.pointToPointOnly = false;
            s1.execute(); s2.execute(); f1.execute(); f2.execute(); d1.execute(); d2.execute();
            assertEquals(Double.doubleToRawLongBits(s1.doubleValue()), Double.doubleToRawLongBits(s2.doubleValue()));
            assertEquals(Double.doubleToRawLongBits(f1.doubleValue()), Double.doubleToRawLongBits(f2.doubleValue()));
            assertEquals(Double.doubleToRawLongBits(d1.doubleValue()), Double.doubleToRawLongBits(d2.doubleValue()));
        });
    }

    @Test
    void steadyStateExecuteAllocatesNothing() {
        Spmd.run(2, Duration.ofSeconds(60), (me, n) -> {
            Procs1 p = new Procs1(2);
            FloatMultiarray a = new FloatMultiarray(new ExtBlockRange(256, p.dim(0), 1), new CollapsedRange(256));
            WriteHalo h = new WriteHalo(a);
            Reduction mx = Reduction.of(Reduction.Op.MAXVAL, a, null);
            var mx2 = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long tid = Thread.currentThread().threadId();
            for (int i = 0; i < 2000; i++) { h.execute(); mx.execute(); }
            long before = mx2.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 1000; i++) { h.execute(); mx.execute(); }
            long perCall = (mx2.getThreadAllocatedBytes(tid) - before) / 1000;
            assertTrue(perCall < 64, "writeHalo + maxval allocate " + perCall + " bytes per call in the steady state");
        });
    }

    @Test
    void aprintfPrintsFromMemberZero() {
        Spmd.run(3, Duration.ofSeconds(60), (me, n) -> {
            Procs1 p = new Procs1(3);
            IntMultiarray a = new IntMultiarray(new CyclicRange(2, p.dim(0)), new CollapsedRange(3));
            DoubleMultiarray b = new DoubleMultiarray(new BlockRange(2, p.dim(0)), new CollapsedRange(3));
            for (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++) { if (a.holds(i, j)) a.set(10 * i + j, i, j); if (b.holds(i, j)) b.set(i + j / 4.0, i, j); }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Aprintf.print(new PrintStream(out, true, StandardCharsets.UTF_8), "a[%R0,%R1] = %d, b = %.2f, 100%%%N", a, b);
            String text = out.toString(StandardCharsets.UTF_8);
            if (me == 0)
                assertEquals("a[0,0] = 0, b = 0.00, 100%\na[0,1] = 1, b = 0.25, 100%\na[0,2] = 2, b = 0.50, 100%\n"
                        + "a[1,0] = 10, b = 1.00, 100%\na[1,1] = 11, b = 1.25, 100%\na[1,2] = 12, b = 1.50, 100%\n", text);
            else assertEquals("", text);
        });
    }
}
