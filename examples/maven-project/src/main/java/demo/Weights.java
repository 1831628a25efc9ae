package demo;

/** The initial heat profile: plain Java, used by Heat.hpj. */
public final class Weights {
    private Weights() {
    }

    /** Heat of cell {@code i} of {@code n}: a tent peaking in the middle. */
    public static double initial(int i, int n) {
        return Math.min(i, n - 1 - i);
    }

    /** The total heat after one smoothing step, computed sequentially (what Heat.total must give). */
    public static double expectedTotal(int n) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) t[i] = initial(i, n);
        double sum = t[0] + t[n - 1];
        for (int i = 1; i < n - 1; i++) sum += 0.25 * t[i - 1] + 0.5 * t[i] + 0.25 * t[i + 1];
        return sum;
    }
}
