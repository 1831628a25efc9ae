package hpjava.io;

import hpjava.lang.Multiarray;

import java.awt.*;
import java.awt.geom.Path2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A heat map of a 2-D field, built by {@link Plot#heatMap} and written by {@link #write}: dimension 0 of the array
 * runs along the horizontal axis, dimension 1 upwards, coloured by viridis from the field's minimum to its maximum,
 * with a colour bar showing the range, axis ticks and labels and a title. By default element (i, j) covers the unit
 * square [i, i+1] x [j, j+1]; {@link #extent} stretches that to a rectangle, {@link #grid} places the cells on any
 * curvilinear grid (vertex coordinates), and {@link #outline} draws lines over the picture (a wall, a boundary).
 *
 * <p>Large fields are reduced collectively to at most {@link #cells} cells per dimension (means of blocks of
 * elements) without gathering them ({@link Downsample}); APG member 0 alone draws and writes the PNG.
 */
public final class HeatMap {
    private final Multiarray field;
    private String title, xLabel = "dimension 0", yLabel = "dimension 1", valueLabel;
    private double ex0 = Double.NaN, ex1, ey0, ey1;
    private double[][] vx, vy;
    private final List<double[][]> outlines = new ArrayList<>();
    private int cells = 512, plotWidth = 600;

    HeatMap(Multiarray field) { this.field = field; }

    public HeatMap title(String t) { title = t; return this; }

    public HeatMap labels(String x, String y) { xLabel = x; yLabel = y; return this; }

    /** The label of the colour bar (what the colours mean: "Mach number"). */
    public HeatMap valueLabel(String v) { valueLabel = v; return this; }

    /** The field covers the rectangle {@code x0..x1} by {@code y0..y1} in axis units. */
    public HeatMap extent(double x0, double x1, double y0, double y1) {
        ex0 = x0; ex1 = x1; ey0 = y0; ey1 = y1;
        return this;
    }

    /**
     * The cells lie on a curvilinear grid: cell (i, j) has corners at vertices (i, j), (i+1, j), (i+1, j+1),
     * (i, j+1), vertex (i, j) at {@code (x[i][j], y[i][j])}; both arrays are {@code (n0+1) x (n1+1)}.
     */
    public HeatMap grid(double[][] x, double[][] y) { vx = x; vy = y; return this; }

    /** A polyline drawn over the field, in axis units (a wall, a boundary). */
    public HeatMap outline(double[] x, double[] y) {
        if (x.length != y.length) throw new ArrayIOException("outline: " + x.length + " x values but " + y.length + " y values");
        outlines.add(new double[][] {x.clone(), y.clone()});
        return this;
    }

    /** At most this many cells per dimension in the picture (default 512): larger fields are averaged down. */
    public HeatMap cells(int n) {
        if (n < 1) throw new ArrayIOException("cells must be at least 1, got " + n);
        cells = n;
        return this;
    }

    /** Width of the plot area in pixels (default 600; the height follows the field's aspect ratio). */
    public HeatMap width(int px) {
        if (px < 100 || px > 4000) throw new ArrayIOException("width must be 100..4000 pixels, got " + px);
        plotWidth = px;
        return this;
    }

    /** {@link #write(Path)} to the file named {@code path}. */
    public void write(String path) { write(Path.of(path)); }

    /**
     * Reduces the field and writes the PNG, collectively over the APG (every member calls it; member 0 writes).
     *
     * @throws ArrayIOException on every member if the array is not a non-empty rank-2 double/float array, the grid
     *         has the wrong size, or the file cannot be written
     */
    public void write(Path path) {
        Downsample.check(field);
        int n0 = field.rng(0).size(), n1 = field.rng(1).size();
        if (vx != null && (vx.length != n0 + 1 || vy.length != n0 + 1 || vx[0].length != n1 + 1 || vy[0].length != n1 + 1))
            throw new ArrayIOException("grid: vertex arrays must be " + (n0 + 1) + " x " + (n1 + 1) + " for a " + n0 + " x " + n1 + " field");
        Downsample d = Downsample.of(field, cells);
        String error = null;
        if (ArrayIO.isFirstMember()) {
            try {
                draw(d, n0, n1).write(path);
            } catch (IOException | RuntimeException e) {
                error = path + ": cannot write the picture: " + Collective.describe(e);
            }
        }
        Collective.agree(error);
    }

    private double vertexX(int i, int j, int n0) { return vx != null ? vx[i][j] : Double.isNaN(ex0) ? i : ex0 + (ex1 - ex0) * i / n0; }

    private double vertexY(int i, int j, int n1) { return vy != null ? vy[i][j] : Double.isNaN(ex0) ? j : ey0 + (ey1 - ey0) * j / n1; }

    private Canvas draw(Downsample d, int n0, int n1) {
        double xmin = Double.MAX_VALUE, xmax = -Double.MAX_VALUE, ymin = Double.MAX_VALUE, ymax = -Double.MAX_VALUE;
        for (int i = 0; i <= n0; i += Math.max(1, n0 / 64)) for (int j = 0; j <= n1; j++) {
            xmin = Math.min(xmin, vertexX(i, j, n0)); xmax = Math.max(xmax, vertexX(i, j, n0));
            ymin = Math.min(ymin, vertexY(i, j, n1)); ymax = Math.max(ymax, vertexY(i, j, n1));
        }
        for (int j = 0; j <= n1; j++) {
            xmin = Math.min(xmin, vertexX(n0, j, n0)); xmax = Math.max(xmax, vertexX(n0, j, n0));
            ymin = Math.min(ymin, vertexY(n0, j, n1)); ymax = Math.max(ymax, vertexY(n0, j, n1));
        }
        double aspect = (xmax - xmin) / (ymax - ymin);
        int pw = aspect > 2.5 ? Math.max(plotWidth, 780) : plotWidth;
        int ph = (int) Math.round(Math.max(140, Math.min(700, pw / aspect)));
        int left = 80, top = 44;
        Canvas c = new Canvas(left + pw + 130, top + ph + 62, left, top, pw, ph, xmin, xmax, ymin, ymax, false);
        double lo = d.min, hi = d.max;
        if (!(Double.isFinite(lo) && Double.isFinite(hi))) { lo = finiteMin(d.mean); hi = finiteMax(d.mean); }
        double span = hi > lo ? hi - lo : 1;
        Graphics2D g = c.g;
        g.setStroke(new BasicStroke(1f));
        for (int p = 0; p < d.w0; p++)
            for (int q = 0; q < d.w1; q++) {
                double v = d.mean[p * d.w1 + q];
                g.setColor(Double.isNaN(v) ? Color.GRAY : new Color(Viridis.rgb((v - lo) / span)));
                int i0 = d.edges0[p], i1 = d.edges0[p + 1], j0 = d.edges1[q], j1 = d.edges1[q + 1];
                Path2D.Double cell = new Path2D.Double();
                cell.moveTo(c.sx(vertexX(i0, j0, n0)), c.sy(vertexY(i0, j0, n1)));
                cell.lineTo(c.sx(vertexX(i1, j0, n0)), c.sy(vertexY(i1, j0, n1)));
                cell.lineTo(c.sx(vertexX(i1, j1, n0)), c.sy(vertexY(i1, j1, n1)));
                cell.lineTo(c.sx(vertexX(i0, j1, n0)), c.sy(vertexY(i0, j1, n1)));
                cell.closePath();
                g.fill(cell);
                if (vx != null) g.draw(cell);   // curved cells: close the hairline gaps between neighbours
            }
        drawOutlines(c);
        c.axes(title, xLabel, yLabel);
        colourBar(c, lo, hi);
        return c;
    }

    private void drawOutlines(Canvas c) {
        Graphics2D g = c.g;
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);   // no pixel snapping: smooth curves
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(2.5f));
        for (double[][] o : outlines) {
            Path2D.Double line = new Path2D.Double();
            for (int k = 0; k < o[0].length; k++) {
                double x = c.sx(o[0][k]), y = c.sy(o[1][k]);
                if (k == 0) line.moveTo(x, y); else line.lineTo(x, y);
            }
            g.draw(line);
        }
        g.setStroke(new BasicStroke(1f));
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
    }

    /** The vertical colour bar right of the plot: viridis from lo (bottom) to hi (top), ticks, range and label. */
    private void colourBar(Canvas c, double lo, double hi) {
        Graphics2D g = c.g;
        int bx = c.left + c.width + 24, bw = 18, top = c.top, h = c.height;
        for (int y = 0; y < h; y++) {
            g.setColor(new Color(Viridis.rgb(1 - (y + 0.5) / h)));
            g.drawLine(bx, top + y, bx + bw - 1, top + y);
        }
        g.setColor(Color.BLACK);
        g.drawRect(bx, top, bw, h);
        g.setFont(Canvas.TICK);
        FontMetrics fm = g.getFontMetrics();
        double span = hi > lo ? hi - lo : 1;
        for (double t : Canvas.ticks(lo, hi)) {
            int py = (int) Math.round(top + h - (t - lo) / span * h);
            g.drawLine(bx + bw, py, bx + bw + 4, py);
            g.drawString(Canvas.format(t), bx + bw + 7, py + fm.getAscent() / 2 - 1);
        }
        String range = "range " + Canvas.format(lo) + " .. " + Canvas.format(hi);
        // Below the bar, right-aligned, on the line of the x label (clear of the x ticks however wide the text).
        g.drawString(range, c.image.getWidth() - fm.stringWidth(range) - 6, top + h + 40);
        if (valueLabel != null) {
            g.setFont(Canvas.LABEL);
            c.vertical(valueLabel, c.image.getWidth() - 14, top + h / 2);
        }
    }

    private static double finiteMin(double[] v) {
        double m = Double.POSITIVE_INFINITY;
        for (double x : v) if (Double.isFinite(x)) m = Math.min(m, x);
        return Double.isFinite(m) ? m : 0;
    }

    private static double finiteMax(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : v) if (Double.isFinite(x)) m = Math.max(m, x);
        return Double.isFinite(m) ? m : 1;
    }
}
