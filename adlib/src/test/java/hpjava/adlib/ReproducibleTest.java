package hpjava.adlib;

import hpjava.lang.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Reproducible sums ({@link Reproducible}): {@code sum} (plain and masked) of double and float arrays and
 * {@code dotProduct} give the bits of the correctly rounded exact result, computed here sequentially with
 * BigDecimal, at np 1-8 and with block, cyclic, block-cyclic, irregular and 2-D distributions: the same bits at
 * every process count and distribution. The terms span 80 binary orders of magnitude, so an ordinary sum differs
 * between process counts.
 */
class ReproducibleTest {
    private static final int N = 100_003, ROWS = 211, COLS = 97;
    private static final double SUM, MASKED_SUM, DOT, SUM_2D;
    private static final float FLOAT_SUM;

    static {
        BigDecimal s = BigDecimal.ZERO, m = BigDecimal.ZERO, d = BigDecimal.ZERO, f = BigDecimal.ZERO, s2 = BigDecimal.ZERO;
        for (int k = 0; k < N; k++) {
            s = s.add(new BigDecimal(value(k)));
            if (masked(k)) m = m.add(new BigDecimal(value(k)));
            d = d.add(new BigDecimal(value(k)).multiply(new BigDecimal(value(k + N))));
            f = f.add(new BigDecimal((float) value(k)));
        }
        for (int k = 0; k < ROWS * COLS; k++) s2 = s2.add(new BigDecimal(value(k)));
        SUM = s.doubleValue();
        MASKED_SUM = m.doubleValue();
        DOT = d.doubleValue();
        FLOAT_SUM = f.floatValue();
        SUM_2D = s2.doubleValue();
    }

    /** Element {@code k}: a number in [-0.5, 0.5) times 2^(-40 .. 39), from a hash of k. */
    static double value(long k) {
        long h = k * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 29;
        return Math.scalb(((h >>> 11) * 0x1p-53) - 0.5, (int) ((h & 0x7f) % 80) - 40);
    }

    static boolean masked(long k) { return k % 3 != 1; }

    private static void assertBits(double want, double got, String what) {
        assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(got),
                what + ": want " + Double.toHexString(want) + ", got " + Double.toHexString(got));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void sameBitsAtEveryProcessCountAndDistribution(int np) {
        Spmd.run(np, Duration.ofSeconds(120), (me, n) -> {
            Procs p = new Procs(np);
            Range[] kinds = {new BlockRange(N, p.dim(0)), new CyclicRange(N, p.dim(0)), new BlockCyclicRange(N, p.dim(0), 7),
                    new IrregRange(irregular(np), p.dim(0))};
            for (Range x : kinds) oneDimensional(x, "np " + np + ", " + x.getClass().getSimpleName());
            Procs q = new Procs(Procs.nearCubicShape(np, 2));
            DoubleMultiarray a = new DoubleMultiarray(q, new BlockRange(ROWS, q.dim(0)), new CyclicRange(COLS, q.dim(1)));
            fill(a, 0);
            double got = Reproducible.plan(true, () -> Reduction.of(Reduction.Op.SUM, a, null)).run(a, null) instanceof double[] r ? r[0] : 0;
            assertBits(SUM_2D, got, "np " + np + ", 2-D block x cyclic sum");
        });
    }

    private static int[] irregular(int np) {
        int[] sizes = new int[np];
        for (int i = 0; i < N; i++) sizes[(int) ((i * 7L + i / 1000) % np)]++;
        return sizes;
    }

    private static void oneDimensional(Range x, String what) {
        DoubleMultiarray a = new DoubleMultiarray((Group) null, x), b = new DoubleMultiarray((Group) null, x);
        FloatMultiarray f = new FloatMultiarray((Group) null, x);
        BooleanMultiarray mask = new BooleanMultiarray((Group) null, x);
        fill(a, 0);
        fill(b, N);
        int[] g = new int[1];
        for (int k = 0; k < N; k++) {
            g[0] = k;
            if (a.holds(g)) { f.dat()[f.offset(g)] = (float) value(k); mask.dat()[mask.offset(g)] = masked(k); }
        }
        Reduction sum = Reproducible.plan(true, () -> Reduction.of(Reduction.Op.SUM, a, null));
        Reduction msum = Reproducible.plan(true, () -> Reduction.of(Reduction.Op.SUM, a, mask));
        Reduction fsum = Reproducible.plan(true, () -> Reduction.of(Reduction.Op.SUM, f, null));
        DotProduct dot = Reproducible.plan(true, () -> new DotProduct(a, b));
        for (int repeat = 0; repeat < 2; repeat++) {
            sum.execute();
            msum.execute();
            fsum.execute();
            dot.execute();
            assertBits(SUM, sum.doubleValue(), what + " sum");
            assertBits(MASKED_SUM, msum.doubleValue(), what + " masked sum");
            assertBits(DOT, dot.doubleValue(), what + " dotProduct");
            assertEquals(Float.floatToRawIntBits(FLOAT_SUM), Float.floatToRawIntBits((float) fsum.doubleValue()), what + " float sum");
        }
    }

    private static void fill(DoubleMultiarray a, long from) {
        int[] shape = a.shape();
        double[] d = a.dat();
        Elems.forEach(shape, g -> { if (a.holds(g)) d[a.offset(g)] = value(from + Elems.linear(g, shape)); });
    }

    @Test
    void theOrdinarySumOfTheseTermsDependsOnTheProcessCount() {
        double[] got = new double[9];
        for (int np : new int[] {1, 3, 8})
            Spmd.run(np, Duration.ofSeconds(60), (me, n) -> {
                DoubleMultiarray a = new DoubleMultiarray((Group) null, new BlockRange(N, new Procs(np).dim(0)));
                fill(a, 0);
                got[np] = Reproducible.plan(false, () -> Reduction.of(Reduction.Op.SUM, a, null)).run(a, null) instanceof double[] r ? r[0] : 0;
            });
        assertFalse(got[1] == got[3] && got[3] == got[8],
                "the terms should make an ordinary sum depend on np (else this test shows nothing): " + got[1]);
    }

    @Test
    void ranksThatDisagreeOnTheModeFailTogether() {
        Spmd.run(2, Duration.ofSeconds(60), (me, n) -> {
            DoubleMultiarray a = new DoubleMultiarray((Group) null, new BlockRange(10, new Procs(2).dim(0)));
            Reduction r = Reproducible.plan(me == 0, () -> Reduction.of(Reduction.Op.SUM, a, null));
            AdlibException e = assertThrows(AdlibException.class, r::execute);
            assertTrue(e.getMessage().contains("sum (reproducible)"), e.getMessage());
        });
    }
}
