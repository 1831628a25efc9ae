package hpjava.mpjdev.mpi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The block each rank contributes to a checked allreduce's one {@code MPI_Iallgather}
 * ({@link MpiCollectives#allreduceChecked}): {@value #BYTES} bytes, the same on every rank whatever it passed, so
 * that ranks that disagree even in element type or count still meet in one well-formed MPI call.
 *
 * <pre>
 * bytes 0-1   the check word: bit 15 = wide (the data takes more than {@value #NARROW_DATA} bytes),
 *             bits 0-14 = (h15(sig) + seq) mod 2^15
 * bytes 2-9   narrow: the data (up to 4 bytes) at 2, then at 6 the 32-bit extension (h32(sig) + (seq >>> 15))
 *             wide:   the data (up to 8 bytes) at 2; data of more than 8 bytes moves after the verdict
 * </pre>
 *
 * {@code h15} and {@code h32} are disjoint bit fields of one 64-bit mix of the signature. Why 10 bytes: on Open MPI
 * 4.1.4 (vader, np 2) an allgather of up to 10 bytes a rank costs what one of 4 bytes costs, and one of 11 to 24
 * bytes 2.5-9 % more (docs/benchmarks/HISTORY.md "Checking cost: the
 * tiny reduction on mpi"); the former 24-byte block (both 64-bit words whole) was that much slower.
 *
 * <p><b>Verdict.</b> Every rank compares every block's check word with its own, and, when all are equal (so all
 * ranks are narrow or all wide, and read the blocks alike), the narrow ranks compare the extensions too: all ranks
 * see the same blocks, so they reach the same verdict. <b>Detection</b> (adlib/README.md "Collective checking"):
 * a narrow/wide difference (e.g. float against double) always; the same signature with sequence numbers less than
 * 2^15 apart always (a rank that skipped or repeated calls); any other difference unless the words collide: for
 * a given pair of different signatures, with probability about 2^-47 when the data is narrow (every reduction of
 * boolean, byte, short, char, int or float arrays) and 2^-15 when wide (long, double).
 */
final class CheckBlock {
    private CheckBlock() {}

    /** Bytes per rank. */
    static final int BYTES = 10;
    /** Where the data starts in a block. */
    static final int DATA = 2;
    /** Data of at most this many bytes leaves room for the 32-bit extension (narrow). */
    static final int NARROW_DATA = 4;
    /** Data of at most this many bytes rides in the block (wide: no extension). */
    static final int INLINE_DATA = 8;

    private static final int EXTENSION = DATA + NARROW_DATA;
    private static final int WIDE_BIT = 0x8000;
    private static final ValueLayout.OfShort WORD = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt EXT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** A 64-bit mix of {@code sig} in which every bit of it moves about half of the bits (the SplitMix64 finalizer). */
    static long mix(long sig) {
        long z = sig;
        z = (z ^ z >>> 30) * 0xBF58476D1CE4E5B9L;
        z = (z ^ z >>> 27) * 0x94D049BB133111EBL;
        return z ^ z >>> 31;
    }

    /** Whether data of {@code bytes} bytes is wide (no room for the extension). */
    static boolean wide(long bytes) {
        return bytes > NARROW_DATA;
    }

    /** Writes the words of ({@code sig}, {@code seq}) into the block at {@code at} (the data is the caller's). */
    static void write(MemorySegment s, long at, long sig, long seq, boolean wide) {
        long h = mix(sig);
        s.set(WORD, at, word(h, seq, wide));
        if (!wide) s.set(EXT, at + EXTENSION, (int) (h >>> 16) + (int) (seq >>> 15));
    }

    private static short word(long h, long seq, boolean wide) {
        return (short) ((int) (h >>> 48) + (int) seq & 0x7FFF | (wide ? WIDE_BIT : 0));
    }

    /** Whether the {@code p} blocks from offset 0 all carry the words of the block at {@code mine}. */
    static boolean agree(MemorySegment s, int p, long mine) {
        short word = s.get(WORD, mine);
        int differ = 0;
        long end = (long) p * BYTES;
        for (long at = 0; at < end; at += BYTES) differ |= s.get(WORD, at) ^ word;
        if (differ != 0) return false;
        if ((word & WIDE_BIT) != 0) return true;
        int ext = s.get(EXT, mine + EXTENSION);
        for (long at = EXTENSION; at < end; at += BYTES) differ |= s.get(EXT, at) ^ ext;
        return differ == 0;
    }
}
