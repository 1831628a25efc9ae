package demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import hpjava.junit.HpjavaJob;
import hpjava.junit.HpjavaRank;
import hpjava.junit.HpjavaTest;

/** Tests of the HPJava code, each run as an SPMD job (mt: the ranks are threads of this JVM). */
class HeatTest {

    @HpjavaTest(np = {1, 2, 4})
    void totalIsTheSequentialTotalAtEveryProcessCount(HpjavaRank rank) {
        assertEquals(Weights.expectedTotal(100), Heat.total(100), 1e-9);
    }

    @HpjavaTest(np = {1, 3})
    void everyCellIsHeldByOneProcess(HpjavaRank rank) {
        int block = (10 + rank.np() - 1) / rank.np(); // BlockRange: blocks of ceil(n / np), the last one shorter
        assertEquals(Math.max(0, Math.min(block, 10 - rank.rank() * block)), RodChecks.cellsHeldHere(10));
    }

    @Test
    void theCellsAddUpOverTheRanks() {
        List<Integer> held = HpjavaJob.np(3).call(r -> RodChecks.cellsHeldHere(10));
        assertEquals(List.of(4, 4, 2), held);
    }

    @Test
    void ranksReturnTheirReports() {
        List<String> reports = HpjavaJob.np(3).call(r -> Report.describe(64));
        String expected = Report.line(64, Weights.expectedTotal(64));
        assertEquals(List.of(expected, expected, expected), reports);
    }

    @Test
    void errorsPointIntoTheHpjSource() {
        List<String> where = HpjavaJob.np(2).call(r -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Heat.total(2));
            StackTraceElement top = e.getStackTrace()[0];
            return top.getFileName() + ":" + top.getLineNumber();
        });
        assertEquals(List.of("Heat.hpj:10", "Heat.hpj:10"), where);
    }

    @Test
    void aFailingRankIsReportedWithItsHpjStackTrace() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> HpjavaJob.np(2).run(r -> Heat.total(2)));
        String m = e.getMessage();
        assertTrue(m.contains("rank 0 of 2 failed: java.lang.IllegalArgumentException: a rod needs at least 3 cells, not 2"), m);
        assertTrue(m.contains("demo.Heat.total(Heat.hpj:10)"), m);
    }
}
