package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/**
 * The checked allreduce's block as the allgather leaves it: every rank's words side by side, read by every rank. What
 * the design promises to detect always is tested exactly; the verdict is the same whichever rank's block is "mine".
 */
class CheckBlockTest {
    private static final long SIG = 0x1234_5678_9ABC_0608L;

    /** p blocks with rank r's words ({@code sigs[r]}, {@code seqs[r]}, {@code wide[r]}); data bytes left zero. */
    private static MemorySegment blocks(long[] sigs, long[] seqs, boolean[] wide) {
        MemorySegment s = Arena.ofAuto().allocate((long) CheckBlock.BYTES * sigs.length);
        for (int r = 0; r < sigs.length; r++) CheckBlock.write(s, (long) r * CheckBlock.BYTES, sigs[r], seqs[r], wide[r]);
        return s;
    }

    /** The verdict, asserted equal on every rank. */
    private static boolean verdict(long[] sigs, long[] seqs, boolean[] wide) {
        MemorySegment s = blocks(sigs, seqs, wide);
        boolean v = CheckBlock.agree(s, sigs.length, 0);
        for (int r = 1; r < sigs.length; r++)
            assertEquals(v, CheckBlock.agree(s, sigs.length, (long) r * CheckBlock.BYTES), "rank " + r + "'s verdict");
        return v;
    }

    @Test
    void equalWordsAgreeNarrowAndWide() {
        for (boolean w : new boolean[] {false, true})
            for (long seq : new long[] {0, 1, 32767, 32768, 1L << 40, -1})
                assertTrue(verdict(new long[] {SIG, SIG, SIG}, new long[] {seq, seq, seq}, new boolean[] {w, w, w}));
    }

    @Test
    void narrowAgainstWideAlwaysDiffers() {
        for (long seq = 0; seq < 1000; seq++)
            assertFalse(verdict(new long[] {SIG, SIG}, new long[] {seq, seq}, new boolean[] {false, true}));
    }

    @Test
    void sequenceNumbersLessThan2To15ApartAlwaysDiffer() {
        for (boolean w : new boolean[] {false, true})
            for (long d = 1; d < 1 << 15; d += 97)
                assertFalse(verdict(new long[] {SIG, SIG, SIG}, new long[] {7, 7, 7 + d}, new boolean[] {w, w, w}), "difference " + d);
    }

    @Test
    void narrowBlocksSeeSequenceNumbers2To15ApartInTheExtension() {
        assertFalse(verdict(new long[] {SIG, SIG}, new long[] {5, 5 + (1 << 15)}, new boolean[] {false, false}));
    }

    @Test
    void signaturesDifferingInOneBitDiffer() {
        for (int bit = 0; bit < 64; bit++) {
            long other = SIG ^ 1L << bit;
            assertFalse(verdict(new long[] {SIG, other}, new long[] {3, 3}, new boolean[] {false, false}), "narrow, bit " + bit);
        }
    }

    /** The wide word has 15 bits: over many signature pairs about 2^-15 of them collide; none in this sample of 2000. */
    @Test
    void wideSignaturesRarelyCollide() {
        int same = 0;
        for (long k = 1; k <= 2000; k++)
            if (verdict(new long[] {SIG, SIG + k * 0x10000}, new long[] {9, 9}, new boolean[] {true, true})) same++;
        assertEquals(0, same, "pairs of different signatures whose wide words collided");
    }

    @Test
    void dataBytesDoNotTakePartInTheVerdict() {
        MemorySegment s = blocks(new long[] {SIG, SIG}, new long[] {2, 2}, new boolean[] {true, true});
        s.set(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, CheckBlock.DATA, 42L);
        s.set(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, CheckBlock.BYTES + CheckBlock.DATA, -7L);
        assertTrue(CheckBlock.agree(s, 2, 0));
        assertTrue(CheckBlock.agree(s, 2, CheckBlock.BYTES));
    }
}
