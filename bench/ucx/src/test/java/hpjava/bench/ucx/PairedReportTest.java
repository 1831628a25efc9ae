package hpjava.bench.ucx;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Statistics and report of the paired latency comparison (the measurement itself: bench/ucx/run.sh --paired K). */
class PairedReportTest {

    private static PairedReport.Pair pair(double device, double perftestMedian) {
        return new PairedReport.Pair(true, device, 0.24, perftestMedian, perftestMedian + 0.01, 300);
    }

    /** 4 fast pairs (one with a slow-state device sample) and 3 slow ones (one with a fast-state device sample). */
    private static final List<PairedReport.Pair> PAIRS = List.of(
            new PairedReport.Pair(true, 0.30, 0.25, 0.20, 0.25, 280),   // fast, ratio 1.5, device / FFM 1.2
            new PairedReport.Pair(false, 0.40, 0.25, 0.20, 0.20, 40),   // fast, ratio 2.0, 1.6
            new PairedReport.Pair(true, 0.36, 0.24, 0.18, 0.24, 300),   // fast, ratio 2.0, 1.5
            new PairedReport.Pair(false, 0.90, 0.75, 0.15, 0.18, 50),   // fast, mixed: ratio 6.0, 1.2
            new PairedReport.Pair(true, 0.80, 0.64, 0.64, 0.64, 310),   // slow, ratio 1.25, 1.25
            new PairedReport.Pair(false, 0.96, 0.80, 0.60, 0.64, 60),   // slow, ratio 1.6, 1.2
            new PairedReport.Pair(true, 0.36, 0.30, 0.60, 0.60, 290));  // slow, mixed: ratio 0.6, 1.2

    @Test
    void quantilesInterpolateBetweenOrderStatistics() {
        double[] xs = {4, 1, 3, 2};
        assertEquals(2.5, PairedReport.quantile(xs, 0.5), 1e-12);
        assertEquals(1.75, PairedReport.quantile(xs, 0.25), 1e-12);
        assertEquals(3.25, PairedReport.quantile(xs, 0.75), 1e-12);
        assertEquals(1, PairedReport.quantile(xs, 0), 1e-12);
        assertEquals(4, PairedReport.quantile(xs, 1), 1e-12);
        assertEquals(7, PairedReport.quantile(new double[] {7}, 0.25), 1e-12);
        assertTrue(Double.isNaN(PairedReport.quantile(new double[0], 0.5)));
        assertEquals(4, xs[0]); // the input is not sorted in place
    }

    @Test
    void ratiosArePerPairAndTheMedianIsOfTheRatios() {
        PairedReport.Pair p = pair(0.36, 0.18);
        assertEquals(2.0, p.ratio(), 1e-12);
        assertEquals(0.36 / 0.19, p.ratioToMean(), 1e-12);
        assertEquals(1.5, p.deviceToFfm(), 1e-12);
        assertEquals(0.24 / 0.18, p.ffmToPerftest(), 1e-12);
        // the median of the ratios (1.5, 2, 2, 6, 1.25, 1.6, 0.6) is 1.6; the ratio of the medians would be 0.4/0.2
        PairedReport.Summary all = PairedReport.summarize(PAIRS);
        assertEquals(7, all.n());
        assertEquals(1.6, all.ratioMedian(), 1e-12);
        assertEquals(1.375, all.ratioQ1(), 1e-12);
        assertEquals(2.0, all.ratioQ3(), 1e-12);
        assertEquals(0.40, all.deviceMicros(), 1e-12);
        assertEquals(0.20, all.perftestMedianMicros(), 1e-12);
        assertEquals(0.25, all.perftestMeanMicros(), 1e-12);
        assertEquals(0.30, all.ffmMicros(), 1e-12);
        // device / FFM per pair: 1.2, 1.6, 1.5, 1.2, 1.25, 1.2, 1.2; FFM / perftest: 1.25, 1.25, 4/3, 5, 1, 4/3, 0.5
        assertEquals(1.2, all.deviceToFfmMedian(), 1e-12);
        assertEquals(1.2, all.deviceToFfmQ1(), 1e-12);
        assertEquals(1.375, all.deviceToFfmQ3(), 1e-12);
        assertEquals(1.25, all.ffmToPerftestMedian(), 1e-12);
        assertEquals(0, PairedReport.summarize(List.of()).n());
        assertTrue(Double.isNaN(PairedReport.summarize(List.of()).ratioMedian()));
    }

