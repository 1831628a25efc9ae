package hpjava.mpjdev;

import java.lang.foreign.MemorySegment;

import static hpjava.mpjdev.Buffer.CHECK_WORDS_BYTES;
import static hpjava.mpjdev.Buffer.CHECK_WORDS_FLAG;
import static hpjava.mpjdev.Buffer.HEADER_BYTES;
import static hpjava.mpjdev.Buffer.INT;
import static hpjava.mpjdev.Buffer.LONG;
import static hpjava.mpjdev.Buffer.MAGIC;
import static hpjava.mpjdev.Buffer.SECTION_COUNT_MASK;
import static hpjava.mpjdev.Buffer.SECTION_HEADER_BYTES;

/**
 * The validation concern of {@link Buffer}: whether bytes a backend received are a well-formed message in the wire
 * format of the package overview (header, then sections each 8-byte aligned), before any section is read. The
 * error paths are out of line so that {@link #validate} stays small enough to inline.
 */
final class WireFormat {
    private WireFormat() {
    }

    /**
     * Checks the message in {@code seg} and returns its total element count. The header's word at offset 4 holds
     * the section count and may carry {@link Buffer#CHECK_WORDS_FLAG} (the sections then start after the 16 bytes of
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
