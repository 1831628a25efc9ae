package hpjava.io;

import hpjava.adlib.Spmd;

import hpjava.lang.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/** Heat maps and line plots decoded and looked at: size, colours of known cells, the colour bar. */
class PlotTest {
    @TempDir Path dir;

    /**
     * A 40 x 40 field whose left half is 0 and right half 1, drawn on np 1 and np 4 into 20 x 20 cells: the pictures
     * are identical, the left half is viridis' lowest colour, the right half its highest, the bar runs between them.
     */
    @Test
    void heatMapColoursAndBar() throws Exception {
        for (int np : new int[] {1, 4})
            Spmd.run(np, Duration.ofMinutes(2), (rank, n) -> {
                Procs2 p = new Procs2();
                DoubleMultiarray a = new DoubleMultiarray(p, new ExtBlockRange(40, p.dim(0), 1), new CyclicRange(40, p.dim(1)));
                Arrays.fillStorage(a, -99.0);   // ghosts must not show
                for (int i = 0; i < 40; i++) for (int j = 0; j < 40; j++) if (a.holds(i, j)) a.set(i < 20 ? 0.0 : 1.0, i, j);
                Plot.heatMap(a).title("halves").labels("i", "j").valueLabel("value").cells(20).write(dir.resolve("h" + n + ".png").toString());
            });
        BufferedImage one = ImageIO.read(dir.resolve("h1.png").toFile()), four = ImageIO.read(dir.resolve("h4.png").toFile());
        assertEquals(80 + 600 + 130, one.getWidth());
        assertEquals(44 + 600 + 62, one.getHeight());
        for (int y = 0; y < one.getHeight(); y += 3) for (int x = 0; x < one.getWidth(); x += 3)
            assertEquals(one.getRGB(x, y), four.getRGB(x, y), "np 1 and np 4 pictures differ at " + x + "," + y);
        int low = Viridis.rgb(0), high = Viridis.rgb(1);
        assertEquals(0x440154, low);
        assertEquals(0xfde725, high);
        assertEquals(low, one.getRGB(80 + 150, 44 + 300) & 0xffffff, "left half");
        assertEquals(high, one.getRGB(80 + 450, 44 + 300) & 0xffffff, "right half");
        int bar = 80 + 600 + 24 + 9;
        assertEquals(high, one.getRGB(bar, 44 + 1) & 0xffffff, "top of the colour bar");
        assertEquals(low, one.getRGB(bar, 44 + 599) & 0xffffff, "bottom of the colour bar");
        assertEquals(Viridis.rgb(1 - 300.5 / 600), one.getRGB(bar, 44 + 300) & 0xffffff, "middle of the colour bar");
    }

    /** Downsampling averages blocks: a 6 x 4 field reduced to 3 x 2 cells gives the means of 2 x 2 blocks. */
    @Test
    void downsampleMeans() {
        Spmd.run(3, Duration.ofMinutes(2), (rank, n) -> {
            Procs1 p = new Procs1();
            DoubleMultiarray a = new DoubleMultiarray(p, new BlockCyclicRange(6, p.dim(0), 1), new CollapsedRange(4));
            for (int i = 0; i < 6; i++) for (int j = 0; j < 4; j++) if (a.holds(i, j)) a.set(10.0 * i + j, i, j);
            Downsample d = Downsample.of(a, 3);
            assertEquals(3, d.w0);
            assertEquals(3, d.w1);
            assertArrayEquals(new int[] {0, 2, 4, 6}, d.edges0);
            assertArrayEquals(new int[] {0, 2, 3, 4}, d.edges1);
            assertEquals(5.5, d.mean[0], 1e-12);        // rows 0-1, columns 0-1
            assertEquals(48.0, d.mean[2 * 3 + 2], 1e-12); // rows 4-5, column 3: (43 + 53) / 2
            assertEquals(0.0, d.min);
            assertEquals(53.0, d.max);
        });
    }

    @Test
    void linePlotLogScale() throws Exception {
        Spmd.run(2, Duration.ofMinutes(1), (rank, n) -> {
            double[] x = new double[50], y = new double[50];
            for (int k = 0; k < 50; k++) { x[k] = k * 10; y[k] = Math.pow(10, -k / 7.0); }
            Plot.line(dir.resolve("l.png").toString(), x, y, "convergence", "step", "residual", true);
        });
        BufferedImage img = ImageIO.read(dir.resolve("l.png").toFile());
        assertEquals(760, img.getWidth());
        assertEquals(480, img.getHeight());
        // The series falls in a straight line on the log axis: its first point is at the top left of the plot area.
        assertNotEquals(0xffffff, img.getRGB(81, 44 + 1) & 0xffffff);
        assertEquals(0xffffff, img.getRGB(81 + 320, 44 + 3) & 0xffffff);
    }

    @Test
    void badPlotArgumentsFailOnEveryRank() {
        Spmd.run(2, Duration.ofMinutes(1), (rank, n) -> {
            Procs1 p = new Procs1();
            IntMultiarray i = new IntMultiarray(p, new BlockRange(4, p.dim(0)), new CollapsedRange(4));
            ArrayIOException e = assertThrows(ArrayIOException.class, () -> Plot.heatMap(i).write(dir.resolve("x.png")));
            assertTrue(e.getMessage().contains("rank-2 double or float"), e.getMessage());
            DoubleMultiarray d = new DoubleMultiarray(p, new BlockRange(4, p.dim(0)), new CollapsedRange(4));
            e = assertThrows(ArrayIOException.class, () -> Plot.heatMap(d).write(dir.resolve("no/such/dir/x.png")));
            assertTrue(e.getMessage().contains("cannot write the picture"), e.getMessage());
            assertFalse(Files.exists(dir.resolve("x.png")));
        });
    }
}
