package hpjava.compiler.lower;

/**
 * A run-time check an overall or at statement makes once before its loop, decided by the plan ({@link Plan}) and
 * emitted as a call of {@code hpjava.lang.LoweringSupport} ({@link RuntimeApi}). Equal checks (same kind, array
 * and dimension) are made once; the plan keeps the source position of the first access that needs it.
 */
sealed interface RuntimeCheck {
    /** The array expression the check reads ({@code a}, {@code this.a}, {@code q.a}). */
    String array();

    /** The process holds the group {@code array} is distributed over (when the overall has elements here). */
    record Held(String array) implements RuntimeCheck {
    }

    /** The index's range is aligned with dimension {@code dim} of {@code array}. */
    record Aligned(String array, int dim) implements RuntimeCheck {
    }

    /** Dimension {@code dim} of {@code array} has ghost width for {@code shift}. */
    record Shift(String array, int dim, int shift) implements RuntimeCheck {
    }
}
