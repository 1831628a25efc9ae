/**
 * NPB's pseudo-random generator (the linear congruential generator x' = a x mod 2^46 of "randlc" and "vranlc"),
 * computed in double precision exactly as NASA's code does, so a kernel that walks the sequence in NPB's global
 * order produces NASA's problem bit for bit at every process count.
 *
 * <p>The state is a double holding an integer below 2^46; each draw returns state * 2^-46 in (0, 1). An instance is
 * one stream; {@link #multiply} and {@link #power} jump a stream without drawing (a process starts its part of the
 * sequence from {@code seed * a^k}).
 */
public final class NpbRandom {
    /** NPB's multiplier 5^13. */
    public static final double A = 1220703125.0;
    /** NPB's usual seed. */
    public static final double SEED = 314159265.0;

    private static final double R23 = 0x1p-23, R46 = 0x1p-46, T23 = 0x1p23, T46 = 0x1p46;

    private double state;

    /** A stream starting at {@code seed}, an integer in [1, 2^46). */
    public NpbRandom(double seed) {
        if (!(seed >= 1 && seed < T46 && seed == Math.rint(seed)))
            throw new IllegalArgumentException("NPB seed must be an integer in [1, 2^46), not " + seed);
        state = seed;
    }

    /** The current state (the seed the next draw multiplies). */
    public double state() {
        return state;
    }

    /** Sets the state (an integer in [1, 2^46)), as NPB's kernels do between their passes over the sequence. */
    public void setState(double seed) {
        state = new NpbRandom(seed).state;
    }

    /** NPB's randlc: advances by {@code a} and returns the new state times 2^-46. */
    public double next(double a) {
        state = multiply(state, a);
        return R46 * state;
    }

    /** NPB's vranlc: {@code n} draws with multiplier {@code a} into {@code y[from .. from+n-1]}. */
    public void fill(double a, double[] y, int from, int n) {
        double a1 = (int) (R23 * a), a2 = a - T23 * a1, x = state;
        for (int i = 0; i < n; i++) {
            x = step(x, a1, a2);
            y[from + i] = R46 * x;
        }
        state = x;
    }

    /** x * a mod 2^46, for integers x, a in [0, 2^46), in NPB's split double arithmetic (exact). */
    public static double multiply(double x, double a) {
        double a1 = (int) (R23 * a);
        return step(x, a1, a - T23 * a1);
    }

    /** a^n mod 2^46 (n >= 0): the multiplier that advances a stream by n draws of multiplier {@code a}. */
    public static double power(double a, long n) {
        if (n < 0) throw new IllegalArgumentException("power: n must be >= 0, not " + n);
        double result = 1, aj = a;
        for (long nj = n; nj != 0; nj >>= 1) {
            if ((nj & 1) == 1) result = multiply(result, aj);
            aj = multiply(aj, aj);
        }
        return result;
    }

    private static double step(double x, double a1, double a2) {
        double t1 = R23 * x;
        double x1 = (int) t1;
        double x2 = x - T23 * x1;
        t1 = a1 * x2 + a2 * x1;
        double t2 = (int) (R23 * t1);
        double z = t1 - T23 * t2;
        double t3 = T23 * z + a2 * x2;
        double t4 = (int) (R46 * t3);
        return t3 - T46 * t4;
    }
}
