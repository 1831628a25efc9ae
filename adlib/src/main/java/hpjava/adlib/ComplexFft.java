package hpjava.adlib;

import hpjava.lang.DoubleMultiarray;
import hpjava.lang.Range;

/**
 * Fast Fourier transforms of complex multiarrays along a sequential dimension.
 *
 * <p><b>Complex representation.</b> A complex multiarray is a {@code double} multiarray whose last dimension is
 * sequential with extent 2: element {@code [.., 0]} is the real part, {@code [.., 1]} the imaginary part
 * ({@code double [[-,*,*,*]] u = new double [[z, ny, nx, 2]]}). Every Adlib operation moves such arrays as they are
 * (a {@code remap} between two distributions moves whole complex numbers), and the two parts of one number sit next
 * to each other in memory.
 *
 * <p><b>Transform.</b> {@link #transform(DoubleMultiarray, int, int)} replaces every line of the array along one
 * sequential dimension of extent {@code n} (a power of two) by its discrete Fourier transform
 * {@code X[k] = sum_j x[j] exp(sign * 2 pi i j k / n)}, unnormalized ({@code sign} +1 or -1; a transform with one
 * sign followed by one with the other multiplies by {@code n}). It is local: each process transforms the lines it
 * holds and nothing is sent, so a transform along a distributed dimension needs a {@code remap} to a distribution
 * where that dimension is sequential first (the transpose of a multi-dimensional FFT).
 *
 * <p><b>Method.</b> The Stockham autosort algorithm (radix 2, the variant of Swarztrauber used by NASA's NPB FT), on
 * {@value #BLOCK} lines at a time gathered into a scratch block so that every butterfly runs over contiguous memory;
 * roots of unity {@code exp(i pi t / l)} come from {@code Math.cos}/{@code Math.sin} once per object. An object
 * holds its scratch: one per rank and size, not shared between threads; a transform allocates nothing.
 */
public final class ComplexFft {
    /** Lines transformed together. */
    public static final int BLOCK = 16;

    private final int n;
    private final int log2n;
    /** Root {@code exp(i pi t / l)} at index {@code l + t}, for l = 1, 2, 4, ..., n/2 and 0 <= t < l. */
    private final double[] rootRe, rootIm;
    private final double[] xr, xi, yr, yi;
    private final LineWalk walk = new LineWalk();

    /**
     * A transform of lines of {@code n} complex numbers.
     *
     * @throws IllegalArgumentException if {@code n} is not a power of two of at least 1
     */
    public ComplexFft(int n) {
        if (n < 1 || Integer.bitCount(n) != 1)
            throw new IllegalArgumentException("ComplexFft: the length must be a power of two, got " + n);
        this.n = n;
        this.log2n = Integer.numberOfTrailingZeros(n);
        rootRe = new double[Math.max(n, 2)];
        rootIm = new double[Math.max(n, 2)];
        for (int l = 1; l < n; l *= 2) {
            double step = Math.PI / l;
            for (int t = 0; t < l; t++) {
                rootRe[l + t] = Math.cos(t * step);
                rootIm[l + t] = Math.sin(t * step);
            }
        }
        xr = new double[n * BLOCK];
        xi = new double[n * BLOCK];
        yr = new double[n * BLOCK];
        yi = new double[n * BLOCK];
    }

    /** The length of the lines this object transforms. */
    public int size() {
        return n;
    }

    /**
     * Transforms every line of the complex multiarray {@code a} along dimension {@code dim} (see the class comment).
     * Not collective: a process outside {@code a}'s group does nothing.
     *
     * @throws AdlibException if {@code a} is not complex (last dimension sequential, extent 2), {@code dim} is not one
     *         of its other dimensions, that dimension is distributed or its extent is not {@link #size()}, or
     *         {@code sign} is not +1 or -1
     */
    public void transform(DoubleMultiarray a, int dim, int sign) {
        check(a, dim, sign);
        if (!a.isMember() || !walk.start(a, dim)) return;
        double[] dat = a.dat();
        int lines = walk.batch.length;
        do {
            int base = walk.base();
            for (int j0 = 0; j0 < lines; j0 += BLOCK) {
                int count = Math.min(BLOCK, lines - j0);
                copyLines(dat, base, j0, count, xr, xi, true);
                boolean inY = transformBlock(sign);
                copyLines(dat, base, j0, count, inY ? yr : xr, inY ? yi : xi, false);
            }
        } while (walk.next());
    }

