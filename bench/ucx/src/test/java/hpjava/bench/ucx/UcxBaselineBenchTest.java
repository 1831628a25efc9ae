package hpjava.bench.ucx;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Parsing and reporting of the baseline comparison (the measurement itself is run by hand: bench/ucx/run.sh). */
class UcxBaselineBenchTest {

    @Test
    void parsesTheFinalLineOfUcxPerftest() {
        String out = """
                |    Stage     | # iterations | 50.0%ile | average | overall |  average |  overall |  average  |  overall  |
                [thread 0]               715      0.369  1402.262  1402.262      713.13     713.13         713         713
                Final:                  2000      0.327  1458.283  1389.249      685.74     719.81         686         720
                """;
        UcxBaselineBench.PerftestResult r = UcxBaselineBench.parseFinal(out);
        assertEquals(0.327, r.latencyMicros(), 1e-9);
        assertEquals(1389.249, r.meanLatencyMicros(), 1e-9);
        assertEquals(719.81, r.mebibytesPerSecond(), 1e-9);
        assertEquals(719.81 * 1.048576, r.bandwidth(), 1e-9);
        assertNull(UcxBaselineBench.parseFinal("Waiting for connection...\n"));
    }

    @Test
    void reportsMediansAndRatios() {
        List<UcxBaselineBench.Run> runs = List.of(
                new UcxBaselineBench.Run(0.10, 0.20, 0.30, 0.14, 1000, 500, 950, 990),
                new UcxBaselineBench.Run(0.20, 0.40, 0.60, 0.40, 2000, 900, 1000, 1800),
                new UcxBaselineBench.Run(0.12, 0.30, 0.45, 0.15, 1500, 700, 1400, 1200));
        String md = UcxBaselineBench.markdown(new UcxBaselineBench.Options(3, 10, 10, 0, 30_000), runs);
        assertTrue(md.contains("| 8 B latency, half round trip (us) | 0.120 median iteration, 0.300 mean | 0.150 |"
                + " 1.25x of median, 0.50x of mean | 0.450 | 3.75x of median, 1.50x of mean | <= 1.5x |"), md);
        assertTrue(md.contains("| 1 MiB bandwidth (10^6 B/s), one send and one receive buffer (perftest's working set)"
                + " | 1500 | 1200 | **80%** | – | – | >= 90% |"), md);
        assertTrue(md.contains("| 1 MiB bandwidth (10^6 B/s), 64 distinct buffers per side, 64 in flight | 1500 (one"
                + " buffer) | 1000 | 67% (working sets differ) | 700 | 47% | – |"), md);
    }

    @Test
    void rejectsBadOptions() {
        assertThrows(IllegalArgumentException.class, () -> UcxBaselineBench.parse(new String[] {"--runs", "0"}));
        assertThrows(IllegalArgumentException.class, () -> UcxBaselineBench.parse(new String[] {"--what", "3"}));
        assertThrows(IllegalArgumentException.class, () -> UcxBaselineBench.parse(new String[] {"--runs"}));
        assertEquals(new UcxBaselineBench.Options(3, 200_000, 4_000, 0, 30_000),
                UcxBaselineBench.parse(new String[] {"--runs", "3"}));
    }

    @Test
    void parsesThePairedMode() {
        assertEquals(new UcxBaselineBench.Options(7, 200_000, 4_000, 30, 30_000),
                UcxBaselineBench.parse(new String[] {"--paired", "30"}));
        assertEquals(new UcxBaselineBench.Options(7, 200_000, 4_000, 5, 20_000),
                UcxBaselineBench.parse(new String[] {"--paired-iters", "20000", "--paired", "5"}));
        assertEquals(0, UcxBaselineBench.parse(new String[0]).pairs());
        IllegalArgumentException mixed = assertThrows(IllegalArgumentException.class,
                () -> UcxBaselineBench.parse(new String[] {"--paired", "30", "--runs", "3"}));
        assertTrue(mixed.getMessage().contains("--runs"), mixed.getMessage());
        assertThrows(IllegalArgumentException.class, () -> UcxBaselineBench.parse(new String[] {"--paired", "0"}));
        assertThrows(IllegalArgumentException.class, () -> UcxBaselineBench.parse(new String[] {"--paired", "x"}));
        assertThrows(IllegalArgumentException.class, () -> UcxBaselineBench.parse(new String[] {"--paired"}));
        IllegalArgumentException alone = assertThrows(IllegalArgumentException.class,
                () -> UcxBaselineBench.parse(new String[] {"--paired-iters", "20000"}));
        assertTrue(alone.getMessage().contains("--paired K"), alone.getMessage());
    }
}
