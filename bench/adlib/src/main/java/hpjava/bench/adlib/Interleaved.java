package hpjava.bench.adlib;

import hpjava.mpjdev.NativeCollectives;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A/B comparison of two variants of a call inside one JVM per rank, made to resolve differences of a few per cent on
 * a noisy machine (2 shared vCPUs whose speed changes by up to 4x every few seconds to minutes): every round takes one
 * sample of each variant back to back (a sample: {@code calls} calls between two barriers, timed on each rank), in
 * the order A B on even rounds and B A on odd ones, so both see the same machine state. The figure is the <b>median
 * of the per-round ratios B/A</b> with a 95 % percentile-bootstrap confidence interval (rounds resampled with
 * replacement): slow drifts of the machine cancel in each ratio instead of widening the spread of two medians.
 *
 * <p>A claim "B costs at most {@code limit} more than A" is <b>met</b> when the interval's upper end is at most
 * {@code 1 + limit}, <b>refuted</b> when its lower end is above it, else <b>not resolved</b>.
 */
final class Interleaved {
    private Interleaved() {}

    /** Per-round times (µs per call) of A and B on this rank. */
    record Samples(double[] a, double[] b) {
        double medianA() { return median(a); }

        double medianB() { return median(b); }

        /** The per-round ratios B/A. */
        double[] ratios() {
            double[] q = new double[a.length];
            for (int r = 0; r < q.length; r++) q[r] = b[r] / a[r];
            return q;
        }
    }

    /**
     * Runs {@code rounds} rounds of {@code calls} calls of each variant (collective over the job when the variants
     * are: every rank runs the same sequence of samples). Warm-up is the caller's.
     */
    static Samples run(NativeCollectives coll, int rounds, int calls, Runnable a, Runnable b) {
        double[] ta = new double[rounds], tb = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            if ((r & 1) == 0) {
                ta[r] = sample(coll, calls, a);
                tb[r] = sample(coll, calls, b);
            } else {
                tb[r] = sample(coll, calls, b);
                ta[r] = sample(coll, calls, a);
            }
        }
        return new Samples(ta, tb);
    }

    /**
     * Microseconds per call over {@code calls} calls, after a barrier and one untimed call. On mt a rank whose barrier
     * wait ended parked leaves the barrier ~20 us after the rank that woke it (one park/unpark hand-off across vCPUs);
     * timed from the barrier, that wake-up would fall on the sample's first call (+1 us a call at 20 calls a sample).
     * The untimed call lines the ranks up again, so that cannot pass for a mode's cost. (It was not what made the
     * checked writeHalo slow in some JVMs: docs/benchmarks/HISTORY.md, "check words in the header".)
     */
    static double sample(NativeCollectives coll, int calls, Runnable update) {
        coll.barrier();
        update.run();
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) update.run();
        long t1 = System.nanoTime();
        coll.barrier();
        return (t1 - t0) / 1e3 / calls;
    }

    /** 95 % percentile-bootstrap interval {lo, hi} of the median of {@code x} (fixed seed: reproducible). */
    static double[] bootstrapMedian(double[] x, int resamples) {
        SplittableRandom rnd = new SplittableRandom(0x5EEDL);
        double[] meds = new double[resamples], s = new double[x.length];
        for (int k = 0; k < resamples; k++) {
            for (int i = 0; i < s.length; i++) s[i] = x[rnd.nextInt(x.length)];
            meds[k] = median(s);
        }
        Arrays.sort(meds);
        return new double[] {meds[(int) Math.floor(0.025 * (resamples - 1))], meds[(int) Math.ceil(0.975 * (resamples - 1))]};
    }

    static double median(double[] x) {
        return HaloRank.median(x);
    }

    /** "met", "refuted" or "not resolved" for the claim ratio <= 1 + limit, from the interval {lo, hi}. */
    static String verdict(double[] ci, double limit) {
        if (ci[1] <= 1 + limit) return "met";
        if (ci[0] > 1 + limit) return "refuted";
        return "not resolved";
    }

    /**
     * One result line: {@code name: A a_us us, B b_us us, B/A ratio [lo, hi], +pct %, <= 3 %: verdict (n rounds)}.
     * The ratio is the median of the per-round ratios; the percentages are of that ratio.
     */
    static String report(String name, String labelA, String labelB, Samples s, double limit) {
        double[] q = s.ratios();
        double med = median(q);
        double[] ci = bootstrapMedian(q, 4000);
        return String.format(Locale.ROOT,
                "%s: %s %.3f us, %s %.3f us, %s/%s %.4f [%.4f, %.4f] (%+.1f %% [%+.1f, %+.1f]), <= %.0f %%: %s (%d rounds)",
                name, labelA, s.medianA(), labelB, s.medianB(), labelB, labelA, med, ci[0], ci[1],
                100 * (med - 1), 100 * (ci[0] - 1), 100 * (ci[1] - 1), 100 * limit, verdict(ci, limit), q.length);
    }
}
