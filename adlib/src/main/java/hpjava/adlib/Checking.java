package hpjava.adlib;

import java.util.function.Supplier;

/**
 * Plans schedules in a chosen collective-checking mode instead of the JVM's {@code -Dhpjava.adlib.check} (see
 * {@link CallCheck} and adlib/README.md "Collective checking"): for measuring the cost of checking with both modes in
 * one JVM (bench/adlib {@code CheckCost}), and for a schedule of a program already known correct. A schedule keeps
 * the mode it was planned in for its whole life.
 *
 * <pre>{@code
 * Reduction unchecked = Checking.plan("off", () -> Reduction.of(Reduction.Op.MAXVAL, a, null));
 * }</pre>
 *
 * Like the property, the mode must be the same on every member for a given schedule (every member plans it inside
 * the same {@code plan} call); a member that checks and one that does not exchange messages of different layouts.
 * Only schedules constructed by the supplier itself take the mode: do not call the static forms of {@link Adlib}
 * inside (their cached schedules would keep it).
 */
public final class Checking {
    private Checking() {}

    /**
     * Runs {@code planner} on the calling rank with checking in {@code mode} ({@code on}, {@code off} or
     * {@code agree-first}, as the property) and returns what it made.
     *
     * @throws IllegalArgumentException if {@code mode} is none of those values
     */
    public static <T> T plan(String mode, Supplier<T> planner) {
        if (mode == null || CallCheck.Mode.error(mode) != null)
            throw new IllegalArgumentException("Checking.plan: unknown mode '" + mode + "' (expected on, off or agree-first)");
        CallCheck.Mode before = CallCheck.PLANNING.get();
        CallCheck.PLANNING.set(CallCheck.Mode.of(mode));
        try {
            return planner.get();
        } finally {
            if (before == null) CallCheck.PLANNING.remove();
            else CallCheck.PLANNING.set(before);
        }
    }
}
