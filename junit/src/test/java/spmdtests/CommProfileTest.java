package spmdtests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import hpjava.adlib.Adlib;
import hpjava.adlib.Reduction;
import hpjava.adlib.Reproducible;
import hpjava.junit.HpjavaJob;
import hpjava.lang.BlockRange;
import hpjava.lang.CyclicRange;
import hpjava.lang.DoubleMultiarray;
import hpjava.lang.ExtBlockRange;
import hpjava.lang.Procs;
import hpjava.mpjdev.profile.ProfileReport;

/**
 * The communication profile ({@link HpjavaJob#withCommProfile}) against messages and bytes counted by hand: a
 * message of one double section carries 16 bytes of header, 16 of check words and 16 of section header before its
 * data; a native reduction on mt counts one message of the rank's contribution.
 */
class CommProfileTest {
    private static final int OVERHEAD = 48;

    /** The line of the caller (the line of an Adlib call written on the same line). */
    static int here() {
        return StackWalker.getInstance().walk(s -> s.skip(1).findFirst().orElseThrow()).getLineNumber();
    }

    private static ProfileReport.Entry entry(ProfileReport p, String op, int line) {
        ProfileReport.Entry e = p.find(op, "CommProfileTest.java", line);
        assertNotNull(e, op + " at line " + line + " is not in the profile:\n" + p.table());
        return e;
    }

    @Test
    void writeHaloOfAOneDimensionalBlockArray() {
        HpjavaJob job = HpjavaJob.np(4).withCommProfile();
        int line = job.call(r -> {
            DoubleMultiarray a = new DoubleMultiarray(new ExtBlockRange(40, new Procs(4).dim(0), 1));
            int l = 0;
            for (int k = 0; k < 3; k++) { Adlib.writeHalo(a); l = here(); }
            return l;
        }).get(0);
        ProfileReport.Entry e = entry(job.commProfile(), "writeHalo", line);
        for (int r = 0; r < 4; r++) {
            int neighbours = (r > 0 ? 1 : 0) + (r < 3 ? 1 : 0);
            assertEquals(3, e.of(ProfileReport.CALLS, r), "calls of rank " + r);
            assertEquals(3 * neighbours, e.of(ProfileReport.MESSAGES, r), "messages of rank " + r);
            assertEquals(3 * neighbours * (OVERHEAD + 8), e.of(ProfileReport.BYTES, r), "bytes of rank " + r);
        }
    }

    @Test
    void writeHaloOfATwoDimensionalBlockArraySendsFourMessagesPerInteriorRank() {
        HpjavaJob job = HpjavaJob.np(9).withCommProfile();
        int line = job.call(r -> {
            Procs p = new Procs(3, 3);
            DoubleMultiarray a = new DoubleMultiarray(new ExtBlockRange(18, p.dim(0), 1), new ExtBlockRange(18, p.dim(1), 1));
            Adlib.writeHalo(a); return here();
        }).get(0);
        ProfileReport.Entry e = entry(job.commProfile(), "writeHalo", line);
        for (int r = 0; r < 9; r++) {
            int i = r / 3, j = r % 3;
            int neighbours = (i > 0 ? 1 : 0) + (i < 2 ? 1 : 0) + (j > 0 ? 1 : 0) + (j < 2 ? 1 : 0);
            assertEquals(neighbours, e.of(ProfileReport.MESSAGES, r), "messages of rank " + r + " at (" + i + ", " + j + ")");
        }
        assertEquals(4, e.max(ProfileReport.MESSAGES));
    }

    @Test
    void remapFromBlockToCyclic() {
        HpjavaJob job = HpjavaJob.np(4).withCommProfile();
        int line = job.call(r -> {
            Procs p = new Procs(4);
            DoubleMultiarray b = new DoubleMultiarray(new BlockRange(40, p.dim(0))), c = new DoubleMultiarray(new CyclicRange(40, p.dim(0)));
            Adlib.remap(c, b); return here();
        }).get(0);
        ProfileReport.Entry e = entry(job.commProfile(), "remap", line);
        for (int r = 0; r < 4; r++) {
            int elsewhere = 0;          // elements of r's block [10r, 10r + 10) that another rank holds cyclically
            for (int g = 10 * r; g < 10 * r + 10; g++) if (g % 4 != r) elsewhere++;
            assertEquals(3, e.of(ProfileReport.MESSAGES, r), "rank " + r + " sends to the 3 others");
            assertEquals(3 * OVERHEAD + 8 * elsewhere, e.of(ProfileReport.BYTES, r), "bytes of rank " + r);
        }
    }

    @Test
    void reductionsOnMtSendTheirContributionOnce() {
        HpjavaJob job = HpjavaJob.np(4).withCommProfile();
        List<Integer> lines = job.call(r -> {
            DoubleMultiarray a = new DoubleMultiarray(new BlockRange(40, new Procs(4).dim(0)));
            Adlib.sum(a); int sum = here();
            Reduction exact = Reproducible.plan(true, () -> Reduction.of(Reduction.Op.SUM, a, null));
            exact.execute(); int reproducible = here();
            Adlib.maxval(a); Adlib.maxval(a); int maxval = here();
            return List.of(sum, reproducible, maxval);
        }).get(0);
        ProfileReport p = job.commProfile();
        ProfileReport.Entry sum = entry(p, "sum", lines.get(0)), exact = entry(p, "sum", lines.get(1)), max = entry(p, "maxval", lines.get(2));
        for (int r = 0; r < 4; r++) {
            assertEquals(1, sum.of(ProfileReport.MESSAGES, r));
            assertEquals(8, sum.of(ProfileReport.BYTES, r));
            assertEquals(1, exact.of(ProfileReport.MESSAGES, r));
            assertEquals(75 * 8, exact.of(ProfileReport.BYTES, r), "the exact accumulator: 70 digits and 5 counters");
            assertEquals(2, max.of(ProfileReport.CALLS, r));
            assertEquals(2, max.of(ProfileReport.MESSAGES, r));
        }
    }

    @Test
    void aJobRunWithoutTheProfileHasNone() {
        HpjavaJob job = HpjavaJob.np(1);
        job.run(r -> { });
        assertThrows(IllegalStateException.class, job::commProfile);
    }
}
