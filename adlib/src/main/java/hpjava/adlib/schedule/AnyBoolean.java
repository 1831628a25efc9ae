package hpjava.adlib.schedule;

import hpjava.adlib.Reduction;
import hpjava.lang.BooleanMultiarray;

/**
 * The HPJava 1.0 schedule of {@code Adlib.any} on a boolean array: {@link #execute()} returns whether any element is true on every
 * APG member; a thin class over {@link Reduction}.
 */
public final class AnyBoolean extends BooleanReductionSchedule {

    /** Plans the reduction of {@code a}; collective over the APG. */
    public AnyBoolean(BooleanMultiarray a) { super(Reduction.Op.ANY, a, null); }

    /** Plans the reduction of the elements of {@code a} where {@code mask} is true. */
    public AnyBoolean(BooleanMultiarray a, BooleanMultiarray mask) { super(Reduction.Op.ANY, a, mask); }

    /** Reduces and returns the result (collective over the APG the schedule was built in). */
    public boolean execute() {
        return reduce().booleanValue();
    }
}
