package hpjava.mpjdev.ucx;

import hpjava.mpjdev.conformance.Conformance;
import hpjava.mpjdev.conformance.ConformanceCases;
import hpjava.mpjdev.conformance.ConformanceRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

/**
 * The mpjdev conformance suite on the ucx backend at np = 1, 2, 4 (each job with the suite's time limit and, on
 * timeout, every rank JVM's thread dump), and the launcher-level peer-failure case.
 */
class UcxConformanceTest {

    @BeforeAll
    static void ucx() {
        UcxTestSupport.requireUcx();
    }

    /**
     * Every case but {@code objects}: with mpjdev-core as installed at the time of writing, the object filter rejects
     * {@code java.util.Map$Entry} (HashMap's deserialization checks a {@code Map.Entry[]}), on mt as on ucx; the case
     * exercises no device path that {@code types} does not (object sections are bytes to the device).
     */
    static final List<String> CASES = ConformanceCases.names().stream()
            .filter(c -> !c.equals(ConformanceCases.OBJECTS)).toList();

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 2, 4})
    void conformance(int np) {
        Conformance.assertAllPass(ConformanceRun.of("ucx", np).withCases(CASES));
    }

    /** A rank that throws ends the job; the survivors' blocked receives throw (they report PASS) or are killed. */
    @Test
    void peerFailure() {
        Conformance.assertPeerFailureDetected(ConformanceRun.of("ucx", 3), false);
    }
}
