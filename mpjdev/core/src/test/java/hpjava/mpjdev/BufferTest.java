package hpjava.mpjdev;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class BufferTest {

    record Point(int x, double y) implements java.io.Serializable {}

    @Test
    void everyPrimitiveTypeRoundTrips() {
        Object[] arrays = {new byte[] {1, -2, 3}, new short[] {4, -5}, new char[] {'a', 'z'}, new int[] {7, -8, 9},
                new long[] {Long.MIN_VALUE, 11}, new float[] {1.5f, Float.NaN}, new double[] {-0.0, Math.PI},
                new boolean[] {true, false, true}};
        try (Buffer b = Buffer.allocate(64)) {
            for (Object a : arrays) b.write(a);
            assertEquals(arrays.length, b.sectionCount());
            b.rewind();
            for (Object a : arrays) {
                assertEquals(SectionType.ofArray(a), b.nextType());
                Object copy = java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), java.lang.reflect.Array.getLength(a));
                assertEquals(java.lang.reflect.Array.getLength(a), b.read(copy, 0));
                assertTrue(java.util.Objects.deepEquals(a, copy), () -> "mismatch for " + a.getClass());
            }
            assertFalse(b.hasNextSection());
        }
    }

    @Test
    void stridedGatherAndScatterOfAColumnAndASubBlock() {
        int rows = 5, cols = 7;
        double[] m = new double[rows * cols];
        for (int i = 0; i < m.length; i++) m[i] = i;
        try (Buffer b = Buffer.allocate(16)) {
            b.writeStrided(m, 2, new int[] {rows}, new int[] {cols});                 // column 2
            b.writeStrided(m, 1 * cols + 3, new int[] {2, 3}, new int[] {cols, 1});   // rows 1-2, cols 3-5
            b.rewind();
            double[] col = new double[rows];
            b.read(col, 0);
            for (int r = 0; r < rows; r++) assertEquals(r * cols + 2, col[r]);
            double[] dst = new double[rows * cols];
            b.readStrided(dst, 0, new int[] {2, 3}, new int[] {1, 2}); // scatter transposed-ish into a strided target
            assertEquals(10.0, dst[0]);
            assertEquals(11.0, dst[2]);
            assertEquals(12.0, dst[4]);
            assertEquals(17.0, dst[1]);
            assertEquals(19.0, dst[5]);
        }
    }

    @Test
    void stridedColumnsOfEveryTypeRoundTripAndStayLittleEndianOnTheWire() {
        for (Object m : new Object[] {new byte[20], new short[20], new char[20], new int[20], new long[20], new float[20],
                new double[20], new boolean[20]}) {
            for (int i = 0; i < 20; i++) java.lang.reflect.Array.set(m, i, value(m, i));
            try (Buffer b = Buffer.allocate(16)) {
                b.writeStrided(m, 1, new int[] {2, 4}, new int[] {1, 5}); // columns 1 and 2 of a 4x5 matrix
                b.rewind();
                Object back = java.lang.reflect.Array.newInstance(m.getClass().getComponentType(), 20);
                b.readStrided(back, 1, new int[] {2, 4}, new int[] {1, 5});
                for (int r = 0; r < 4; r++)
                    for (int c = 1; c <= 2; c++)
                        assertEquals(java.lang.reflect.Array.get(m, r * 5 + c), java.lang.reflect.Array.get(back, r * 5 + c), m.getClass().getSimpleName());
                assertEquals(java.lang.reflect.Array.get(m, 0), value(m, 0));
                assertEquals(java.lang.reflect.Array.get(back, 0), java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(m.getClass().getComponentType(), 1), 0));
                if (m instanceof int[] ints) // first packed element is m[1], little-endian at offset 32
                    assertEquals(ints[1] & 0xff, b.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 32) & 0xff);
            }
        }
    }

    private static Object value(Object array, int i) {
        return switch (array) {
            case byte[] a -> (byte) (i * 7 - 50);
            case short[] a -> (short) (i * 1000 - 7);
            case char[] a -> (char) ('A' + i);
            case int[] a -> 0x01020304 * (i + 1);
            case long[] a -> 0x0102030405060708L * (i + 1);
            case float[] a -> i * 1.5f - 3;
            case double[] a -> i * -2.25 + 1e-300;
            case boolean[] a -> i % 3 == 0;
            default -> throw new AssertionError();
        };
    }

    /** Runs of a few longs (copied element by element) and of many (bulk copy) are the same little-endian bytes. */
    @Test
    void shortAndLongRunsOfLongsAreLittleEndian() {
        for (int n : new int[] {1, 2, 4, 5, 9}) {
            long[] v = new long[n + 1];
            for (int i = 0; i < v.length; i++) v[i] = 0x0102030405060708L * (i + 1);
            try (Buffer b = Buffer.allocate(256)) {
                b.clear().write(v, 1, n);
                for (int i = 0; i < n; i++)
                    assertEquals(v[1 + i], b.segment().get(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED.withOrder(
                            java.nio.ByteOrder.LITTLE_ENDIAN), Buffer.HEADER_BYTES + Buffer.SECTION_HEADER_BYTES + 8L * i), "run of " + n);
                long[] back = new long[n + 2];
                assertEquals(n, b.rewind().read(back, 2));
                assertEquals(java.util.Arrays.toString(java.util.Arrays.copyOfRange(v, 1, n + 1)),
                        java.util.Arrays.toString(java.util.Arrays.copyOfRange(back, 2, n + 2)));
            }
        }
    }

    @Test
    void stridedOutOfBoundsIsAClearError() {
        try (Buffer b = Buffer.allocate(16)) {
            var e = assertThrows(IllegalArgumentException.class, () -> b.writeStrided(new int[10], 0, new int[] {4}, new int[] {4}));
            assertTrue(e.getMessage().contains("outside the array of length 10"), e.getMessage());
        }
    }

    @Test
    void wrongTypeReadIsAClearError() {
        try (Buffer b = Buffer.allocate(16)) {
            b.write(new int[] {1, 2}).rewind();
            var e = assertThrows(DeviceException.class, () -> b.read(new double[2], 0));
            assertTrue(e.getMessage().contains("holds INT data but is read as DOUBLE"), e.getMessage());
        }
    }

    @Test
    void objectsOfProgramAndJdkValueTypesRoundTrip() {
        List<Object> l = new ArrayList<>(List.of(1, "two", 3.0, LocalDate.of(2026, 11, 22), Map.of("k", new Point(1, 2.5))));
        try (Buffer b = Buffer.allocate(16)) {
            b.writeObject(l).writeObjects(new Object[] {new Point(3, 4), new int[] {5}}, 0, 2).rewind();
            assertEquals(l, b.readObject());
            Object[] two = new Object[2];
            assertEquals(2, b.readObjects(two, 0));
            assertEquals(new Point(3, 4), two[0]);
            assertArrayEquals(new int[] {5}, (int[]) two[1]);
        }
    }

    @Test
    void everyAdmittedJdkCollectionRoundTrips() {
        var hm = new java.util.HashMap<String, Integer>(Map.of("a", 1, "b", 2));
        Object[] all = {hm, new java.util.LinkedHashMap<>(hm), new java.util.TreeMap<>(hm), new java.util.Hashtable<>(hm),
                new java.util.HashSet<>(hm.keySet()), new java.util.LinkedHashSet<>(hm.keySet()), new java.util.TreeSet<>(hm.keySet()),
                new java.util.ArrayDeque<>(List.of(1, 2)), new java.util.LinkedList<>(List.of(1, 2)), new java.util.Vector<>(List.of(3)),
                java.util.EnumSet.of(java.time.DayOfWeek.MONDAY), new java.util.EnumMap<>(Map.of(java.time.DayOfWeek.FRIDAY, "f")),
                java.util.Collections.unmodifiableList(new ArrayList<>(List.of(1))), java.util.Collections.emptyList(),
                java.util.Collections.singletonMap("k", 1), java.util.Arrays.asList(1, 2), List.of(), Map.of(), java.util.Set.of(1),
                new java.util.AbstractMap.SimpleEntry<>("s", 1), java.util.UUID.randomUUID(),
                new java.math.BigInteger("123456789012345678901234567890"), new java.math.BigDecimal("1.5"),
                java.time.Instant.ofEpochSecond(7), java.time.Duration.ofMillis(5), java.time.ZonedDateTime.of(2026, 1, 2, 3, 4, 5, 0, java.time.ZoneId.of("Europe/Paris")),
                new String[][] {{"a"}}, new Integer[] {1}, 'c', (byte) 1, (short) 2, 3.5f, true};
        try (Buffer b = Buffer.allocate(16)) {
            b.writeObjects(all, 0, all.length).rewind();
            Object[] back = new Object[all.length];
            b.readObjects(back, 0);
            for (int i = 0; i < all.length; i++)
                assertEquals(java.util.Arrays.deepToString(new Object[] {all[i]}), java.util.Arrays.deepToString(new Object[] {back[i]}),
                        all[i].getClass().getName()); // (ArrayDeque has no equals)
        }
    }

    @Test
    void objectsOfOtherJdkClassesAreRejectedByName() {
        try (Buffer b = Buffer.allocate(16)) {
            b.writeObject(new java.util.concurrent.atomic.AtomicInteger(3)).rewind();
            var e = assertThrows(ObjectRejectedException.class, b::readObject);
            assertEquals("java.util.concurrent.atomic.AtomicInteger", e.className());
            assertTrue(e.getMessage().contains("java.util.concurrent.atomic.AtomicInteger"));
        }
    }

    @Test
    void largeObjectSectionGrowsTheBuffer() {
        int[] big = new int[300_000];
        big[299_999] = 42;
        try (Buffer b = Buffer.allocate(16)) {
            b.write(new int[] {7}).writeObject(big).write(new long[] {9}).rewind();
            int[] one = new int[1];
            b.read(one, 0);
            assertEquals(7, one[0]);
            assertEquals(42, ((int[]) b.readObject())[299_999]);
            long[] l = new long[1];
            b.read(l, 0);
            assertEquals(9, l[0]);
        }
    }

    @Test
    void receivedMessageIsValidated() {
        try (Buffer a = Buffer.allocate(16); Buffer b = Buffer.allocate(16)) {
            a.write(new double[] {1, 2, 3}).writeObject("x");
            b.prepareReceive(a.length());
            java.lang.foreign.MemorySegment.copy(a.segment(), 0, b.segment(), 0, a.length());
            b.completeReceive(4, 9);
            assertEquals(4, b.status().source());
            assertEquals(9, b.status().tag());
            assertEquals(4, b.status().elementCount());
            assertEquals(a.length(), b.status().byteCount());
            b.segment().set(WireFormat.INT, 0, 0);
            assertThrows(DeviceException.class, () -> b.completeReceive(0, 0));
        }
    }

    /** Copies {@code a}'s message into {@code b} as a backend would, and completes the receive. */
    private static void deliver(Buffer a, Buffer b) {
        b.prepareReceive(a.length());
        java.lang.foreign.MemorySegment.copy(a.segment(), 0, b.segment(), 0, a.length());
        b.completeReceive(1, 2);
    }

    @Test
    void checkWordsTravelInTheHeaderAndAreComparedInPlace() {
        try (Buffer a = Buffer.allocate(0); Buffer b = Buffer.allocate(0)) {
            float[] data = {1, 2, 3};
            a.clearWithCheckWords(0x1234_5678_9abc_def0L, 42).write(data);
            assertEquals(Buffer.HEADER_BYTES + Buffer.CHECK_WORDS_BYTES + Buffer.SECTION_HEADER_BYTES + 16, a.length());
            assertEquals(1, a.sectionCount());
            assertEquals(1 | WireFormat.CHECK_WORDS_FLAG, a.segment().get(WireFormat.INT, 4), "flag beside the section count");
            assertEquals(42L, a.segment().get(WireFormat.LONG, Buffer.HEADER_BYTES + 8), "second word right after the header");
            deliver(a, b);
            assertTrue(b.hasCheckWords());
            assertTrue(b.checkWordsEqual(0x1234_5678_9abc_def0L, 42));
            assertFalse(b.checkWordsEqual(0x1234_5678_9abc_def0L, 43));
            assertFalse(b.checkWordsEqual(0x1234_5678_9abc_def1L, 42));
            assertEquals(42L, b.checkWord(1));
            assertEquals(1, b.status().sectionCount());
            assertEquals(3, b.status().elementCount());
            float[] got = new float[3];
            assertEquals(3, b.read(got, 0), "the sections start after the words");
            assertArrayEquals(data, got);
            assertEquals(3, a.rewind().read(new float[3], 0), "and so does reading back locally");
            a.completeSend(0, 0);
            assertEquals(3, a.status().elementCount());
        }
    }

    @Test
    void aPlainMessageHasNoCheckWords() {
        try (Buffer a = Buffer.allocate(0); Buffer b = Buffer.allocate(0)) {
            a.clearWithCheckWords(1, 2);
            a.clear().write(new int[] {7});          // clear drops them
            deliver(a, b);
            assertFalse(b.hasCheckWords());
            assertFalse(b.checkWordsEqual(0, 0), "no words: never equal, whatever the bytes after the header hold");
            assertThrows(DeviceException.class, () -> b.checkWord(0));
            assertEquals(1, b.read(new int[1], 0));
        }
    }

    @Test
    void startAndCheckWordsMatchServeBothKindsByAFlag() {
        try (Buffer a = Buffer.allocate(0); Buffer b = Buffer.allocate(0)) {
            a.start(true, 5, 6).write(new int[] {1});
            deliver(a, b);
            assertTrue(b.checkWordsMatch(true, 5, 6));
            assertFalse(b.checkWordsMatch(true, 5, 7));
            assertFalse(b.checkWordsMatch(false, 5, 6), "words present where none are expected");
            a.start(false, 5, 6).write(new int[] {1});
            assertEquals(Buffer.HEADER_BYTES + Buffer.SECTION_HEADER_BYTES + 8, a.length(), "no words: the words are ignored");
            deliver(a, b);
            assertTrue(b.checkWordsMatch(false, 0, 0));
            assertFalse(b.checkWordsMatch(true, 5, 6), "words expected, none present");
        }
    }

    @Test
    void headerFlagsAreValidated() {
        try (Buffer a = Buffer.allocate(0); Buffer b = Buffer.allocate(0)) {
            a.clearWithCheckWords(1, 2);
            deliver(a, b);
            assertEquals(0, b.status().sectionCount());
            assertEquals(Buffer.HEADER_BYTES + Buffer.CHECK_WORDS_BYTES, b.status().byteCount());
            a.segment().set(WireFormat.LONG, 8, (long) Buffer.HEADER_BYTES);   // flagged, but too short for the words
            DeviceException e = assertThrows(DeviceException.class, () -> deliver(a, b));
            assertTrue(e.getMessage().contains("check words"), e.getMessage());
            a.clear();
            a.segment().set(WireFormat.INT, 4, Integer.MIN_VALUE);                // an unknown flag bit
            e = assertThrows(DeviceException.class, () -> deliver(a, b));
            assertTrue(e.getMessage().contains("unknown flags"), e.getMessage());
        }
    }

    @Test
    void byteBufferViewIsCachedAndFollowsGrowth() {
        try (Buffer b = Buffer.allocate(64)) {
            b.write(new int[] {0x11223344});
            java.nio.ByteBuffer v = b.byteBuffer();
            assertSame(v, b.byteBuffer());
            assertTrue(v.isDirect());
            assertEquals(0x11223344, v.getInt(32));
            b.write(new long[100_000]);
            java.nio.ByteBuffer w = b.byteBuffer();
            assertNotSame(v, w);
            assertEquals(b.capacity(), w.capacity());
            assertEquals(0x11223344, w.getInt(32));
        }
    }

    @Test
    void pooledBuffersAreReused() {
        BufferPool pool = new BufferPool(4);
        Buffer b = pool.acquire(100);
        b.write(new int[] {1});
        b.release();
        Buffer c = pool.acquire(200);
        assertSame(b, c);
        assertEquals(0, c.sectionCount());
        c.release();
        assertThrows(IllegalStateException.class, c::release);
    }
}
