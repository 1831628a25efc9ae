package hpjava.junit;

import java.io.Serializable;

/**
 * A test body run on every rank. Serializable so that each rank gets its own copy, made from the rank's own classes
 * (as in separate processes): capture only serializable values, not the test instance.
 */
@FunctionalInterface
public interface RankBody extends Serializable {
    void run(HpjavaRank rank) throws Exception;
}
