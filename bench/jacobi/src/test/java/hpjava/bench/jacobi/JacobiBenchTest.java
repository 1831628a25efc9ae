package hpjava.bench.jacobi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.Launcher;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The benchmark's two sides compute the same grid (at a tiny size), and the comparison catches a difference. */
class JacobiBenchTest {

    /** hpjavac's JacobiNode and HandJacobi, run by the benchmark's own check on one mt rank: exit 0 = equal checksums. */
    @Test
    void hpjavacOutputAndHandWrittenAgree() {
        for (String[] args : new String[][] {{"--check", "16", "5"}, {"--check", "3", "1"}, {"--check", "37", "9"}}) {
            int rc = assertTimeoutPreemptively(Duration.ofSeconds(60),
                    () -> Launcher.launch("mt", LaunchSpec.of(1, JacobiBench.class.getName(), args)),
                    () -> "JacobiBench " + String.join(" ", args) + " timed out on one mt rank; threads:\n" + rankStacks());
            assertEquals(0, rc, "JacobiBench " + String.join(" ", args) + " failed (see the rank's error above)");
        }
    }

    /** A one-ulp change in one element makes the checksums differ and the comparison throw. */
    @Test
    void checksumComparisonFailsOnAnyDifference() {
        HandJacobi x = new HandJacobi(16), y = new HandJacobi(16);
        Checksum.requireSame("identical", Checksum.of(x.a, 16), Checksum.of(y.a, 16));
        y.a[7][9] = Math.nextUp(y.a[7][9]);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Checksum.requireSame("changed", Checksum.of(x.a, 16), Checksum.of(y.a, 16)));
        assertTrue(e.getMessage().contains("checksum mismatch (changed)"), e.getMessage());
        // Swapping two different elements keeps the sum but not the order-dependent hash.
        HandJacobi z = new HandJacobi(16);
        double t = z.a[3][4];
        z.a[3][4] = z.a[4][3];
        z.a[4][3] = t;
        assertEquals(Checksum.of(x.a, 16).sum(), Checksum.of(z.a, 16).sum());
        assertThrows(IllegalStateException.class, () -> Checksum.requireSame("transposed", Checksum.of(x.a, 16), Checksum.of(z.a, 16)));
    }

    private static String rankStacks() {
        StringBuilder b = new StringBuilder();
        Thread.getAllStackTraces().forEach((t, st) -> {
            if (!t.getName().startsWith("rank-")) return;
            b.append("  ").append(t.getName()).append(' ').append(t.getState()).append('\n');
            for (int i = 0; i < Math.min(st.length, 12); i++) b.append("      at ").append(st[i]).append('\n');
        });
        return b.toString();
    }
}
