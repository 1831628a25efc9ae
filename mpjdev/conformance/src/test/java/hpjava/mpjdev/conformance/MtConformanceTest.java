package hpjava.mpjdev.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.AssertionFailedError;

import hpjava.mpjdev.Launcher;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;

/** The conformance suite on the mt backend (the executable specification). */
@Timeout(600)
class MtConformanceTest {
    /** The launching JVM holds every rank in mt: bound its heap (the 64 MiB case needs a few hundred MiB). */
    private static final String HEAP = "-Xmx1g";

    @ParameterizedTest(name = "np = {0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void everyCasePasses(int np) {
        Conformance.assertAllPass(ConformanceRun.of("mt", np).withJvmOptions(HEAP));
    }

    @Test
    @Tag("slow")
    void scalableSubsetPassesWith1024VirtualThreadRanks() {
        Conformance.assertAllPass(ConformanceRun.of("mt", 1024).withCases(ConformanceCases.scalable())
                .withLauncherArgs("--virtual-threads").withJvmOptions(HEAP).withTimeout(Duration.ofMinutes(5)));
    }

    /** The helper must fail, with every rank's state, when a case fails (here: a rank that throws). */
    @Test
    void theHelperReportsAFailingCaseWithEveryRanksState() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> Conformance.assertAllPass(ConformanceRun.of("mt", 2).withCases(ConformanceCases.PEER_FAILURE)));
        assertTrue(e.getMessage().contains("peer-failure @ rank 1: FAIL"), e.getMessage());
        assertTrue(e.getMessage().contains("rank states"), e.getMessage());
        assertTrue(e.getMessage().contains("exit status 1"), e.getMessage());
        assertTrue(e.getMessage().contains("---- output of rank 1 ----\n@@conformance rank=1 np=2 case=peer-failure status=START"),
                e.getMessage());
        assertTrue(e.getMessage().contains("---- output outside any rank ----"), e.getMessage());
    }

    /** The driver run by hand with a wrong case name: status 2 and one clear message, no stack trace. */
    @Test
    void anUnknownCaseNameEndsTheJobWithStatusTwo() {
        JobRun o = ChildProcess.java(List.of(), Conformance.testClassPath(), Launcher.class.getName(), List.of("--np", "2",
                ConformanceDriver.class.getName(), "order", "ordr")).timeout(Duration.ofMinutes(1)).mergeStreams().run();
        assertEquals(2, o.exitStatus(), o.output());
        assertTrue(o.output().contains("conformance: unknown conformance case 'ordr'; known cases: order,"), o.output());
        assertFalse(o.output().contains("\tat "), o.output());
    }

    @ParameterizedTest(name = "np = {0}")
    @ValueSource(ints = {1, 2, 4})
    void aFailingRankReleasesTheOthersAndTheJobExitsNonZero(int np) {
        Conformance.assertPeerFailureDetected(ConformanceRun.of("mt", np).withTimeout(Duration.ofMinutes(1)), true);
    }
}
