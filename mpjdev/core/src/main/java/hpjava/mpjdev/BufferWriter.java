package hpjava.mpjdev;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;

import static hpjava.mpjdev.WireFormat.CHECK_WORDS_BYTES;
import static hpjava.mpjdev.WireFormat.CHECK_WORDS_FLAG;
import static hpjava.mpjdev.WireFormat.HEADER_BYTES;
import static hpjava.mpjdev.WireFormat.INT;
import static hpjava.mpjdev.WireFormat.LONG;
import static hpjava.mpjdev.WireFormat.MAGIC;
import static hpjava.mpjdev.WireFormat.SECTION_COUNT_MASK;
import static hpjava.mpjdev.WireFormat.SECTION_HEADER_BYTES;

/**
 * The writing role of {@link Buffer}: starting a message and appending sections in the wire format of the package
 * overview ({@link WireFormat}). Static methods on the buffer's state, so that the JIT inlines them into
 * {@link Buffer}'s public methods, which delegate here; the contract is on those.
 */
final class BufferWriter {
    private BufferWriter() {
    }

    static void start(Buffer b, boolean withCheckWords, long first, long second) {
        b.checkOwned();
        b.checkWords = withCheckWords;
        long data = withCheckWords ? HEADER_BYTES + CHECK_WORDS_BYTES : HEADER_BYTES;
        if (withCheckWords) {
            b.segment.set(LONG, HEADER_BYTES, first);
            b.segment.set(LONG, HEADER_BYTES + 8, second);
        }
        b.writePos = data;
        b.sections = 0;
        b.readPos = data;
        b.readSection = 0;
        writeHeader(b);
    }

    static void write(Buffer b, Object array, int offset, int count) {
        SectionType t = SectionType.ofArray(array);
        int n = Array.getLength(array);
        if (offset < 0 || count < 0 || offset > n - count)
            throw new IllegalArgumentException("range [" + offset + ", " + offset + "+" + count + ") is outside the array of length " + n);
        long data = beginSection(b, t, count, (long) count * t.elementBytes());
        b.copier.copyRun(b.segment, t, array, offset, data, count, true);
        endSection(b, data + (long) count * t.elementBytes());
    }

    static void writeStrided(Buffer b, Object array, int base, int[] counts, int[] strides) {
        SectionType t = SectionType.ofArray(array);
        long count = SectionCopier.checkStrided(array, base, counts, strides);
        long data = beginSection(b, t, (int) count, count * t.elementBytes());
        long end = b.copier.gatherScatter(b.segment, t, array, base, counts, strides, 0, data, true);
        endSection(b, end);
    }

    static void writeObjects(Buffer b, Object[] objects, int offset, int count) {
        if (offset < 0 || count < 0 || offset > objects.length - count)
            throw new IllegalArgumentException("range [" + offset + ", " + offset + "+" + count + ") is outside the array of length " + objects.length);
        long data = beginSection(b, SectionType.OBJECT, count, 0);
        SegmentStreams s = b.streams();
        s.startWrite(data);
        try (ObjectOutputStream out = new ObjectOutputStream(s.out)) {
            for (int i = 0; i < count; i++) out.writeObject(objects[offset + i]);
        } catch (IOException e) {
            b.writePos -= SECTION_HEADER_BYTES; // drop the half-written section
            writeHeader(b);
            throw new DeviceException("cannot serialize object section: " + e, e);
        }
        long end = s.writePos;
        b.segment.set(LONG, data - 8, end - data);
        endSection(b, end);
    }

    static long beginSection(Buffer b, SectionType t, int count, long dataBytes) {
        b.checkOwned();
        if (b.sections == SECTION_COUNT_MASK) throw new IllegalStateException("a message holds at most " + SECTION_COUNT_MASK + " sections");
        long h = b.writePos;
        b.ensureCapacity(h + SECTION_HEADER_BYTES + WireFormat.align8(dataBytes));
        b.segment.set(INT, h, t.code());
        b.segment.set(INT, h + 4, count);
        b.segment.set(LONG, h + 8, dataBytes);
        return h + SECTION_HEADER_BYTES;
    }

    static void endSection(Buffer b, long dataEnd) {
        long end = WireFormat.align8(dataEnd);
        for (long p = dataEnd; p < end; p++) b.segment.set(ValueLayout.JAVA_BYTE, p, (byte) 0);
        b.writePos = end;
        b.sections++;
        writeHeader(b);
    }

    static void writeHeader(Buffer b) {
        b.segment.set(INT, 0, MAGIC);
        b.segment.set(INT, 4, b.checkWords ? b.sections | CHECK_WORDS_FLAG : b.sections);
        b.segment.set(LONG, 8, b.writePos);
    }
}
