package hpjava.io;

import hpjava.lang.Multiarray;

import java.awt.*;
import java.awt.geom.Path2D;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Pictures of results, as PNG files (pure Java: Java2D, headless, and {@code javax.imageio}).
 * <ul>
 * <li>{@link #heatMap(Multiarray)}: a 2-D distributed {@code double} or {@code float} field, collectively, e.g.
 *   {@code Plot.heatMap(u).title("u").labels("x", "y").valueLabel("u").write("u.png")};</li>
 * <li>{@link #line}: a series such as a convergence history, linear or logarithmic in y.</li>
 * </ul>
 * Both are called by every member of the active process group; member 0 alone writes the file.
 */
public final class Plot {
    private Plot() {}

    /** A heat map of {@code field} (a rank-2 double or float array) to configure and {@link HeatMap#write}. */
    public static HeatMap heatMap(Multiarray field) { return new HeatMap(field); }

    /**
     * A line plot of {@code y} against {@code x} (same length, at least one point), written by APG member 0 (every
     * member calls it with the same series). With {@code logY} the vertical axis is logarithmic and points whose y is
     * not positive are left out.
     *
     * @throws ArrayIOException on every member if the series are unusable or the file cannot be written
     */
    public static void line(String path, double[] x, double[] y, String title, String xLabel, String yLabel, boolean logY) {
        if (x == null || y == null || x.length != y.length || x.length == 0)
            throw new ArrayIOException("line plot " + path + ": needs x and y series of the same length, at least one point");
        String error = null;
        if (ArrayIO.isFirstMember()) {
            try {
                drawLine(x, y, title, xLabel, yLabel, logY).write(Path.of(path));
            } catch (IOException | RuntimeException e) {
                error = path + ": cannot write the picture: " + Collective.describe(e);
            }
        }
        Collective.agree(error);
    }

    private static Canvas drawLine(double[] x, double[] y, String title, String xLabel, String yLabel, boolean logY) {
        double xmin = Double.MAX_VALUE, xmax = -Double.MAX_VALUE, ymin = Double.MAX_VALUE, ymax = -Double.MAX_VALUE;
        for (int k = 0; k < x.length; k++) {
            if (!Double.isFinite(y[k]) || (logY && y[k] <= 0)) continue;
            double v = logY ? Math.log10(y[k]) : y[k];
            xmin = Math.min(xmin, x[k]); xmax = Math.max(xmax, x[k]);
            ymin = Math.min(ymin, v); ymax = Math.max(ymax, v);
        }
        if (xmin > xmax) { xmin = 0; xmax = 1; ymin = 0; ymax = 1; }
        if (logY) { ymin = Math.floor(ymin); ymax = Math.ceil(ymax); }
        else { double pad = 0.05 * (ymax - ymin); ymin -= pad; ymax += pad; }
        if (ymax <= ymin) ymax = ymin + 1;
        Canvas c = new Canvas(760, 480, 80, 44, 640, 370, xmin, xmax, ymin, ymax, logY);
        Graphics2D g = c.g;
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0xE8E8E8));
        for (double t : logY ? Canvas.decades(ymin, ymax) : Canvas.ticks(ymin, ymax)) {
            int py = (int) Math.round(c.top + c.height - (t - ymin) / (ymax - ymin) * c.height);
            g.drawLine(c.left + 1, py, c.left + c.width - 1, py);
        }
        g.setColor(new Color(Viridis.rgb(0.3)));
        g.setStroke(new BasicStroke(2f));
        Path2D.Double line = new Path2D.Double();
        boolean open = false;
        for (int k = 0; k < x.length; k++) {
            if (!Double.isFinite(y[k]) || (logY && y[k] <= 0)) { open = false; continue; }
            double px = c.sx(x[k]), py = c.sy(y[k]);
            if (open) line.lineTo(px, py); else line.moveTo(px, py);
            open = true;
        }
        g.draw(line);
        if (x.length == 1) g.fillOval((int) c.sx(x[0]) - 3, (int) c.sy(y[0]) - 3, 6, 6);
        c.axes(title, xLabel, yLabel);
        return c;
    }
}
