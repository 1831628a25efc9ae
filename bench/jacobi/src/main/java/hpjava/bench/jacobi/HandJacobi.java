package hpjava.bench.jacobi;

/**
 * The baseline: the same Jacobi node code as {@code JacobiNode.hpj}, written the way a Java programmer would write
 * it sequentially: {@code double[][]} arrays (rows of length n), the obvious double loop, rows copied back with
 * {@link System#arraycopy}. The arithmetic is the same expression in the same order, so the results are bit-identical.
 */
public final class HandJacobi {
    final int n;
    final double[][] a, b;

    public HandJacobi(int n) {
        this.n = n;
        a = new double[n][n];
        b = new double[n][n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) a[i][j] = b[i][j] = JacobiNode.initial(i, j, n);
    }

    /** Sweep only: {@code sweeps} times b = the average of a's four neighbours over the interior (a unchanged). */
    public void sweep(int sweeps) {
        for (int s = 0; s < sweeps; s++)
            for (int i = 1; i < n - 1; i++)
                for (int j = 1; j < n - 1; j++)
                    b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    }

    /** The full iteration, {@code sweeps} times: sweep into b, copy b's interior back into a. */
    public void relax(int sweeps) {
        for (int s = 0; s < sweeps; s++) {
            for (int i = 1; i < n - 1; i++)
                for (int j = 1; j < n - 1; j++)
                    b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
            for (int i = 1; i < n - 1; i++) System.arraycopy(b[i], 1, a[i], 1, n - 2);
        }
    }
}
