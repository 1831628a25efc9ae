package hpjava.mpjdev.ucx;

import hpjava.mpjdev.Launcher;
import hpjava.mpjdev.ucx.programs.FailingRank;
import hpjava.mpjdev.ucx.programs.FinishedReceiver;
import hpjava.mpjdev.ucx.programs.PointToPoint;
import hpjava.mpjdev.ucx.programs.SlotTraffic;
import hpjava.mpjdev.ucx.programs.ThreadedSlots;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whole ucx jobs (N rank JVMs) launched through the backend SPI, each with a time limit. */
class UcxJobTest {
    private static final Duration LIMIT = Duration.ofMinutes(2);

    @BeforeAll
    static void ucx() {
        UcxTestSupport.requireUcx();
    }

    @Test
    void backendIsFoundByName() {
        assertTrue(Launcher.backend("ucx").isPresent(), "ServiceLoader does not find the ucx backend");
        assertTrue(Launcher.backendNames().contains("ucx"));
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 2, 4})
    void pointToPoint(int np) {
        Job job = Job.run(np, LIMIT, PointToPoint.class.getName());
        assertEquals(0, job.exitStatus(), job.output());
        assertEquals(5L * np, job.count("CHECK "), job.output());
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 4})
    void tinyMessagesGoThroughSlotsAndKeepTheirOrder(int np) {
        Job job = Job.run(np, LIMIT, SlotTraffic.class.getName());
        assertEquals(0, job.exitStatus(), job.output());
        assertEquals(4L * np, job.count("CHECK "), job.output());
        // ranks 0 and 1 ping-pong 2000 times: most of it must have gone through the slots, on both sides
        var m = Pattern.compile("STATE rank ([01]):.*tiny messages through slots: (\\d+) sent, (\\d+) taken")
                .matcher(job.output());
        int ranks = 0;
        while (m.find()) {
            ranks++;
            assertTrue(Long.parseLong(m.group(2)) > 1000 && Long.parseLong(m.group(3)) > 1000, m.group());
        }
        assertEquals(2, ranks, job.output());
    }

    @Test
    void aSlotMessageReceivedByAnotherThreadsProgressIsFound() {
        Job job = Job.run(3, LIMIT, ThreadedSlots.class.getName());
        assertEquals(0, job.exitStatus(), job.output());
        assertEquals(3, job.count("CHECK threaded-slots ok"), job.output());
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 4})
    void failingRankEndsTheJobAndIsNamed(int np) {
        Job job = Job.run(np, LIMIT, FailingRank.class.getName(), "throw");
        assertNotEquals(0, job.exitStatus(), job.output());
        int last = np - 1;
        assertTrue(job.output().contains("mpjdev: rank " + last + " failed: java.lang.IllegalStateException: "
                + FailingRank.MARKER), job.output());
        assertTrue(job.output().contains(FailingRank.class.getName() + ".main(FailingRank.java:"),
                "the stack trace of the failing rank is missing:\n" + job.output());
        assertTrue(job.output().contains("mpjdev: rank " + last + " failed (exit status 1); ending the job"),
                job.output());
    }

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {2, 4})
    void receiveFromAFinishedRankFails(int np) {
        Job job = Job.run(np, LIMIT, FailingRank.class.getName(), "finish");
        assertEquals(0, job.exitStatus(), job.output());
        assertEquals(np - 1, job.count("PEER-FAILED rank " + (np - 1) + " finished without sending"), job.output());
    }

    @Test
    void sendsTakenByARankThatThenFinishedComplete() {
        Job job = Job.run(2, LIMIT, FinishedReceiver.class.getName(), "taken");
        assertEquals(0, job.exitStatus(), job.output());
        assertEquals(2, job.count("COMPLETED rank "), job.output());
    }

    @Test
    void sendNeverTakenByAFinishedRankFails() {
        Job job = Job.run(2, LIMIT, FinishedReceiver.class.getName(), "untaken");
        assertEquals(0, job.exitStatus(), job.output());
        assertEquals(1, job.count("PEER-FAILED rank 1 finished without receiving this message"), job.output());
    }

    @Test
    void missingMainClassIsReported() {
        Job job = Job.run(2, LIMIT, "no.such.Program");
        assertNotEquals(0, job.exitStatus(), job.output());
        assertTrue(job.output().contains("main class no.such.Program not found"), job.output());
    }
}
