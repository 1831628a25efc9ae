package hpjava.mpjdev;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The wire format of a message (package overview: a header, optional check words, then sections each 8-byte
 * aligned): its constants, defined here once ({@link Buffer} publishes the ones backends and layers above need), and
 * the validation of bytes a backend received, before any section is read. The error paths are out of line so that
 * {@link #validate} stays small enough to inline.
 */
final class WireFormat {
    /** Bytes of the message header. */
    static final int HEADER_BYTES = 16;
    /** Bytes of each section header. */
    static final int SECTION_HEADER_BYTES = 16;
    /** Magic number at offset 0 ("MPJB" little-endian). */
    static final int MAGIC = 0x424A504D;
    /** Bytes of the optional check words right after the message header. */
    static final int CHECK_WORDS_BYTES = 16;
    /** Flag in the header word at offset 4: the message carries check words. */
    static final int CHECK_WORDS_FLAG = 1 << 30;
    /** The section count's bits in the header word at offset 4; the bits above are flags. */
    static final int SECTION_COUNT_MASK = CHECK_WORDS_FLAG - 1;

    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT.withOrder(ByteOrder.LITTLE_ENDIAN);

    private WireFormat() {
    }

    /**
     * Checks the message in {@code seg} and returns its total element count. The header's word at offset 4 holds
     * the section count and may carry {@link #CHECK_WORDS_FLAG} (the sections then start after the 16 bytes of
     * check words); any other flag bit is malformed.
     *
     * @throws DeviceException naming the first inconsistency (magic number, header, or a section's header)
     */
    static long validate(MemorySegment seg) {
        int magic = seg.get(INT, 0);
        int word = seg.get(INT, 4);
        int n = word & SECTION_COUNT_MASK;
        long p = (word & CHECK_WORDS_FLAG) != 0 ? HEADER_BYTES + CHECK_WORDS_BYTES : HEADER_BYTES;
        long len = seg.get(LONG, 8);
        if (magic != MAGIC || (word & ~(SECTION_COUNT_MASK | CHECK_WORDS_FLAG)) != 0 || len < p || len > seg.byteSize())
            throw badHeader(magic, word, len, seg.byteSize());
        long elements = 0;
        for (int i = 0; i < n; i++) {
            if (p + SECTION_HEADER_BYTES > len) throw malformed("section " + i + " starts beyond the end of the message");
            int code = seg.get(INT, p);
            int count = seg.get(INT, p + 4);
            long bytes = seg.get(LONG, p + 8);
            SectionType t = SectionType.ofCode(code);
            if (t == null || count < 0 || bytes < 0 || (t != SectionType.OBJECT && bytes != (long) count * t.elementBytes())
                    || p + SECTION_HEADER_BYTES + bytes > len)
                throw badSection(i, code, count, bytes);
            elements += count;
            p = align8(p + SECTION_HEADER_BYTES + bytes);
        }
        return elements;
    }

    /** {@code x} rounded up to a multiple of 8: where the next section starts. */
    static long align8(long x) {
        return (x + 7) & ~7L;
    }

    static DeviceException malformed(String what) {
        return new DeviceException("malformed message: " + what);
    }

    private static DeviceException badHeader(int magic, int word, long len, long capacity) {
        if (magic != MAGIC) return malformed("bad magic number " + Integer.toHexString(magic));
        if ((word & ~(SECTION_COUNT_MASK | CHECK_WORDS_FLAG)) != 0)
            return malformed("header has unknown flags " + Integer.toHexString(word & ~(SECTION_COUNT_MASK | CHECK_WORDS_FLAG)));
        String words = (word & CHECK_WORDS_FLAG) != 0 ? " and check words" : "";
        return malformed("header claims " + (word & SECTION_COUNT_MASK) + " sections" + words + " in " + len + " bytes (capacity " + capacity + ")");
    }

    private static DeviceException badSection(int i, int code, int count, long bytes) {
        return malformed("section " + i + " header is inconsistent (type code " + code + ", count " + count + ", bytes "
                + bytes + ")");
    }
}
