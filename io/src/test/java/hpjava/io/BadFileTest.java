package hpjava.io;

import hpjava.adlib.Spmd;

import hpjava.lang.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/** Bad files give the same clear error on every rank, no rank hangs, and the array is left unchanged. */
class BadFileTest {
    @TempDir Path dir;

    @Test
    void everyRankReportsTheSameErrorAndKeepsItsArray() throws Exception {
        Path good = dir.resolve("good.npy");
        Files.write(dir.resolve("text.npy"), "this is not numpy\n".getBytes());
        Spmd.run(3, Duration.ofMinutes(2), (rank, np) -> {
            Procs1 p = new Procs1();
            Multiarray a = Arrays.create("double", p, new BlockRange(10, p.dim(0)), new CollapsedRange(3));
            Arrays.fillValues(a);
            ArrayIO.write(good, a);
            if (rank == 0) {
                byte[] bytes = Files.readAllBytes(good);
                Files.write(dir.resolve("short.npy"), java.util.Arrays.copyOf(bytes, bytes.length - 9));
                Files.write(dir.resolve("long.npy"), java.util.Arrays.copyOf(bytes, bytes.length + 8));
            }
            Multiarray other = Arrays.create("int", p, new CyclicRange(10, p.dim(0)), new CollapsedRange(3));
            ArrayIO.write(dir.resolve("int.npy"), other);
            Multiarray wide = Arrays.create("double", p, new CyclicRange(10, p.dim(0)), new CollapsedRange(4));
            ArrayIO.write(dir.resolve("wide.npy"), wide);

            Multiarray b = Arrays.create("double", p, new CyclicRange(10, p.dim(0)), new CollapsedRange(3));
            expect(b, dir.resolve("text.npy"), "text.npy: not a NumPy .npy file");
            expect(b, dir.resolve("short.npy"), "short.npy: truncated: 240 data bytes expected, 231 present");
            expect(b, dir.resolve("long.npy"), "long.npy: 8 bytes after the 240 data bytes");
            expect(b, dir.resolve("int.npy"), "int.npy: holds elements of NumPy type '<i4'; the array's double elements are NumPy float64 ('<f8')");
            expect(b, dir.resolve("wide.npy"), "wide.npy: holds an array of shape (10, 4); the array has shape (10, 3)");
            expect(b, dir.resolve("missing.npy"), "missing.npy: no such file");
            ArrayIO.read(good, b);
            assertNull(Arrays.check(b, "good file after the bad ones"));
        });
    }

    /** Reads {@code f} into {@code b} expecting an error containing {@code message}, and {@code b} unchanged. */
    static void expect(Multiarray b, Path f, String message) {
        Arrays.fillStorage(b, Arrays.sentinel(b.elementType()));
        ArrayIOException e = assertThrows(ArrayIOException.class, () -> ArrayIO.read(f, b));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertTrue(Arrays.untouched(b, Arrays.sentinel(b.elementType())), "the array changed after " + e.getMessage());
    }

    /** Headers as NumPy writes them: version 1.0, 64-byte aligned, shape tuple syntax. */
    @Test
    void headerFormat() throws Exception {
        byte[] h = NpyHeader.encode(Dtype.DOUBLE, new int[] {3});
        assertEquals(0, h.length % 64);
        String text = new String(h, 10, h.length - 10, "US-ASCII");
        assertEquals("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", text.strip());
        assertEquals('\n', text.charAt(text.length() - 1));
        assertEquals(h.length - 10, ByteBuffer.wrap(h, 8, 2).order(ByteOrder.LITTLE_ENDIAN).getShort());
        assertTrue(new String(NpyHeader.encode(Dtype.BOOLEAN, new int[] {}), "US-ASCII").contains("'descr': '|b1', 'fortran_order': False, 'shape': ()"));
        assertTrue(new String(NpyHeader.encode(Dtype.CHAR, new int[] {2, 5}), "US-ASCII").contains("'<u2'"));
    }
}
