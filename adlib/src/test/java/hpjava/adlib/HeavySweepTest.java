package hpjava.adlib;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Random;

/**
 * The random sweeps of the other tests with five times as many configurations each (other seeds), and rank-4
 * arrays for writeHalo. Tagged "heavy": excluded from quick local runs when asked, always run by CI.
 */
@Tag("heavy")
class HeavySweepTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9})
    void sweep(int np) {
        Spmd.run(np, Duration.ofMinutes(5), (me, n) -> {
            for (int cfg = 0; cfg < 150; cfg++) {
                long s = 1_000_000L + 1000L * np + cfg;
                WriteHaloTest.runOne(new Random(s), np, cfg, 4);
                TransferTest.remapOne(new Random(s + 1), np, cfg);
                TransferTest.shiftOne(new Random(s + 2), np, cfg);
                ReductionTest.reduceOne(new Random(s + 3), np, cfg);
                ReductionTest.dimOne(new Random(s + 4), np, cfg);
                if (cfg % 3 == 0) GatherTest.one(new Random(s + 5), np, cfg);
            }
        });
    }
}
