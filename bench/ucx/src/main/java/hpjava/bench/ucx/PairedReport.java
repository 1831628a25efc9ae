package hpjava.bench.ucx;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Statistics and Markdown report of the paired latency comparison ({@link PairedLatencyBench}): pure functions of the
 * measured pairs, so they are unit-tested apart from the measurement.
 *
 * <p>Why pairs: this machine switches between a fast and a slow latency state within seconds (ucx_perftest 0.10-0.24
 * against 0.57-0.69 us), so a ratio of two figures taken seconds apart mostly says whether both sides sat in the same
 * state. A pair's two samples are taken within a few hundred milliseconds, and the figure reported is the median of
 * the per-pair ratios, overall and within each state.
 */
final class PairedReport {
    private PairedReport() {}

    /** A pair is in the fast state if ucx_perftest's median iteration is below this (us); the slow state is >= 0.57. */
    static final double FAST_PERFTEST_MICROS = 0.4;
    /** A fast pair is mixed if its device sample exceeds this multiple of the fast pairs' median device sample. */
    static final double MIXED_FACTOR = 2.0;

    /**
     * One pair: the device's 8-byte half round trip (us), the same for {@link FfmPingPong} (the spike, taken
     * right after or before the device sample, in the same processes), and ucx_perftest's median iteration and overall
     * mean (us); {@code deviceFirst} gives the order (device, FFM, perftest or perftest, FFM, device),
     * {@code spanMillis} the time from the start of the first sample to the end of the last (ucx_perftest's process
     * start and exit included).
     */
    record Pair(boolean deviceFirst, double deviceMicros, double ffmMicros, double perftestMedianMicros,
                double perftestMeanMicros, long spanMillis) {
        double ratio() {
            return deviceMicros / perftestMedianMicros;
        }

        /** What the device costs over the bare FFM ping-pong. */
        double deviceToFfm() {
            return deviceMicros / ffmMicros;
        }

        /** What Java through FFM costs over C. */
        double ffmToPerftest() {
            return ffmMicros / perftestMedianMicros;
        }

        double ratioToMean() {
            return deviceMicros / perftestMeanMicros;
        }

        boolean fast() {
            return perftestMedianMicros < FAST_PERFTEST_MICROS;
        }
    }

    /** Medians and quartiles of one group of pairs; {@code n == 0} for an empty group (then all figures are NaN). */
    record Summary(int n, double deviceMicros, double ffmMicros, double perftestMedianMicros, double perftestMeanMicros,
                   double ratioMedian, double ratioQ1, double ratioQ3,
                   double ratioToMeanMedian, double ratioToMeanQ1, double ratioToMeanQ3,
                   double deviceToFfmMedian, double deviceToFfmQ1, double deviceToFfmQ3, double ffmToPerftestMedian) {}

    /** Medians of the samples and the quartiles of the per-pair ratios of {@code pairs}. */
    static Summary summarize(List<Pair> pairs) {
        double[] ratio = values(pairs, Pair::ratio);
        double[] toMean = values(pairs, Pair::ratioToMean);
        double[] toFfm = values(pairs, Pair::deviceToFfm);
        return new Summary(pairs.size(), quantile(values(pairs, Pair::deviceMicros), 0.5),
                quantile(values(pairs, Pair::ffmMicros), 0.5),
                quantile(values(pairs, Pair::perftestMedianMicros), 0.5),
                quantile(values(pairs, Pair::perftestMeanMicros), 0.5),
                quantile(ratio, 0.5), quantile(ratio, 0.25), quantile(ratio, 0.75),
                quantile(toMean, 0.5), quantile(toMean, 0.25), quantile(toMean, 0.75),
                quantile(toFfm, 0.5), quantile(toFfm, 0.25), quantile(toFfm, 0.75),
                quantile(values(pairs, Pair::ffmToPerftest), 0.5));
    }

    /**
     * The {@code q}-quantile (0..1) of {@code xs}, interpolating linearly between order statistics (R's type 7, the
     * default of R and NumPy: position {@code q * (n - 1)}); NaN for an empty array.
     */
    static double quantile(double[] xs, double q) {
        if (xs.length == 0) return Double.NaN;
        double[] s = xs.clone();
        Arrays.sort(s);
        double pos = q * (s.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, s.length - 1);
        return s[lo] + (pos - lo) * (s[hi] - s[lo]);
    }

    /** Pairs whose perftest sample was in the fast state ({@code fast == true}) or in the slow one. */
    static List<Pair> inState(List<Pair> pairs, boolean fast) {
        return select(pairs, p -> p.fast() == fast);
    }

    /**
     * Whether {@code p} looks mixed: its two samples in different states. Fast pair: device sample above
     * {@link #MIXED_FACTOR} x the fast pairs' median device sample (device slow, perftest fast). Slow pair: device
     * sample below the slow pairs' median device sample divided by {@link #MIXED_FACTOR} (device fast, perftest slow).
     * The state medians come from {@code all}; the device's states differ ~2.6x here (0.35 against 0.9 us), so a
     * factor of 2 separates them.
     */
    static boolean mixed(Pair p, List<Pair> all) {
        double stateDevice = quantile(values(inState(all, p.fast()), Pair::deviceMicros), 0.5);
        return p.fast() ? p.deviceMicros() > MIXED_FACTOR * stateDevice
                : p.deviceMicros() < stateDevice / MIXED_FACTOR;
    }

    /** The pairs of one state that are not {@link #mixed}. */
    static List<Pair> consistent(List<Pair> all, boolean fast) {
        return select(inState(all, fast), p -> !mixed(p, all));
    }

