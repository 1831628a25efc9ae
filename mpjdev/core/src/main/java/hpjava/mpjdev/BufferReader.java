package hpjava.mpjdev;

import java.io.IOException;
import java.io.InvalidClassException;
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
 * The reading role of {@link Buffer}: sections read back in the order written, into contiguous runs, strided
 * sections or objects (through the mpjdev object filter), and the check words compared in place. Static methods on
 * the buffer's state, inlined into {@link Buffer}'s public methods, which delegate here; the contract is on those.
 */
final class BufferReader {
    private BufferReader() {
    }

    static void rewind(Buffer b) {
        b.checkOwned();
        b.readPos = b.firstSection();
        b.readSection = 0;
    }

    static SectionType nextType(Buffer b) {
        requireSection(b);
        SectionType t = SectionType.ofCode(b.segment.get(INT, b.readPos));
        if (t == null) throw WireFormat.malformed("section " + b.readSection + " has unknown type code " + b.segment.get(INT, b.readPos));
        return t;
    }

    static int read(Buffer b, Object array, int offset) {
        SectionType t = SectionType.ofArray(array);
        int count = expect(b, t);
        int n = Array.getLength(array);
        if (offset < 0 || offset > n - count)
            throw new DeviceException("section " + b.readSection + " holds " + count + " elements; they do not fit at offset "
                    + offset + " of an array of length " + n);
        long data = b.readPos + SECTION_HEADER_BYTES;
        b.copier.copyRun(b.segment, t, array, offset, data, count, false);
        advance(b);
        return count;
    }

    static int readStrided(Buffer b, Object array, int base, int[] counts, int[] strides) {
        SectionType t = SectionType.ofArray(array);
        int count = expect(b, t);
        long want = SectionCopier.checkStrided(array, base, counts, strides);
        if (want != count)
            throw new DeviceException("section " + b.readSection + " holds " + count + " elements but the strided section has " + want);
        b.copier.gatherScatter(b.segment, t, array, base, counts, strides, 0, b.readPos + SECTION_HEADER_BYTES, false);
        advance(b);
        return count;
    }

    static int readObjects(Buffer b, Object[] dst, int offset) {
        int count = expect(b, SectionType.OBJECT);
        if (offset < 0 || offset > dst.length - count)
            throw new DeviceException("object section " + b.readSection + " holds " + count + " objects; they do not fit at offset "
                    + offset + " of an array of length " + dst.length);
        long data = b.readPos + SECTION_HEADER_BYTES;
        long bytes = b.segment.get(LONG, b.readPos + 8);
        SegmentStreams s = b.streams();
        ObjectAdmission admission = new ObjectAdmission();
        try (FilteredObjectInputStream in = new FilteredObjectInputStream(s.startRead(data, data + bytes), admission)) {
            for (int i = 0; i < count; i++) dst[offset + i] = in.readObject();
        } catch (InvalidClassException e) {
            if (admission.rejected() != null) throw admission.rejection();
            throw new DeviceException("cannot deserialize object section " + b.readSection + ": " + e, e);
        } catch (IOException | ClassNotFoundException e) {
            throw new DeviceException("cannot deserialize object section " + b.readSection + ": " + e, e);
        }
        advance(b);
        return count;
    }

    static Object readObject(Buffer b) {
        int count = expect(b, SectionType.OBJECT);
        if (count != 1) throw new DeviceException("object section " + b.readSection + " holds " + count + " objects, not 1; use readObjects");
        Object[] one = new Object[1];
        b.readObjects(one, 0);
        return one[0];
    }

    static boolean checkWordsMatch(Buffer b, boolean withCheckWords, long first, long second) {
        if (b.checkWords != withCheckWords) return false;
        return !withCheckWords || b.segment.get(LONG, HEADER_BYTES) == first && b.segment.get(LONG, HEADER_BYTES + 8) == second;
    }

    static long checkWord(Buffer b, int i) {
        if (!b.checkWords) throw new DeviceException("the message carries no check words");
        return b.segment.get(LONG, HEADER_BYTES + 8L * java.util.Objects.checkIndex(i, 2));
    }

    static void requireSection(Buffer b) {
        if (b.readSection >= b.sections)
            throw new DeviceException("no section left to read (the message has " + b.sections + ")");
    }

    static int expect(Buffer b, SectionType t) {
        SectionType actual = nextType(b);
        if (actual != t)
            throw new DeviceException("section " + b.readSection + " holds " + actual + " data but is read as " + t);
        return b.nextCount();
    }

    static void advance(Buffer b) {
        b.readPos = WireFormat.align8(b.readPos + SECTION_HEADER_BYTES + b.segment.get(LONG, b.readPos + 8));
        b.readSection++;
    }
}
