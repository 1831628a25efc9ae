package hpjava.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The viridis colour map (perceptually uniform, readable in grey and by colour-blind readers): 256 RGB colours. */
final class Viridis {
    private static final int[] RGB = load();

    private Viridis() {}

    /** The colour of {@code t} in 0..1 (clamped) as 0xRRGGBB. */
    static int rgb(double t) {
        if (!(t > 0)) return RGB[0];
        if (t >= 1) return RGB[RGB.length - 1];
        return RGB[(int) (t * RGB.length)];
    }

    private static int[] load() {
        int[] c = new int[256];
        int n = 0;
        try (InputStream in = Viridis.class.getResourceAsStream("viridis.txt");
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
            for (String line; (line = r.readLine()) != null; )
                if (!line.isBlank() && !line.startsWith("#")) c[n++] = Integer.parseInt(line.strip(), 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (n != c.length) throw new IllegalStateException("viridis.txt holds " + n + " colours, not 256");
        return c;
    }
}
