package hpjava.adlib.schedule;

import hpjava.adlib.Reduction;
import hpjava.lang.BooleanMultiarray;

/**
 * What the HPJava 1.0 schedules of {@code Adlib.all}, {@code any} and {@code count} on a boolean array share: a
 * {@link Reduction} planned once, of the whole array or of the elements where a mask is true. The public classes
 * remain (they are the 1.0 API's names) and differ only in the operation and the result's type.
 */
abstract class BooleanReductionSchedule {
    private final Reduction plan;

    /** Plans the reduction {@code op} of {@code a} (of its elements where {@code mask} is true, unless null). */
    BooleanReductionSchedule(Reduction.Op op, BooleanMultiarray a, BooleanMultiarray mask) {
        plan = Reduction.of(op, a, mask);
    }

    /** Reduces (collective over the APG the schedule was built in) and returns the plan holding the result. */
    final Reduction reduce() {
        plan.execute();
        return plan;
    }
}
