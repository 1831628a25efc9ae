package hpjava.adlib.schedule;

import hpjava.adlib.Reduction;
import hpjava.lang.BooleanMultiarray;

/**
 * The HPJava 1.0 schedule of {@code Adlib.count} on a boolean array: {@link #execute()} returns the number of true elements on every
 * APG member; a thin class over {@link Reduction}.
 */
public final class CountBoolean extends BooleanReductionSchedule {

    /** Plans the reduction of {@code a}; collective over the APG. */
    public CountBoolean(BooleanMultiarray a) { super(Reduction.Op.COUNT, a, null); }

    /** Plans the reduction of the elements of {@code a} where {@code mask} is true. */
    public CountBoolean(BooleanMultiarray a, BooleanMultiarray mask) { super(Reduction.Op.COUNT, a, mask); }

    /** Reduces and returns the result (collective over the APG the schedule was built in). */
    public int execute() {
        return (int) reduce().longValue();
    }
}
