package hpjava.bench.jacobi;

import java.util.Arrays;

/**
 * The baseline of {@code JacobiMain.hpj}: the same program written in plain sequential Java, everything inside
 * {@code main} as a user writes it ({@code double[][]}, the obvious double loop, rows copied back with
 * {@link System#arraycopy}); the same arithmetic in the same order, so the checksums are bit-identical.
 * Prints "HandMain N sweepMedianMs stepMedianMs sum bitsHash".
 */
public final class HandMain {
    private HandMain() {
    }

    public static void main(String[] args) {
        final int n = Integer.parseInt(args[0]), iterations = Integer.parseInt(args[1]), samples = Integer.parseInt(args[2]);
        double[][] a = new double[n][n], b = new double[n][n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) a[i][j] = b[i][j] = JacobiNode.initial(i, j, n);

        double[] sweepMs = new double[samples], stepMs = new double[samples];
        for (int s = 0; s < samples; s++) {
            long sweepNs = 0, start = System.nanoTime();
            for (int k = 0; k < iterations; k++) {
                long t = System.nanoTime();
                for (int i = 1; i < n - 1; i++)
                    for (int j = 1; j < n - 1; j++)
                        b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
                sweepNs += System.nanoTime() - t;

                for (int i = 1; i < n - 1; i++) System.arraycopy(b[i], 1, a[i], 1, n - 2);
            }
            stepMs[s] = (System.nanoTime() - start) / 1e6 / iterations;
            sweepMs[s] = sweepNs / 1e6 / iterations;
        }
        Checksum c = Checksum.of(a, n);
        System.out.println("HandMain " + n + " " + median(sweepMs) + " " + median(stepMs) + " " + c.sum() + " " + c.bitsHash());
    }

    /** The median of the second half of {@code samples} (the first half is the JIT's warm-up). */
    public static double median(double[] samples) {
        double[] late = Arrays.copyOfRange(samples, samples.length / 2, samples.length);
        Arrays.sort(late);
        int m = late.length / 2;
        return late.length % 2 == 1 ? late[m] : (late[m - 1] + late[m]) / 2;
    }
}
