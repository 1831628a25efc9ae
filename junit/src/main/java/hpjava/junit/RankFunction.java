package hpjava.junit;

import java.io.Serializable;

/**
 * A test body run on every rank that returns a value to the test ({@link HpjavaJob#call}). The value travels by Java
 * serialization (from the rank's classes to the test's), so it must be Serializable: numbers, arrays, strings,
 * lists, records that implement Serializable. Like {@link RankBody}, capture only serializable values.
 */
@FunctionalInterface
public interface RankFunction<T> extends Serializable {
    T apply(HpjavaRank rank) throws Exception;
}
