package hpjava.mpjdev;

import static hpjava.mpjdev.WireFormat.CHECK_WORDS_BYTES;
import static hpjava.mpjdev.WireFormat.CHECK_WORDS_FLAG;
import static hpjava.mpjdev.WireFormat.HEADER_BYTES;
import static hpjava.mpjdev.WireFormat.INT;
import static hpjava.mpjdev.WireFormat.LONG;
import static hpjava.mpjdev.WireFormat.MAGIC;
import static hpjava.mpjdev.WireFormat.SECTION_COUNT_MASK;
import static hpjava.mpjdev.WireFormat.SECTION_HEADER_BYTES;

/**
 * The device role of {@link Buffer}: lending it to a pending operation, making room for and validating an incoming
 * message, and the status of a completed send or receive. For backends; {@link Buffer}'s public methods delegate here.
 */
final class BufferLending {
    private BufferLending() {
    }

    static void lendToDevice(Buffer b) {
        if (b.lent) throw new IllegalArgumentException("buffer is already in use by a pending device operation");
        if (b.inPool || b.arena == null) throw new IllegalArgumentException("buffer has been released");
        b.lent = true;
    }

    static void prepareReceive(Buffer b, long length) {
        if (length < HEADER_BYTES) throw WireFormat.malformed("incoming message of " + length + " bytes is shorter than a header");
        b.writePos = 0; // the old content is being overwritten
        b.ensureCapacity(length);
    }

    static void completeReceive(Buffer b, int source, int tag) {
        long elements = WireFormat.validate(b.segment);
        int word = b.segment.get(INT, 4); // validated: the count, and no flag but CHECK_WORDS_FLAG
        received(b, source, tag, b.segment.get(LONG, 8), word & SECTION_COUNT_MASK, (word & CHECK_WORDS_FLAG) != 0, elements);
    }

    static void completeReceiveWellFormed(Buffer b, int source, int tag, long length, int sectionCount, long elementCount) {
        received(b, source, tag, length, sectionCount, false, elementCount);
    }

    static void completeSend(Buffer b, int self, int tag) {
        long elements = 0;
        for (long p = b.firstSection(); p < b.writePos; p = WireFormat.align8(p + SECTION_HEADER_BYTES + b.segment.get(LONG, p + 8)))
            elements += b.segment.get(INT, p + 4);
        b.status.set(self, tag, b.writePos, elements, b.sections);
    }

    static void received(Buffer b, int source, int tag, long len, int n, boolean withCheckWords, long elements) {
        b.writePos = len;
        b.sections = n;
        b.checkWords = withCheckWords;
        b.readPos = b.firstSection();
        b.readSection = 0;
        b.status.set(source, tag, len, elements, n);
    }
}
