package hpjava.mpjdev.ucx;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.SectionType;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import static hpjava.mpjdev.ucx.ffm.NativeMemory.ALL;

/**
 * The compact wire form of a tiny message: a {@link Buffer} holding no section, or one section of a primitive type
 * with at most {@link #MAX_DATA} bytes (a scalar, a pair of ints, a barrier token). It travels as one active message
 * without a header: the first {@link Envelope#COMPACT_BYTES} of the {@link Envelope} (its {@code type} field naming
 * the section's {@link SectionType#code()}, or 0 for a message without a section), then the section's data, 20 to 28
 * bytes in all. The receiver rebuilds the buffer image (header, section header, data padded to 8 bytes) from it.
 *
 * <p>Why: on one host UCX's shared-memory transport puts an active message's data 36 bytes into a 128-byte FIFO slot
 * (its 28-byte slot header, then UCP's 8-byte header), so 28 bytes of data share the slot's first cache line with the
 * flags the receiver polls. A longer message makes the receiver fetch a second cache line from the sender's core on
 * every hop: measured in one process pair, alternating samples, a Java ping-pong that reads 32 bytes of each message
 * costs 1.22x one that reads 24 (the 8-byte message of the general form, 24 bytes of envelope and a 40-byte image,
 * reads 64).
 */
final class TinyMessage {
    private TinyMessage() {}

    /** Longest section data carried. */
    static final int MAX_DATA = 8;
    static final int MAX_BYTES = Envelope.COMPACT_BYTES + MAX_DATA;
    /**
     * Staging memory a send needs: a tiny message, or a whole envelope ({@link Envelope#write} writes all
     * {@link Envelope#BYTES}, also in front of a tiny message's data).
     */
    static final int STAGING_BYTES = Math.max(Envelope.BYTES, MAX_BYTES);

    /** The {@code Buffer} wire format's own byte order. */
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private static final int OFFSET_SECTION_HEADER = Buffer.HEADER_BYTES;
    private static final int OFFSET_DATA = Buffer.HEADER_BYTES + Buffer.SECTION_HEADER_BYTES;

    /**
     * Writes the message held in {@code image} (a {@code Buffer}'s wire bytes, {@code length} of them) into
     * {@code out} in the tiny form, if it has that shape; returns the bytes to send, or -1 (nothing written).
     * {@code credit} goes into the envelope's flags (see {@link Envelope#write}).
     */
    static int encode(MemorySegment image, long length, MemorySegment out, long context, int source, int tag,
                      int seq, int credit) {
        // Plain accesses through the whole-memory segment (the shared arena's liveness check on every access of the
        // buffer's own segment was measurable here). Bounds: out holds STAGING_BYTES (checked); a Buffer's segment
        // holds at least a header and a section header, and data is read only when length says it is there.
        if (out.byteSize() < STAGING_BYTES) throw new IllegalArgumentException("staging memory below " + STAGING_BYTES);
        long in = image.address();
        int sections = ALL.get(INT, in + 4);
        int type;
        int dataBytes;
        if (sections == 0 && length == Buffer.HEADER_BYTES) {
            type = 0;
            dataBytes = 0;
        } else if (sections == 1 && length <= OFFSET_DATA + MAX_DATA) {
            type = ALL.get(INT, in + OFFSET_SECTION_HEADER);
            long bytes = ALL.get(LONG, in + OFFSET_SECTION_HEADER + 8);
            if (type == SectionType.OBJECT.code() || bytes > MAX_DATA || length != imageLength(type, bytes)) {
                return -1;
            }
            dataBytes = (int) bytes;
        } else {
            return -1;
        }
        long at = out.address();
        Envelope.write(at, context, source, tag, seq, type, dataBytes, credit);
        long to = at + Envelope.COMPACT_BYTES;
        if (dataBytes == MAX_DATA) ALL.set(LONG, to, ALL.get(LONG, in + OFFSET_DATA));
        else if (dataBytes > 0) MemorySegment.copy(ALL, in + OFFSET_DATA, ALL, to, dataBytes);
        return Envelope.COMPACT_BYTES + dataBytes;
    }

    /** Length of the buffer image of a tiny message: section type {@code type}, {@code dataBytes} of data. */
    static long imageLength(int type, long dataBytes) {
        return type == 0 ? Buffer.HEADER_BYTES : OFFSET_DATA + ((dataBytes + 7) & ~7L);
    }

    /**
     * Rebuilds the buffer image of a tiny message of section type {@code type} whose {@code dataBytes} bytes of
     * section data are at native address {@code data}, into {@code image} (at least {@link #imageLength} bytes;
     * the caller has checked that {@code dataBytes <= MAX_DATA}). Returns the number of elements.
     *
     * @throws DeviceException if {@code type} names no primitive section type or the data is not whole elements
     */
    static int decode(int type, long data, long dataBytes, MemorySegment image) {
        if (type == 0) {
            if (dataBytes != 0) throw malformed("a message without sections carries " + dataBytes + " bytes");
            writeHeader(image.address(), 0, Buffer.HEADER_BYTES);
            return 0;
        }
        SectionType t = SectionType.ofCode(type);
        if (t == null || t == SectionType.OBJECT) throw malformed("section type code " + type);
        int shift = Integer.numberOfTrailingZeros(t.elementBytes()); // element sizes are powers of two: no division
        if ((dataBytes & ((1 << shift) - 1)) != 0) {
            throw malformed(dataBytes + " bytes of " + t + " data (not whole elements)");
        }
        int count = (int) (dataBytes >>> shift);
        long at = image.address(); // the caller made room (imageLength); plain stores, as in encode
        writeHeader(at, 1, imageLength(type, dataBytes));
        ALL.set(INT, at + OFFSET_SECTION_HEADER, type);
        ALL.set(INT, at + OFFSET_SECTION_HEADER + 4, count);
        ALL.set(LONG, at + OFFSET_SECTION_HEADER + 8, dataBytes);
        if (dataBytes == MAX_DATA) {
            ALL.set(LONG, at + OFFSET_DATA, ALL.get(LONG, data));
        } else if (dataBytes > 0) {
            ALL.set(LONG, at + OFFSET_DATA, 0L); // the padding after short data
            MemorySegment.copy(ALL, data, ALL, at + OFFSET_DATA, dataBytes);
        }
        return count;
    }

    private static void writeHeader(long at, int sections, long length) {
        ALL.set(INT, at, Buffer.MAGIC);
        ALL.set(INT, at + 4, sections);
        ALL.set(LONG, at + 8, length);
    }

    private static DeviceException malformed(String what) {
        return new DeviceException("malformed tiny message: " + what);
    }
}