    /**
     * Copies lines j0 .. j0 + count - 1 into the scratch block x ({@code toScratch}) or the scratch block (sr, si)
     * back. Memory is visited in the order of the smaller stride: along each line when its points are the closer ones
     * (lines whose starts lie a power of two apart would otherwise compete for the same cache sets), else across the
     * lines. The branches do not change inside the loops.
     */
    private void copyLines(double[] dat, int base, int j0, int count, double[] sr, double[] si, boolean toScratch) {
        if (toScratch && count < BLOCK)         // lines the block does not use: zeros, so they stay finite
            for (int k = 0; k < n; k++) {
                java.util.Arrays.fill(sr, k * BLOCK + count, (k + 1) * BLOCK, 0.0);
                java.util.Arrays.fill(si, k * BLOCK + count, (k + 1) * BLOCK, 0.0);
            }
        int[] along = walk.along, batch = walk.batch;
        int re = walk.re, im = walk.im;
        boolean alongFirst = walk.alongFirst;
        int outer = alongFirst ? count : n, inner = alongFirst ? n : count;
        for (int o = 0; o < outer; o++)
            for (int i = 0; i < inner; i++) {
                int j = alongFirst ? o : i, k = alongFirst ? i : o;
                int p = base + batch[j0 + j] + along[k], s = k * BLOCK + j;
                if (toScratch) {
                    sr[s] = dat[p + re];
                    si[s] = dat[p + im];
                } else {
                    dat[p + re] = sr[s];
                    dat[p + im] = si[s];
                }
            }
    }

    /**
     * Transforms the scratch block x (line j, point k at {@code k * BLOCK + j}); returns whether the result is in y
     * (else in x). Every pass runs over all BLOCK lines, also when fewer were gathered (the others hold
     * zeros, and are never copied out): a point's BLOCK lines lie side by side, so the butterflies of
     * lk consecutive points are one contiguous run of lk * BLOCK elements: one long loop instead of lk short ones.
     */
    private boolean transformBlock(int sign) {
        boolean inY = false;
        for (int l = 1; l <= log2n; l++) {
            if (inY) pass(l, sign, yr, yi, xr, xi);
            else pass(l, sign, xr, xi, yr, yi);
            inY = !inY;
        }
        return inY;
    }

    /** Pass l of the Stockham algorithm from (ar, ai) into (br, bi). */
    private void pass(int l, int sign, double[] ar, double[] ai, double[] br, double[] bi) {
        int half = n / 2 * BLOCK, lk = 1 << (l - 1), li = 1 << (log2n - l), run = lk * BLOCK;
        for (int i = 0; i < li; i++) {
            int a1 = i * run, a2 = a1 + half, b1 = 2 * i * run, b2 = b1 + run;
            double ur = rootRe[li + i], ui = sign * rootIm[li + i];
            for (int t = 0; t < run; t++) {
                double x1r = ar[a1 + t], x1i = ai[a1 + t], x2r = ar[a2 + t], x2i = ai[a2 + t];
                br[b1 + t] = x1r + x2r;
                bi[b1 + t] = x1i + x2i;
                double dr = x1r - x2r, di = x1i - x2i;
                br[b2 + t] = ur * dr - ui * di;
                bi[b2 + t] = ur * di + ui * dr;
            }
        }
    }

    private void check(DoubleMultiarray a, int dim, int sign) {
        if (a == null) throw new AdlibException("ComplexFft.transform: the array is null");
        int rank = a.rank();
        if (rank < 2 || a.rng(rank - 1).dim() != null || a.rng(rank - 1).size() != 2)
            throw new AdlibException("ComplexFft.transform: " + a + " is not complex: its last dimension must be "
                    + "sequential with extent 2 (real, imaginary)");
        if (dim < 0 || dim >= rank - 1)
            throw new AdlibException("ComplexFft.transform: dimension " + dim + " of " + a + ": a complex array of rank "
                    + rank + " transforms along dimensions 0 to " + (rank - 2));
        Range x = a.rng(dim);
        if (x.dim() != null)
            throw new AdlibException("ComplexFft.transform: dimension " + dim + " of " + a + " is distributed ("
                    + x + "); remap to an array where it is sequential first");
        if (x.size() != n)
            throw new AdlibException("ComplexFft.transform: dimension " + dim + " of " + a + " has extent " + x.size()
                    + ", this transform is of length " + n);
        if (sign != 1 && sign != -1)
            throw new AdlibException("ComplexFft.transform: sign must be +1 or -1, got " + sign);
    }
}
