package hpjava.mpjdev.conformance;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.AssertionFailedError;

/** The conformance suite on the mt backend (the executable specification). */
@Timeout(600)
class MtConformanceTest {
    /** The launching JVM holds every rank in mt: bound its heap (the 64 MiB case needs a few hundred MiB). */
    private static final String HEAP = "-Xmx1g";

    /**
     * Every case but {@value ConformanceCases#OBJECTS} (see {@link #objectMessages}), at each np.
     */
    @ParameterizedTest(name = "np = {0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void everyCasePasses(int np) {
        Conformance.assertAllPass(ConformanceRun.of("mt", np).withJvmOptions(HEAP).withCases(
                ConformanceCases.names().stream().filter(c -> !c.equals(ConformanceCases.OBJECTS)).toList()));
    }

    /**
     * Known failure in mpjdev-core (not in this suite): deserializing a {@code java.util.HashMap}, a JDK value type the
     * object filter documents as admitted, is rejected because {@code HashMap.readObject} asks the filter about
     * creating a {@code java.util.Map$Entry[]}, and {@code java.util.Map$Entry} is missing from the filter's list.
     * Remove {@code @Disabled} when mpjdev-core admits it.
     */
    @ParameterizedTest(name = "np = {0}")
    @ValueSource(ints = {1, 2})
    @Disabled("mpjdev-core ObjectAdmission rejects java.util.Map$Entry, so HashMap messages fail; see the javadoc")
    void objectMessages(int np) {
        Conformance.assertAllPass(ConformanceRun.of("mt", np).withCases(ConformanceCases.OBJECTS));
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
    }

    @ParameterizedTest(name = "np = {0}")
    @ValueSource(ints = {1, 2, 4})
    void aFailingRankReleasesTheOthersAndTheJobExitsNonZero(int np) {
        Conformance.assertPeerFailureDetected(ConformanceRun.of("mt", np).withTimeout(Duration.ofMinutes(1)), true);
    }
}
