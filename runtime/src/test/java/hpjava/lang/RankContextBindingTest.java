package hpjava.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import hpjava.lang.rankprogram.ReportsItsRank;
import hpjava.mpjdev.Launcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link ProcessContext#current()} finds the rank of an mpjdev launch without any explicit binding. */
class RankContextBindingTest {

    @ParameterizedTest(name = "np = {0}")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 60)
    void eachRankSeesItsOwnContext(int np) {
        // the mt deadlock detector and failure release end a stuck job on their own; the timeout is the backstop
        assertEquals(0, Launcher.run("--np", Integer.toString(np), ReportsItsRank.class.getName()));
    }

    @Test
    void aThreadOfNoRankHasNoContext() throws InterruptedException {
        ProcessContext[] seen = {ProcessContext.create(0, 1)};
        Thread t = Thread.ofPlatform().start(() -> seen[0] = ProcessContext.currentOrNull());
        t.join();
        assertNull(seen[0]);
    }
}
