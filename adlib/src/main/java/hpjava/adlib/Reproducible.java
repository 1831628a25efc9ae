package hpjava.adlib;

import java.util.function.Supplier;

/**
 * Reproducible floating-point reductions: with {@code -Dhpjava.adlib.reproducible=true} ({@code hpjava run
 * --reproducible}), or for the schedules planned inside {@link #plan}, {@code sum} (masked or not) of {@code float}
 * and {@code double} arrays and {@code dotProduct} with a floating operand add their terms exactly and round once
 * ({@link ExactSum}), so the result is the same bits at every process count, distribution, range kind and backend:
 * the correctly rounded sum (for dotProduct: of the exact products; a product that overflows, or whose rounding
 * error underflows, enters as computed). {@code maxval}/{@code minval} need nothing: {@code Math.max} and
 * {@code Math.min} give the same bits in any order; integer reductions wrap the same in any order. Not covered:
 * {@code product} of floating arrays and the dimensional reductions, which keep the fixed order of {@link Reducer}
 * (the same bits at a given process count). Cost: docs/BENCHMARKS.md "Communication profile and reproducible sums".
 *
 * <p>Every member of a job must use the same mode: a reproducible and an ordinary sum are different calls to the
 * collective checking (reported as a mismatch).
 *
 * <pre>{@code
 * Reduction exact = Reproducible.plan(true, () -> Reduction.of(Reduction.Op.SUM, a, null));
 * }</pre>
 */
public final class Reproducible {
    private Reproducible() {}

    /** The JVM's {@code hpjava.adlib.reproducible} property, read once. */
    private static final String PROPERTY = System.getProperty("hpjava.adlib.reproducible", "false").trim();
    static final boolean DEFAULT = PROPERTY.equalsIgnoreCase("true") || PROPERTY.equalsIgnoreCase("on");
    /** The report for a value other than true/on/false/off (thrown when a reduction is planned), else null. */
    private static final String ERROR = DEFAULT || PROPERTY.equalsIgnoreCase("false") || PROPERTY.equalsIgnoreCase("off")
            ? null : "-Dhpjava.adlib.reproducible=" + PROPERTY + ": unknown value (expected true or false)";
    private static final ThreadLocal<Boolean> PLANNING = new ThreadLocal<>();

    /** Whether a schedule planned now on the calling rank sums exactly. */
    static boolean planning() {
        if (ERROR != null) throw new AdlibException(ERROR);
        Boolean b = PLANNING.get();
        return b == null ? DEFAULT : b;
    }

    /**
     * Runs {@code planner} on the calling rank with reproducible sums on or off, whatever the property, and returns
     * what it made; the schedules it constructs keep that mode. As with {@link Checking#plan}, do not call the
     * static forms of {@link Adlib} inside (their cached schedules would keep the mode).
     */
    public static <T> T plan(boolean reproducible, Supplier<T> planner) {
        Boolean before = PLANNING.get();
        PLANNING.set(reproducible);
        try {
            return planner.get();
        } finally {
            if (before == null) PLANNING.remove();
            else PLANNING.set(before);
        }
    }
}
