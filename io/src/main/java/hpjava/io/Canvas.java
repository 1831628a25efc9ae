package hpjava.io;

import javax.imageio.ImageIO;
import java.awt.*;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * A white RGB picture with a plot area (a rectangle mapped linearly, or logarithmically in y, to data
 * coordinates), and what every plot draws: title, axis ticks and labels, the frame; written as PNG. Java2D, headless.
 */
final class Canvas {
    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 11);

    final BufferedImage image;
    final Graphics2D g;
    /** The plot area in pixels. */
    final int left, top, width, height;
    /** Data coordinates of the plot area's edges (y as log10 when {@code logY}). */
    final double x0, x1, y0, y1;
    final boolean logY;

    Canvas(int imageWidth, int imageHeight, int left, int top, int width, int height,
           double x0, double x1, double y0, double y1, boolean logY) {
        this.image = new BufferedImage(imageWidth, imageHeight, BufferedImage.TYPE_INT_RGB);
        this.g = image.createGraphics();
        this.left = left;
        this.top = top;
        this.width = width;
        this.height = height;
        this.x0 = x0;
        this.x1 = x1 > x0 ? x1 : x0 + 1;
        this.y0 = y0;
        this.y1 = y1 > y0 ? y1 : y0 + 1;
        this.logY = logY;
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, imageWidth, imageHeight);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    }

    double sx(double x) { return left + (x - x0) / (x1 - x0) * width; }

    double sy(double y) { return top + height - ((logY ? Math.log10(y) : y) - y0) / (y1 - y0) * height; }

    /** Title centred above the plot area, axis labels, ticks on both axes and the frame. */
    void axes(String title, String xLabel, String yLabel) {
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1f));
        g.drawRect(left, top, width, height);
        g.setFont(TICK);
        FontMetrics fm = g.getFontMetrics();
        for (double t : ticks(x0, x1)) {
            int px = (int) Math.round(sx(t));
            g.drawLine(px, top + height, px, top + height + 5);
            String s = format(t);
            g.drawString(s, px - fm.stringWidth(s) / 2, top + height + 7 + fm.getAscent());
        }
        for (double t : logY ? decades(y0, y1) : ticks(y0, y1)) {
            int py = (int) Math.round(top + height - (t - y0) / (y1 - y0) * height);
            g.drawLine(left - 5, py, left, py);
            String s = logY ? "1e" + (int) Math.round(t) : format(t);
            g.drawString(s, left - 8 - fm.stringWidth(s), py + fm.getAscent() / 2 - 1);
        }
        g.setFont(LABEL);
        fm = g.getFontMetrics();
        if (xLabel != null) g.drawString(xLabel, left + (width - fm.stringWidth(xLabel)) / 2, top + height + 40);
        if (yLabel != null) vertical(yLabel, 16, top + height / 2);
        g.setFont(TITLE);
        fm = g.getFontMetrics();
        if (title != null) g.drawString(title, left + (width - fm.stringWidth(title)) / 2, top - 12);
    }

    /** Text rotated to read upwards, centred at ({@code x}, {@code y}). */
    void vertical(String text, int x, int y) {
        AffineTransform saved = g.getTransform();
        g.rotate(-Math.PI / 2, x, y);
        g.drawString(text, x - g.getFontMetrics().stringWidth(text) / 2, y + g.getFontMetrics().getAscent() / 2);
        g.setTransform(saved);
    }

    void write(Path path) throws IOException {
        g.dispose();
        try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(path)) {   // not toFile(): ImageIO prints its own trace
            if (!ImageIO.write(image, "png", out)) throw new IOException("no PNG writer in this JDK");
        }
    }

    /** About five "nice" values (1, 2 or 5 times a power of ten apart) within {@code lo..hi}. */
    static List<Double> ticks(double lo, double hi) {
        List<Double> t = new ArrayList<>();
        double span = hi - lo;
        if (!(span > 0) || !Double.isFinite(span)) return t;
        double raw = span / 5, mag = Math.pow(10, Math.floor(Math.log10(raw))), r = raw / mag;
        double step = (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10) * mag;
        for (double v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step)
            t.add(Math.abs(v) < step * 1e-9 ? 0.0 : v);
        return t;
    }

    /** Whole powers of ten (their log10) within {@code lo..hi}, at most about eight. */
    static List<Double> decades(double lo, double hi) {
        List<Double> t = new ArrayList<>();
        int step = Math.max(1, (int) Math.ceil((hi - lo) / 8));
        for (double v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) t.add(v);
        return t;
    }

    /** A tick or range value, short: {@code 0.25}, {@code 1200}, {@code 3.5E-7}. */
    static String format(double v) {
        double a = Math.abs(v);
        if (v == 0 || (a >= 1e-3 && a < 1e5)) return new DecimalFormat("0.####").format(v);
        return new DecimalFormat("0.##E0").format(v);
    }
}
