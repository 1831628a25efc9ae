package hpjava.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class BackgroundLoadTest {
    @Test
    @Timeout(30)
    void spinsOneProcessPerCoreAndEndsThemAll() throws Exception {
        List<ProcessHandle> started;
        try (BackgroundLoad load = BackgroundLoad.start(1, Duration.ofSeconds(20))) {
            assertEquals(Runtime.getRuntime().availableProcessors(), load.size());
            Thread.sleep(200);
            started = ProcessHandle.current().children().toList();
            assertEquals(load.size(), started.size(), "one child process per spinner");
            for (ProcessHandle h : started) assertTrue(h.isAlive(), "spinner " + h.pid() + " runs");
        }
        for (ProcessHandle h : started) assertTrue(!h.isAlive(), "spinner " + h.pid() + " ended by close()");
    }
}
