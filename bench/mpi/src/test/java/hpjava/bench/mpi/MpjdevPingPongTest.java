package hpjava.bench.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MpjdevPingPongTest {

    /** ffm.sh's tests: bw64k (64 x 64 messages a repetition), bw1m (8 x 64), lat8 (20000 x 1). */
    @Test
    void warmUpCoversTheMessagesTheJitNeedsWithinItsCap() {
        assertEquals(25, MpjdevPingPong.warmUpReps(64, 64));  // 102400 messages before measuring, not 4096
        assertEquals(MpjdevPingPong.MAX_WARM_UP_REPS, MpjdevPingPong.warmUpReps(64, 8));
        assertEquals(5, MpjdevPingPong.warmUpReps(1, 20_000));
        assertEquals(1, MpjdevPingPong.warmUpReps(1, 1_000_000)); // never fewer than one
    }
}
