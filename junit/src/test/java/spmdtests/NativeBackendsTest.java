package spmdtests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.AssertionFailedError;

import hpjava.junit.HpjavaJob;
import hpjava.lang.ProcessContext;

/** {@link HpjavaJob} on the process backends: ranks in separate JVMs hand back values, failures and their state. */
@Tag("backends")
class NativeBackendsTest {

    @ParameterizedTest
    @ValueSource(strings = {"mpi", "ucx"})
    void valuesComeBackInRankOrder(String backend) {
        List<String> v = HpjavaJob.np(2).backend(backend).call(r -> r.backend() + ":" + ProcessContext.current().id()
                + ":" + SpmdFixtures.ringFromLeft(r.rank()) + ":" + (ProcessHandle.current().pid() != 0));
        assertEquals(List.of(backend + ":0:1:true", backend + ":1:0:true"), v);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpi", "ucx"})
    void aFailingRankNamesItself(String backend) {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> HpjavaJob.np(2).backend(backend).run(r -> {
            if (r.rank() == 1) throw new IllegalStateException("rank 1 on " + r.backend());
            SpmdFixtures.ringFromLeft(r.rank());
        }));
        assertTrue(e.getMessage().contains("rank 1 of 2 failed: java.lang.IllegalStateException: rank 1 on " + backend), e.getMessage());
        assertTrue(e.getMessage().contains("NativeBackendsTest.java:"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpi"})
    void aTimeoutShowsEachRankProcessesMainThread(String backend) {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> HpjavaJob.np(2).backend(backend)
                .timeout(Duration.ofSeconds(8)).run(r -> {
                    if (r.rank() == 0) SpmdFixtures.spinUntilInterrupted();
                }));
        String m = e.getMessage();
        assertTrue(m.contains("timed out after 8 s"), m);
        assertTrue(m.contains("rank 0: running in process"), m);
        assertTrue(m.contains("spmdtests.SpmdFixtures.spinUntilInterrupted"), m);
        assertTrue(m.contains("rank 1: returned"), m);
    }
}
