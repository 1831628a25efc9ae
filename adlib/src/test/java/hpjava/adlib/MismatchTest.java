package hpjava.adlib;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.AssertionFailedError;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Collective checking on mt: every ordered pair of different calls from {@link MismatchCases} (rank np-1 calls the
 * first, the others the second) at np 2, 3, 4 must fail the job, never complete with a wrong answer. Where both
 * calls agree before moving data, or exchange a message, the report is the collective-mismatch report; otherwise
 * (one rank in writeHalo, another in a reduction) the device's deadlock report, or its report of a rank waiting for
 * a peer that finished without sending.
 */
class MismatchTest {

    /** A third of the pairs at each np, so that np 2, 3 and 4 together cover every pair once (about a minute). */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void everyMismatchedPairFailsTheJobOnce(int np) {
        matrix(np, 3);
    }

    /** The pairs (x, y) with (x + y + np) % share == 0 (share 1: every pair; kept out of CI, whose budget is minutes). */
    private static void matrix(int np, int share) {
        List<MismatchCases.Case> cases = MismatchCases.all();
        List<String> silent = new ArrayList<>();
        int reported = 0, deadlocks = 0, finished = 0;
        for (int xi = 0; xi < cases.size(); xi++)
            for (int yi = 0; yi < cases.size(); yi++) {
                if (xi == yi || (xi + yi + np) % share != 0) continue;
                MismatchCases.Case x = cases.get(xi), y = cases.get(yi);
                String out = outcome(np, x, y);
                if (out == null) silent.add(x + " on rank " + (np - 1) + " / " + y + " on the others");
                else if (out.contains("collective mismatch")) reported++;
                else if (out.contains("deadlock")) deadlocks++;
                else if (out.contains("has finished without")) finished++;
                else fail("np " + np + ", " + x + " / " + y + ": no mismatch, deadlock or peer-finished report:\n" + out);
            }
        System.out.println("mismatch matrix mt np=" + np + ": " + reported + " mismatch reports, " + deadlocks + " deadlock reports, "
                + finished + " peer-finished reports, " + silent.size() + " silent");
        assertEquals(List.of(), silent, "pairs that completed without an error");
    }

    /** The failure report of the job, or null if it completed. */
    private static String outcome(int np, MismatchCases.Case x, MismatchCases.Case y) {
        try {
            Spmd.run(np, Duration.ofSeconds(30), (me, n) -> {
                MismatchCases.Fix f = new MismatchCases.Fix(n);
                (me == n - 1 ? x : y).call().run(f);
            });
            return null;
        } catch (AssertionFailedError e) {
            return e.getMessage();
        }
    }

    @Test
    void theReportNamesEveryRanksCallAndLine() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Spmd.run(4, Duration.ofSeconds(30), (me, n) -> {
            MismatchCases.Fix f = new MismatchCases.Fix(n);
            if (me == 1) Adlib.broadcast(42.0, 0);
            else Adlib.maxval(f.a);
        }));
        String m = e.getMessage();
        assertTrue(m.contains("collective mismatch"), m);
        assertTrue(m.contains("rank 1: broadcast(double value, root 0)"), m);
        assertTrue(m.contains("rank 0: maxval(double [12])"), m);
        assertTrue(m.contains("MismatchTest.lambda"), "names the calling line: " + m);
    }

    @Test
    void aRankThatSkipsACollectiveIsCaught() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Spmd.run(4, Duration.ofSeconds(30), (me, n) -> {
            MismatchCases.Fix f = new MismatchCases.Fix(n);
            if (me != 2) Adlib.sum(f.a);          // rank 2 skips this one
            Adlib.maxval(f.a);
        }));
        assertTrue(e.getMessage().contains("collective mismatch"), e.getMessage());
        assertTrue(e.getMessage().contains("rank 2: maxval(double [12]) (Adlib collective #1"), e.getMessage());
        assertTrue(e.getMessage().contains("rank 0: sum(double [12]) (Adlib collective #1"), e.getMessage());
    }
}