    @Test
    void classifiesPairsByPerftestStateAndDetectsMixedPairs() {
        assertTrue(pair(0.3, 0.399).fast());
        assertFalse(pair(0.3, 0.4).fast());
        assertEquals(4, PairedReport.inState(PAIRS, true).size());
        assertEquals(3, PairedReport.inState(PAIRS, false).size());
        // fast pairs' device median is 0.38: 0.90 > 2 x 0.38 is mixed, 0.40 is not
        assertTrue(PairedReport.mixed(PAIRS.get(3), PAIRS));
        assertFalse(PairedReport.mixed(PAIRS.get(1), PAIRS));
        // slow pairs' device median is 0.80: 0.36 < 0.80 / 2 is mixed, 0.96 is not
        assertTrue(PairedReport.mixed(PAIRS.get(6), PAIRS));
        assertFalse(PairedReport.mixed(PAIRS.get(5), PAIRS));
        assertEquals(List.of(PAIRS.get(0), PAIRS.get(1), PAIRS.get(2)), PairedReport.consistent(PAIRS, true));
        assertEquals(List.of(PAIRS.get(4), PAIRS.get(5)), PairedReport.consistent(PAIRS, false));
        assertEquals(2.0, PairedReport.summarize(PairedReport.inState(PAIRS, true)).ratioMedian(), 1e-12);
        assertEquals(1.25, PairedReport.summarize(PairedReport.inState(PAIRS, false)).ratioMedian(), 1e-12);
    }

    @Test
    void reportsGroupsMixedPairsAndEveryPair() {
        PairedReport.Context ctx = new PairedReport.Context("2026-11-23T23:30:00Z", "box", 2, "25.0.3", 30_000, 25_000,
                "1.00/0.80/0.70", "1.10/0.85/0.71");
        String md = PairedReport.markdown(ctx, PAIRS);
        assertTrue(md.startsWith("Paired latency, measured 2026-11-23T23:30:00Z on box (2 CPUs, Java 25.0.3), 7 pairs;"
                + " command: `bench/ucx/run.sh --paired 7 --paired-iters 30000`; load average (1/5/15 min)"
                + " 1.00/0.80/0.70 before, 1.10/0.85/0.71 after."), md);
        assertTrue(md.contains("25000 round trips"), md);
        assertTrue(md.contains("`ucx_perftest -t ucp_am_lat -s 8 -n 30000`"), md);
        assertTrue(md.contains("| all | 7 | 0.400 | 0.300 | 0.200 | 0.250 | **1.60x** (1.38–2.00) | 1.50x (1.23–1.75) |"
                + " 1.20x (1.20–1.38) | 1.25x | <= 1.5x |"), md);
        assertTrue(md.contains("| fast state (perftest < 0.4 us) | 4 | 0.380 | 0.250 | 0.190 | 0.220 | 2.00x (1.88–3.00) |"),
                md);
        assertTrue(md.contains("| slow state | 3 | 0.800 | 0.640 | 0.600 | 0.640 | 1.25x (0.93–1.43) |"), md);
        assertTrue(md.contains("| fast state, mixed pairs left out | 3 | 0.360 | 0.250 | 0.200 | 0.240 | 2.00x (1.75–2.00) |"),
                md);
        assertTrue(md.contains("| slow state, mixed pairs left out | 2 | 0.880 | 0.720 | 0.620 | 0.640 | 1.43x (1.34–1.51) |"),
                md);
        // device first: ratios 1.5, 2, 1.25, 0.6; perftest first: 2, 6, 1.6
        assertTrue(md.contains("| device sample first | 4 | 0.360 | 0.275 | 0.400 | 0.425 | 1.38x (1.09–1.62) |"), md);
        assertTrue(md.contains("| perftest sample first | 3 | 0.900 | 0.750 | 0.200 | 0.200 | 2.00x (1.80–4.00) |"), md);
        assertTrue(md.contains("Mixed pairs: 1 fast (device above 2x"), md);
        assertTrue(md.contains(", 1 slow (device below 1/2"), md);
        assertTrue(md.contains("median 280 ms, max 310 ms"), md);
        assertTrue(md.contains("D 0.300/0.250/0.200/0.250; P 0.400/0.250/0.200/0.200; "), md);
        assertTrue(md.endsWith("D 0.360/0.300/0.600/0.600.\n"), md);
        // an empty state is a row of dashes, not NaN
        String onlyFast = PairedReport.markdown(ctx, PAIRS.subList(0, 3));
        assertTrue(onlyFast.contains("| slow state | 0 | – | – | – | – | – | – | – | – | – |"), onlyFast);
        assertFalse(onlyFast.contains("NaN"), onlyFast);
    }

    @Test
    void progressLineNamesOrderStateAndRatio() {
        assertEquals("pair 2/7 (perftest first, 40 ms): device 0.400 us, Java FFM 0.250 us, perftest median 0.200"
                + " mean 0.200 us, ratio 2.00, device / FFM 1.60 (fast)", PairedReport.progress(1, 7, PAIRS.get(1)));
    }
}
