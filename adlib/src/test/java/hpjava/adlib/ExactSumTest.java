package hpjava.adlib;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link ExactSum} against a {@link BigDecimal} sum rounded once (correctly rounded since JDK 19): terms of every
 * magnitude from subnormal to near overflow, heavy cancellation, ties, overflow of the rounded sum, specials, zeros.
 */
class ExactSumTest {

    private static void check(String what, double... terms) {
        ExactSum s = new ExactSum();
        BigDecimal ref = BigDecimal.ZERO;
        for (double t : terms) { s.add(t); ref = ref.add(new BigDecimal(t)); }
        s.finish();
        boolean allNegativeZeros = true;
        for (double t : terms) allNegativeZeros &= Double.doubleToRawLongBits(t) == Long.MIN_VALUE;
        double want = allNegativeZeros ? -0.0 : ref.doubleValue();     // IEEE: -0.0 + -0.0 = -0.0; x + -x = +0.0
        assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(s.roundToDouble()),
                what + ": want " + Double.toHexString(want));
    }

    @Test
    void randomTermsOfEveryMagnitude() {
        Random rnd = new Random(31);
        for (int round = 0; round < 300; round++) {
            int n = 1 + rnd.nextInt(200), spread = 1 + rnd.nextInt(2000);
            double[] t = new double[n];
            for (int i = 0; i < n; i++) {
                int e = Math.max(-1074, Math.min(1000, -1074 + rnd.nextInt(2074) / spread * spread + rnd.nextInt(60)));
                t[i] = Math.scalb(rnd.nextDouble() - 0.5, e);
            }
            check("round " + round, t);
        }
    }

    @Test
    void cancellationTiesAndSubnormals() {
        check("cancel to the last bit", 1e308, 1.0, -1e308);
        check("cancel to zero, then a tiny", 0x1p1000, Double.MIN_VALUE, -0x1p1000);
        check("tie to even, down", 1.0, 0x1p-53);
        check("tie to even, up", 1.0 + 0x1p-52, 0x1p-53);
        check("just above a tie", 1.0, 0x1p-53, Double.MIN_VALUE);
        check("subnormals", Double.MIN_VALUE, 3 * Double.MIN_VALUE, -Double.MIN_NORMAL / 3);
        check("negative total", -3.5, 1.25, -0x1p-60);
        check("overflow of the rounded sum", Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE);
        check("terms far apart", 0x1p-1074, -0x1p-1000, 0x1p1023, 0x1p1023 * 0.999, -0x1p1023);
    }

    @Test
    void specialsAndZeros() {
        check("nothing");
        check("negative zeros", -0.0, -0.0);
        check("zeros of both signs", -0.0, 0.0);
        check("cancelled to zero", 2.5, -2.5);
        ExactSum s = new ExactSum();
        s.add(1.0);
        s.add(Double.POSITIVE_INFINITY);
        s.finish();
        assertEquals(Double.POSITIVE_INFINITY, s.roundToDouble(), "infinity");
        s.clear();
        s.add(Double.NEGATIVE_INFINITY);
        s.add(3.0);
        s.finish();
        assertEquals(Double.NEGATIVE_INFINITY, s.roundToDouble(), "negative infinity");
        s.clear();
        s.add(Double.POSITIVE_INFINITY);
        s.add(Double.NEGATIVE_INFINITY);
        s.finish();
        assertEquals(Double.NaN, s.roundToDouble(), "both infinities");
        s.clear();
        s.add(Double.NaN);
        s.add(1);
        s.finish();
        assertEquals(Double.NaN, s.roundToDouble(), "NaN");
    }

    @Test
    void floatsRoundOnceToFloat() {
        Random rnd = new Random(7);
        for (int round = 0; round < 300; round++) {
            ExactSum s = new ExactSum();
            BigDecimal ref = BigDecimal.ZERO;
            for (int i = 0, n = 1 + rnd.nextInt(50); i < n; i++) {
                float f = Math.scalb((float) (rnd.nextDouble() - 0.5), rnd.nextInt(280) - 150);
                s.add(f);
                ref = ref.add(new BigDecimal(f));
            }
            s.finish();
            assertEquals(Float.floatToRawIntBits(ref.floatValue()), Float.floatToRawIntBits(s.roundToFloat()), "round " + round);
        }
    }

    @Test
    void productsAreExactUnlessTheyOverflow() {
        ExactSum s = new ExactSum();
        double x = 1 + 0x1p-30, y = 1 - 0x1p-30;     // x*y = 1 - 2^-60: not a double
        s.addProduct(x, y);
        s.add(-1);
        s.finish();
        assertEquals(-0x1p-60, s.roundToDouble());
        s.clear();
        s.addProduct(Double.MAX_VALUE, 2);
        s.finish();
        assertEquals(Double.POSITIVE_INFINITY, s.roundToDouble());
    }

    @Test
    void sumsOfPartialsEqualTheWhole() {
        Random rnd = new Random(5);
        ExactSum whole = new ExactSum(), a = new ExactSum(), b = new ExactSum();
        for (int i = 0; i < 5000; i++) {
            double t = Math.scalb(rnd.nextDouble() - 0.5, rnd.nextInt(200) - 100);
            whole.add(t);
            (i % 3 == 0 ? a : b).add(t);
        }
        whole.finish();
        a.finish();
        b.finish();
        for (int k = 0; k < ExactSum.LENGTH; k++) a.digits[k] += b.digits[k];
        assertEquals(Double.doubleToRawLongBits(whole.roundToDouble()), Double.doubleToRawLongBits(a.roundToDouble()));
    }
}
