package hpjava.adlib;

/**
 * The exact sum of any number of {@code double}s, rounded once at the end: the accumulator of reproducible
 * reductions ({@link Reproducible}). Because nothing is rounded before the end, the result does not depend on the
 * order of the terms, so it is the same bits at every process count, distribution and backend.
 *
 * <p>The value is a fixed-point integer in base 2^32: digit {@code k} of {@link #digits} weighs {@code 2^(32k-1074)}
 * (2^-1074 is the least subnormal double, so every finite double is an integer number of units), held in a
 * {@code long} so that digits absorb carries: each term touches three digits by less than 2^32, and the digits are
 * brought back to {@code [0, 2^32)} (carries moved up, the sign in the top digit) every 2^30 terms. Infinities, NaNs,
 * the count of terms and of {@code -0.0} terms are counted in the slots after the digits. A whole accumulator is one
 * {@code long[]} of {@link #LENGTH}, so per-process partials combine by an integer sum of arrays (any order: integer
 * addition is associative), then {@link #roundToDouble}/{@link #roundToFloat} rounds to nearest, ties to even.
 * IEEE rules for the specials: NaN if any term is NaN or both infinities occur, else the infinity; an exact zero is
 * {@code -0.0} when every term is {@code -0.0} (or there is none), else {@code +0.0}.
 *
 * <p>Allocation: none after construction.
 */
final class ExactSum {
    /** Digits of the fixed-point value: 2^-1074 .. 2^1134 (the top holds the sign and any carry). */
    static final int DIGITS = 70;
    private static final int POS_INF = DIGITS, NEG_INF = DIGITS + 1, NAN = DIGITS + 2, TERMS = DIGITS + 3, NEG_ZERO = DIGITS + 4;
    /** Length of an accumulator array: the digits and the counters. */
    static final int LENGTH = DIGITS + 5;
    private static final long MASK = 0xFFFF_FFFFL;
    private static final int BUDGET = 1 << 30;

    /** The accumulator; combined across processes by a {@code long} sum of whole arrays. */
    final long[] digits;
    private int budget = BUDGET;

    ExactSum() { this(new long[LENGTH]); }

    /** An accumulator over {@code digits} (of {@link #LENGTH} elements), e.g. an allreduce buffer. */
    ExactSum(long[] digits) {
        if (digits.length != LENGTH) throw new IllegalArgumentException("ExactSum: needs " + LENGTH + " longs, not " + digits.length);
        this.digits = digits;
    }

    /** Empties the accumulator. */
    void clear() {
        java.util.Arrays.fill(digits, 0);
        budget = BUDGET;
    }

    /** Adds {@code x} exactly. */
    void add(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int e = (int) (bits >>> 52) & 0x7ff;
        long m = bits & 0x000F_FFFF_FFFF_FFFFL;
        if (e == 0x7ff) { special(bits, m); return; }
        if (--budget == 0) carry();
        if (e == 0) {
            if (m == 0) { if (bits < 0) digits[NEG_ZERO]++; return; }
            e = 1;
        } else m |= 1L << 52;
        int p = e - 1;                          // x = m * 2^(p - 1074)
        int k = p >>> 5, s = p & 31;
        long d0 = (m << s) & MASK, d1 = (m >>> (32 - s)) & MASK, d2 = (m >>> 1) >>> (63 - s);
        if (bits < 0) { digits[k] -= d0; digits[k + 1] -= d1; digits[k + 2] -= d2; }
        else { digits[k] += d0; digits[k + 1] += d1; digits[k + 2] += d2; }
    }

    /**
     * Adds {@code x * y}: exactly (the product and its rounding error, by a fused multiply-add) unless the product
     * overflows or its error underflows; either way the term depends only on {@code x} and {@code y}.
     */
    void addProduct(double x, double y) {
        double p = x * y;
        add(p);
        if (Double.isFinite(p)) add(Math.fma(x, y, -p));
    }

    private void special(long bits, long m) {
        if (m != 0) digits[NAN]++;
        else if (bits < 0) digits[NEG_INF]++;
        else digits[POS_INF]++;
    }

    /** Moves carries up so that every digit but the top is in [0, 2^32); counts the terms added since the last. */
    private void carry() {
        digits[TERMS] += BUDGET - budget;
        budget = BUDGET;
        for (int i = 0; i < DIGITS - 1; i++) {
            long c = digits[i] >> 32;
            digits[i] -= c << 32;
            digits[i + 1] += c;
        }
    }

    /** Makes the accumulator ready to be combined with others by summing arrays: digits normalised, terms counted. */
    void finish() {
        carry();
    }

    /** The sum rounded to the nearest double (ties to even). Call after combining; leaves the digits normalised. */
    double roundToDouble() {
        double special = specialResult();
        if (special != 0) return special;
        int h = normalisedTop();
        if (h < 0) return digits[TERMS] == digits[NEG_ZERO] ? -0.0 : 0.0;
        long v = window(h);
        double r = Math.scalb((double) v, scale - 1074);
        return negative ? -r : r;
    }

    /** The sum rounded to the nearest float (ties to even): exact for sums of floats, as for {@link #roundToDouble}. */
    float roundToFloat() {
        double special = specialResult();
        if (special != 0) return (float) special;
        int h = normalisedTop();
        if (h < 0) return digits[TERMS] == digits[NEG_ZERO] ? -0.0f : 0.0f;
        long v = window(h);
        // (float) v rounds once; the scaling is exact unless it overflows (to infinity) or lands in float's subnormal
        // range, where a sum of floats (an integer number of 2^-149) is exact already
        float r = (float) Math.scalb((double) (float) v, scale - 1074);
        return negative ? -r : r;
    }

    private boolean negative;
    private int scale;

    /** NaN, an infinity, or 0 when the sum is finite. */
    private double specialResult() {
        long pos = digits[POS_INF], neg = digits[NEG_INF];
        if (digits[NAN] != 0 || (pos != 0 && neg != 0)) return Double.NaN;
        return pos != 0 ? Double.POSITIVE_INFINITY : neg != 0 ? Double.NEGATIVE_INFINITY : 0;
    }

    /** Normalises to a magnitude and {@link #negative}; the index of the highest nonzero digit, -1 for zero. */
    private int normalisedTop() {
        carry();
        negative = digits[DIGITS - 1] < 0;
        if (negative) {
            for (int i = 0; i < DIGITS; i++) digits[i] = -digits[i];
            carry();
        }
        for (int h = DIGITS - 1; h >= 0; h--) if (digits[h] != 0) return h;
        return -1;
    }

    /**
     * The top 62 bits of the magnitude whose highest nonzero digit is {@code h}, with a sticky bit for any bit below
     * them (so one rounding of it to 53 or 24 bits is the correct rounding of the whole); sets {@link #scale} to
     * the power of two of its lowest bit, in units.
     */
    private long window(int h) {
        int length = 32 * h + 64 - Long.numberOfLeadingZeros(digits[h]);
        if (length <= 62) {
            scale = 0;
            return digits[0] | (h > 0 ? digits[1] << 32 : 0);
        }
        int shift = length - 62, k = shift >>> 5, o = shift & 31;
        long v = (digits[k] >>> o) | (digit(k + 1) << (32 - o)) | ((digit(k + 2) << (63 - o)) << 1);
        boolean sticky = (digits[k] & ((1L << o) - 1)) != 0;
        for (int i = 0; i < k && !sticky; i++) sticky = digits[i] != 0;
        scale = shift;
        return (v & ((1L << 62) - 1)) | (sticky ? 1 : 0);
    }

    private long digit(int i) { return i < DIGITS ? digits[i] : 0; }
}
