package hpjava.bench.mpjdev;

import java.util.Arrays;

/** Order statistics over small sample sets; sorts a copy, never the caller's array. */
final class Stats {
    private Stats() {}

    /** The median: middle element, or the mean of the two middle ones for an even count. */
    static double median(double[] xs) {
        if (xs.length == 0) throw new IllegalArgumentException("median of no samples");
        double[] s = xs.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    static double min(double[] xs) {
        return Arrays.stream(xs).min().orElseThrow();
    }

    static double max(double[] xs) {
        return Arrays.stream(xs).max().orElseThrow();
    }
}
