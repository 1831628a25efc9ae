package hpjava.mpjdev.ucx;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.SectionType;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The tiny wire form without UCX: which messages take it, and that the receiver rebuilds the sender's message. */
class TinyMessageTest {
    private static final long CTX = 0x1234_5678_9ABC_DEF0L;

    /** Encodes {@code out}, decodes into a fresh buffer, and returns that buffer ready to read. */
    private static Buffer roundTrip(Buffer out, Arena arena, int expectedType, int expectedDataBytes) {
        MemorySegment staging = arena.allocate(TinyMessage.STAGING_BYTES, 8);
        int n = TinyMessage.encode(out.segment(), out.length(), staging, CTX, 65535, 7, 123456, 21);
        assertEquals(Envelope.COMPACT_BYTES + expectedDataBytes, n, "encoded length");
        long m = staging.address();
        assertEquals(CTX, Envelope.context(m));
        assertEquals(65535, Envelope.source(m), "the source field holds 16 bits, unsigned");
        assertEquals(7, Envelope.tag(m));
        assertEquals(123456, Envelope.seq(m));
        assertEquals(expectedType, Envelope.type(m));
        assertEquals(expectedDataBytes, Envelope.tinyDataLength(m), "the flags carry the data length");
        assertEquals(21 & Envelope.CREDIT_MASK, Envelope.credit(m), "and the credit, mod 16");
        Buffer in = Buffer.allocate(0);
        long imageLength = TinyMessage.imageLength(expectedType, expectedDataBytes);
        assertEquals(out.length(), imageLength, "the rebuilt image has the sender's length");
        in.prepareReceive(imageLength);
        int elements = TinyMessage.decode(expectedType, m + Envelope.COMPACT_BYTES, expectedDataBytes,
                in.segment());
        in.completeReceive(3, 7); // the full validation accepts the rebuilt image
        assertEquals(elements, in.status().elementCount());
        assertEquals(out.sectionCount(), in.status().sectionCount());
        return in;
    }

    @Test
    void everyPrimitiveSectionOfUpToEightBytesTravelsTinyAndReadsBack() {
        try (Arena arena = Arena.ofConfined()) {
            for (SectionType t : SectionType.values()) {
                if (t == SectionType.OBJECT) continue;
                for (int count = 0; count * t.elementBytes() <= TinyMessage.MAX_DATA; count++) {
                    Object values = Array.newInstance(t.arrayClass().getComponentType(), count);
                    for (int i = 0; i < count; i++) Array.set(values, i, element(t, i));
                    Buffer out = Buffer.allocate(0).write(values);
                    Buffer in = roundTrip(out, arena, t.code(), count * t.elementBytes());
                    assertEquals(t, in.nextType());
                    assertEquals(count, in.nextCount());
                    Object got = Array.newInstance(t.arrayClass().getComponentType(), count);
                    assertEquals(count, in.read(got, 0));
                    for (int i = 0; i < count; i++) assertEquals(Array.get(values, i), Array.get(got, i), t + "[" + i + "]");
                }
            }
        }
    }

    @Test
    void aMessageWithoutSectionsTravelsTiny() {
        try (Arena arena = Arena.ofConfined()) {
            Buffer in = roundTrip(Buffer.allocate(0), arena, 0, 0);
            assertEquals(Buffer.HEADER_BYTES, in.status().byteCount());
            assertEquals(false, in.hasNextSection());
        }
    }

    @Test
    void longerMessagesAndOtherShapesKeepTheGeneralForm() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment staging = arena.allocate(TinyMessage.STAGING_BYTES, 8);
            Buffer[] notTiny = {
                    Buffer.allocate(0).write(new byte[9]),
                    Buffer.allocate(0).write(new int[3]),
                    Buffer.allocate(0).write(new byte[1]).write(new byte[1]),
                    Buffer.allocate(0).writeObjects(new Object[0], 0, 0),
            };
            for (Buffer b : notTiny) {
                byte[] before = staging.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                assertEquals(-1, TinyMessage.encode(b.segment(), b.length(), staging, CTX, 1, 2, 3, 0), b.toString());
                assertArrayEquals(before, staging.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                        "nothing written when refused");
            }
        }
    }

    @Test
    void malformedTinyMessagesAreRejected() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(8, 8);
            MemorySegment image = arena.allocate(64, 8);
            long d = data.address();
            assertThrows(DeviceException.class, () -> TinyMessage.decode(0, d, 4, image), "data without a section");
            assertThrows(DeviceException.class, () -> TinyMessage.decode(99, d, 4, image), "unknown type code");
            assertThrows(DeviceException.class, () -> TinyMessage.decode(SectionType.OBJECT.code(), d, 4, image));
            assertThrows(DeviceException.class, () -> TinyMessage.decode(SectionType.INT.code(), d, 3, image),
                    "not whole ints");
        }
    }

    private static Object element(SectionType t, int i) {
        return switch (t) {
            case BYTE -> (byte) (i * 37 - 100);
            case SHORT -> (short) (i * 1000 - 30000);
            case CHAR -> (char) ('A' + i);
            case INT -> 0x7F00_0000 + i;
            case LONG -> Long.MIN_VALUE + i;
            case FLOAT -> -1.5f * (i + 1);
            case DOUBLE -> Math.PI * (i + 1);
            case BOOLEAN -> i % 2 == 0;
            case OBJECT -> throw new IllegalArgumentException();
        };
    }
}
