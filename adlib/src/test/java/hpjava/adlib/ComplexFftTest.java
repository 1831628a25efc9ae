package hpjava.adlib;

import hpjava.lang.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * ComplexFft against the definition of the discrete Fourier transform, summed directly: complex arrays of rank 2 to
 * 4 with one dimension distributed (block and cyclic) and sections with steps, every sequential dimension, both signs;
 * elements outside a section must be unchanged. Misuse is refused with a message naming what is wrong.
 */
class ComplexFftTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void matchesTheDirectSum(int np) {
        Spmd.run(np, Duration.ofSeconds(90), (me, n) -> {
            Procs1 p = new Procs1(np);
            // [rows distributed, 8 along, 2]: lines along dimension 1
            check(new DoubleMultiarray(new BlockRange(5, p.dim(0)), new CollapsedRange(8), new CollapsedRange(2)), 1, 8, 1);
            // rank 4: [4 along, cyclic 7, 16 along, 2], along 0 and along 2, both signs
            DoubleMultiarray a = new DoubleMultiarray(new CollapsedRange(4), new CyclicRange(7, p.dim(0)),
                    new CollapsedRange(16), new CollapsedRange(2));
            check(a, 0, 4, -1);
            check(a, 2, 16, 1);
            check(a, 2, 16, -1);
            // 40 lines in one batch dimension: several blocks of ComplexFft.BLOCK and a remainder
            check(new DoubleMultiarray(new CollapsedRange(32), new BlockRange(40 * np, p.dim(0)), new CollapsedRange(2)), 0, 32, 1);
            // a rank-2 array: one line of length 1 and of length 2
            check(new DoubleMultiarray(new CollapsedRange(1), new CollapsedRange(2)), 0, 1, 1);
            check(new DoubleMultiarray(new CollapsedRange(2), new CollapsedRange(2)), 0, 2, -1);
            // a section with a step along a non-transformed dimension: the rows between must not change
            DoubleMultiarray whole = new DoubleMultiarray(new CollapsedRange(8), new BlockRange(9, p.dim(0)), new CollapsedRange(2));
            fill(whole, new Random(5));
            DoubleMultiarray before = copy(whole);
            DoubleMultiarray section = whole.section(Triplet.all(), Triplet.of(1, 7, 3), Triplet.all());
            check(section, 0, 8, 1);
            for (int k = 0; k < 8; k++)
                for (int j = 0; j < 9; j++)
                    if (whole.holds(k, j, 0) && (j < 1 || j > 7 || (j - 1) % 3 != 0))
                        for (int c = 0; c < 2; c++) assertEquals(before.get(k, j, c), whole.get(k, j, c), "outside the section");
        });
    }

    @Test
    void inverseRestoresTimesN() {
        Spmd.run(2, Duration.ofSeconds(60), (me, n) -> {
            Procs1 p = new Procs1(2);
            DoubleMultiarray a = new DoubleMultiarray(new BlockRange(6, p.dim(0)), new CollapsedRange(64), new CollapsedRange(2));
            fill(a, new Random(11));
            DoubleMultiarray orig = copy(a);
            ComplexFft fft = new ComplexFft(64);
            fft.transform(a, 1, 1);
            fft.transform(a, 1, -1);
            for (int i = 0; i < 6; i++)
                for (int k = 0; k < 64; k++)
                    for (int c = 0; c < 2; c++)
                        if (a.holds(i, k, c)) assertEquals(64 * orig.get(i, k, c), a.get(i, k, c), 1e-11);
        });
    }

    @Test
    void misuseIsRefused() {
        Spmd.run(2, Duration.ofSeconds(60), (me, n) -> {
            Procs1 p = new Procs1(2);
            ComplexFft fft = new ComplexFft(8);
            DoubleMultiarray dist = new DoubleMultiarray(new BlockRange(8, p.dim(0)), new CollapsedRange(2));
            assertMessage(() -> fft.transform(dist, 0, 1), "is distributed");
            DoubleMultiarray notComplex = new DoubleMultiarray(new CollapsedRange(8), new CollapsedRange(3));
            assertMessage(() -> fft.transform(notComplex, 0, 1), "is not complex");
            DoubleMultiarray ok = new DoubleMultiarray(new CollapsedRange(8), new CollapsedRange(2));
            assertMessage(() -> fft.transform(ok, 1, 1), "transforms along dimensions 0 to 0");
            assertMessage(() -> fft.transform(ok, 0, 2), "sign must be +1 or -1");
            DoubleMultiarray other = new DoubleMultiarray(new CollapsedRange(16), new CollapsedRange(2));
            assertMessage(() -> fft.transform(other, 0, 1), "has extent 16, this transform is of length 8");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ComplexFft(12));
            assertTrue(e.getMessage().contains("power of two, got 12"), e.getMessage());
        });
    }

    private static void assertMessage(Runnable r, String part) {
        AdlibException e = assertThrows(AdlibException.class, r::run);
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    /** Fills a with random values, transforms it along dim and compares every held element with the direct sum. */
    private static void check(DoubleMultiarray a, int dim, int n, int sign) {
        fill(a, new Random(31L * dim + n + sign));
        DoubleMultiarray orig = copy(a);
        new ComplexFft(n).transform(a, dim, sign);
        int[] shape = a.shape();
        int[] g = new int[shape.length];
        do {
            if (g[g.length - 1] != 0 || !a.holds(g)) continue;
            double re = 0, im = 0;
            int k = g[dim];
            int[] h = g.clone();
            for (int j = 0; j < n; j++) {
                h[dim] = j;
                h[h.length - 1] = 0;
                double xr = orig.get(h);
                h[h.length - 1] = 1;
                double xi = orig.get(h);
                double t = sign * 2 * Math.PI * ((long) j * k % n) / n, c = Math.cos(t), s = Math.sin(t);
                re += xr * c - xi * s;
                im += xr * s + xi * c;
            }
            assertEquals(re, a.get(g), 1e-11 * n, "real part at " + java.util.Arrays.toString(g));
            int[] gi = g.clone();
            gi[gi.length - 1] = 1;
            assertEquals(im, a.get(gi), 1e-11 * n, "imaginary part at " + java.util.Arrays.toString(g));
        } while (advance(g, shape));
    }

    /** Random values in every held element; an element's value depends only on its global subscripts. */
    private static void fill(DoubleMultiarray a, Random rnd) {
        long salt = rnd.nextLong();
        int[] shape = a.shape();
        int[] g = new int[shape.length];
        if (java.util.Arrays.stream(shape).anyMatch(s -> s == 0)) return;
        do {
            if (a.holds(g)) a.set(new Random(salt + java.util.Arrays.hashCode(g)).nextDouble() - 0.5, g);
        } while (advance(g, shape));
    }

    private static DoubleMultiarray copy(DoubleMultiarray a) {
        Range[] r = new Range[a.rank()];
        for (int k = 0; k < r.length; k++) r[k] = a.rng(k);
        DoubleMultiarray c = new DoubleMultiarray(a.grp(), r);
        HPutil.copy(c, a);
        return c;
    }

    private static boolean advance(int[] g, int[] shape) {
        for (int r = g.length - 1; r >= 0; r--) {
            if (++g[r] < shape[r]) return true;
            g[r] = 0;
        }
        return false;
    }
}
