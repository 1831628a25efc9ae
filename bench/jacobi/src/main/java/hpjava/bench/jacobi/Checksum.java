package hpjava.bench.jacobi;

import hpjava.lang.DoubleMultiarray;

/**
 * Checksums of an n x n grid, taken by both sides in the same (row-major) element order: the sum of the elements
 * (readable; tiny differences can vanish in it) and an order-dependent hash of every element's bits (any difference in
 * any bit of any element, or elements in other places, changes it except with probability about 2^-64).
 */
public record Checksum(double sum, long bitsHash) {

    /** Of a multiarray's global elements (slow path: element by element through the runtime; not timed). */
    public static Checksum of(DoubleMultiarray m, int n) {
        Acc acc = new Acc();
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) acc.add(m.get(i, j));
        return acc.result();
    }

    /** Of a {@code double[n][n]}. */
    public static Checksum of(double[][] m, int n) {
        Acc acc = new Acc();
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) acc.add(m[i][j]);
        return acc.result();
    }

    /**
     * Fails loudly when the two sides differ.
     *
     * @throws IllegalStateException naming {@code what} and both checksums
     */
    public static void requireSame(String what, Checksum hpjavac, Checksum hand) {
        if (hpjavac.bitsHash != hand.bitsHash || Double.doubleToRawLongBits(hpjavac.sum) != Double.doubleToRawLongBits(hand.sum))
            throw new IllegalStateException("checksum mismatch (" + what + "): hpjavac output " + hpjavac
                    + ", hand-written " + hand + ": the two versions do not compute the same result");
    }

    private static final class Acc {
        double sum;
        long hash = 0x243F6A8885A308D3L;

        void add(double v) {
            sum += v;
            long h = (hash ^ Double.doubleToRawLongBits(v)) * 0x9E3779B97F4A7C15L;  // multiply-xorshift mix
            hash = h ^ (h >>> 29);
        }

        Checksum result() {
            return new Checksum(sum, hash);
        }
    }
}