    /** Everything a report states besides the pairs: how it was run and the load around it. */
    record Context(String date, String host, int cpus, String java, int perftestIters, int deviceIterations,
                   String loadBefore, String loadAfter) {}

    /** The report: one paragraph, the table of groups, the mixed pairs, every pair in one line. */
    static String markdown(Context ctx, List<Pair> pairs) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Paired latency, measured %s on %s (%d CPUs, Java %s), %d pairs; command:"
                        + " `bench/ucx/run.sh --paired %d --paired-iters %d`; load average (1/5/15 min) %s before,"
                        + " %s after. A pair is one device sample (8-byte buffer ping-pong, %d round trips, half round"
                        + " trip), one sample of the same count of the bare Java FFM ping-pong (`FfmPingPong`: perftest's"
                        + " am_lat in Java, same processes) and one `ucx_perftest -t ucp_am_lat -s 8 -n %d` launched by"
                        + " rank 0 while both ranks sleep, order alternating (device, FFM, perftest / perftest, FFM,"
                        + " device); ratios per pair.%n%n",
                ctx.date(), ctx.host(), ctx.cpus(), ctx.java(), pairs.size(), pairs.size(), ctx.perftestIters(),
                ctx.loadBefore(), ctx.loadAfter(), ctx.deviceIterations(), ctx.perftestIters()));
        sb.append("| pairs | n | device (us) | Java FFM (us) | perftest median iteration (us) | perftest mean (us) |"
                + " device / perftest median iteration: median (IQR) | device / perftest mean: median (IQR) |"
                + " device / Java FFM: median (IQR) | Java FFM / perftest median iteration | target |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        row(sb, "all", summarize(pairs), true);
        row(sb, String.format(Locale.ROOT, "fast state (perftest < %.1f us)", FAST_PERFTEST_MICROS),
                summarize(inState(pairs, true)), false);
        row(sb, "slow state", summarize(inState(pairs, false)), false);
        row(sb, "fast state, mixed pairs left out", summarize(consistent(pairs, true)), false);
        row(sb, "slow state, mixed pairs left out", summarize(consistent(pairs, false)), false);
        row(sb, "device sample first", summarize(select(pairs, Pair::deviceFirst)), false);
        row(sb, "perftest sample first", summarize(select(pairs, p -> !p.deviceFirst())), false);
        int fastMixed = inState(pairs, true).size() - consistent(pairs, true).size();
        int slowMixed = inState(pairs, false).size() - consistent(pairs, false).size();
        sb.append(String.format(Locale.ROOT, "%nMixed pairs: %d fast (device above %.0fx the fast pairs' median"
                        + " device sample while perftest was fast), %d slow (device below 1/%.0f of the slow pairs'"
                        + " median while perftest was slow). Span of a pair (start of its first sample to end of its"
                        + " last): median %.0f ms, max %.0f ms.%n",
                fastMixed, MIXED_FACTOR, slowMixed, MIXED_FACTOR,
                quantile(values(pairs, Pair::spanMillis), 0.5), quantile(values(pairs, Pair::spanMillis), 1.0)));
        sb.append("\nPer pair (D: device first, P: perftest first; device / Java FFM / perftest median / perftest mean"
                + " us): ");
        for (int i = 0; i < pairs.size(); i++) {
            Pair p = pairs.get(i);
            sb.append(String.format(Locale.ROOT, "%s%s %.3f/%.3f/%.3f/%.3f", i == 0 ? "" : "; ",
                    p.deviceFirst() ? "D" : "P", p.deviceMicros(), p.ffmMicros(), p.perftestMedianMicros(),
                    p.perftestMeanMicros()));
        }
        sb.append(".\n");
        return sb.toString();
    }

    /** The progress line of pair {@code index} (0-based) of {@code total}. */
    static String progress(int index, int total, Pair p) {
        return String.format(Locale.ROOT, "pair %d/%d (%s first, %d ms): device %.3f us, Java FFM %.3f us, perftest"
                        + " median %.3f mean %.3f us, ratio %.2f, device / FFM %.2f (%s)", index + 1, total,
                p.deviceFirst() ? "device" : "perftest", p.spanMillis(), p.deviceMicros(), p.ffmMicros(),
                p.perftestMedianMicros(), p.perftestMeanMicros(), p.ratio(), p.deviceToFfm(),
                p.fast() ? "fast" : "slow");
    }

    private static void row(StringBuilder sb, String label, Summary s, boolean bold) {
        if (s.n() == 0) {
            sb.append("| ").append(label).append(" | 0 | – | – | – | – | – | – | – | – | – |\n");
            return;
        }
        String mark = bold ? "**" : "";
        sb.append(String.format(Locale.ROOT, "| %s | %d | %.3f | %.3f | %.3f | %.3f | %s%.2fx%s (%.2f–%.2f) | %.2fx"
                        + " (%.2f–%.2f) | %.2fx (%.2f–%.2f) | %.2fx | <= %.1fx |%n", label, s.n(), s.deviceMicros(),
                s.ffmMicros(), s.perftestMedianMicros(), s.perftestMeanMicros(), mark, s.ratioMedian(), mark,
                s.ratioQ1(), s.ratioQ3(), s.ratioToMeanMedian(), s.ratioToMeanQ1(), s.ratioToMeanQ3(),
                s.deviceToFfmMedian(), s.deviceToFfmQ1(), s.deviceToFfmQ3(), s.ffmToPerftestMedian(),
                UcxBaselineBench.LATENCY_TARGET));
    }

    private static List<Pair> select(List<Pair> pairs, Predicate<Pair> p) {
        return pairs.stream().filter(p).toList();
    }

    private static double[] values(List<Pair> pairs, ToDoubleFunction<Pair> f) {
        return pairs.stream().mapToDouble(f).toArray();
    }
}
