package hpjava.io;

import hpjava.adlib.Spmd;

import hpjava.lang.ProcessContext;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Progress lines: format, estimate of the time left, the interval, --quiet, rank 0 only. */
class ProgressTest {
    @Test
    void linesWithAnEstimateFromTheResidualsDecay() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ProcessContext.create(0, 1).run(() -> {
            Progress p = new Progress("Demo", 1e-8, 0, 0.0, false, new PrintStream(out, true, StandardCharsets.UTF_8));
            for (int step = 1; step <= 3; step++) p.update(step * 100, Math.pow(10, -step));   // one decade per 100 steps
        });
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(0).matches("Demo: step 100, residual 1\\.000e-01, elapsed \\d+:\\d\\d"), lines.get(0));
        // From step 200 on: 10^-3 -> 10^-8 is 500 more steps at the measured time per step.
        assertTrue(lines.get(2).matches("Demo: step 300, residual 1\\.000e-03, elapsed \\d+:\\d\\d, about \\d+:\\d\\d left"), lines.get(2));
    }

    @Test
    void fixedStepCountsQuietAndOtherRanks() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        ProcessContext.create(0, 1).run(() -> {
            Progress p = new Progress("Fixed", 0, 1000, 0.0, false, ps);
            p.update(250, 0.5);
            new Progress("Quiet", 0, 1000, 0.0, true, ps).update(250, 0.5);
            Progress slow = new Progress("Slow", 0, 1000, 3600, false, ps);   // no line before the first interval
            slow.update(1, 1);
        });
        Spmd.run(2, Duration.ofMinutes(1), (rank, np) -> new Progress("Rank" + rank, 0, 10, 0.0, false, ps).update(5, 1));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("Fixed: step 250, residual 5.000e-01, elapsed 0:00, about 0:00 left"), text);
        assertFalse(text.contains("Quiet") || text.contains("Slow") || text.contains("Rank1"), text);
        assertTrue(text.contains("Rank0: step 5"), text);
        assertEquals("1:01:05", Progress.clock(3665));
        assertEquals("2:05", Progress.clock(125));
    }
}
