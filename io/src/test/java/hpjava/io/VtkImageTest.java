package hpjava.io;

import hpjava.adlib.Spmd;

import hpjava.lang.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/** .vti files: the XML names the extent and type; the appended data hold the values with x (dimension 0) fastest. */
class VtkImageTest {
    @TempDir Path dir;

    @Test
    void threeDimensionalDoubleAndTwoDimensionalFloat() throws Exception {
        Path f3 = dir.resolve("f3.vti"), f2 = dir.resolve("f2.vti");
        Spmd.run(4, Duration.ofMinutes(2), (rank, n) -> {
            Procs2 p = new Procs2();
            DoubleMultiarray a = new DoubleMultiarray(p, new ExtBlockRange(5, p.dim(0), 1), new CyclicRange(4, p.dim(1)), new CollapsedRange(3));
            for (int i = 0; i < 5; i++) for (int j = 0; j < 4; j++) for (int k = 0; k < 3; k++) if (a.holds(i, j, k)) a.set(100.0 * i + 10 * j + k, i, j, k);
            ArrayIO.writeVti(f3.toString(), "u", a, new double[] {1, 2, 3}, new double[] {0.5, 0.5, 0.5});
            FloatMultiarray b = new FloatMultiarray(p, new BlockRange(7, p.dim(0)), new BlockRange(2, p.dim(1)));
            for (int i = 0; i < 7; i++) for (int j = 0; j < 2; j++) if (b.holds(i, j)) b.set(i + 0.5f * j, i, j);
            ArrayIO.writeVti(f2.toString(), "v", b);
        });
        ByteBuffer d3 = appended(f3, "WholeExtent=\"0 4 0 3 0 2\" Origin=\"1.0 2.0 3.0\" Spacing=\"0.5 0.5 0.5\"", "type=\"Float64\" Name=\"u\"");
        assertEquals(60 * 8, d3.getLong());
        for (int k = 0; k < 3; k++) for (int j = 0; j < 4; j++) for (int i = 0; i < 5; i++) assertEquals(100.0 * i + 10 * j + k, d3.getDouble());
        ByteBuffer d2 = appended(f2, "WholeExtent=\"0 6 0 1 0 0\"", "type=\"Float32\" Name=\"v\"");
        assertEquals(14 * 4, d2.getLong());
        for (int j = 0; j < 2; j++) for (int i = 0; i < 7; i++) assertEquals(i + 0.5f * j, d2.getFloat());
        String text = new String(Files.readAllBytes(f2), StandardCharsets.ISO_8859_1);
        assertTrue(text.endsWith("\n  </AppendedData>\n</VTKFile>\n"), "closing tags after the data");
    }

    /** The bytes after {@code _} of the appended data, checking that the XML holds each of {@code expect}. */
    static ByteBuffer appended(Path f, String... expect) throws Exception {
        byte[] bytes = Files.readAllBytes(f);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        for (String e : expect) assertTrue(text.contains(e), "missing " + e + " in\n" + text.substring(0, text.indexOf('_')));
        assertTrue(text.startsWith("<?xml version=\"1.0\"?>\n<VTKFile type=\"ImageData\""));
        int at = text.indexOf("encoding=\"raw\">\n   _") + "encoding=\"raw\">\n   _".length();
        return ByteBuffer.wrap(bytes, at, bytes.length - at).order(ByteOrder.LITTLE_ENDIAN);
    }
}
