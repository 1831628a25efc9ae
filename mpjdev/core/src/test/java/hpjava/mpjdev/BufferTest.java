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
            b.segment().set(Buffer.INT, 0, 0);
            assertThrows(DeviceException.class, () -> b.completeReceive(0, 0));
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
