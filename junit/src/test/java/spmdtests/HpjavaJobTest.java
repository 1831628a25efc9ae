package spmdtests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import hpjava.junit.HpjavaJob;
import hpjava.lang.ProcessContext;

/** {@link HpjavaJob}: values returned by the ranks, captured values, failures of a lambda body. */
class HpjavaJobTest {
    record Summary(int rank, int left, String who) implements Serializable {
    }

    @Test
    void ranksReturnValuesInRankOrder() {
        List<Integer> v = HpjavaJob.np(4).call(r -> 10 * ProcessContext.current().id() + SpmdFixtures.ringFromLeft(r.rank()));
        assertEquals(List.of(3, 10, 21, 32), v);
    }

    @Test
    void capturedValuesAndRecordsTravelBothWays() {
        String who = "captured";
        List<Summary> v = HpjavaJob.np(2).call(r -> new Summary(r.rank(), SpmdFixtures.ringFromLeft(r.rank()), who));
        assertEquals(List.of(new Summary(0, 1, who), new Summary(1, 0, who)), v);
    }

    @Test
    void aFailingLambdaNamesItsRank() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> HpjavaJob.np(3).run(r -> {
            if (r.rank() == 2) throw new ArithmeticException("rank two divides by zero");
        }));
        assertTrue(e.getMessage().startsWith("SPMD job on 3 ranks (mt) failed:\nrank 2 of 3 failed: java.lang.ArithmeticException: rank two"),
                e.getMessage());
        assertTrue(e.getMessage().contains("HpjavaJobTest.java:"), e.getMessage());
    }

    @Test
    void aValueThatIsNotSerializableIsAFailureOfItsRank() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> HpjavaJob.np(1).call(r -> new Object()));
        assertTrue(e.getMessage().contains("rank 0 returned a java.lang.Object, which is not Serializable"), e.getMessage());
    }
}
