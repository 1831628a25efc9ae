package spmdtests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import hpjava.junit.HpjavaRank;
import hpjava.junit.HpjavaTest;

import hpjava.lang.ProcessContext;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;

/** Test classes run by {@link HpjavaTestExtensionTest} through JUnit's test kit (not run on their own). */
final class SpmdFixtures {
    private SpmdFixtures() {
    }

    /** Every rank passes: its context, its own static fields, a ring exchange through the device. */
    static class Passing {
        static int calls;

        @HpjavaTest(np = {1, 2, 3})
        void ranksRunWithTheirContextAndOwnStatics(HpjavaRank rank) {
            assertEquals(rank.rank(), ProcessContext.current().id());
            assertEquals(rank.np(), ProcessContext.current().size());
            assertEquals(1, ++calls, "each rank has its own copy of the test class");
            assertEquals((rank.rank() + rank.np() - 1) % rank.np(), ringFromLeft(rank.rank()));
        }

        @HpjavaTest(np = 2)
        void withoutParameters() {
            assertEquals(2, ProcessContext.current().size());
        }
    }

    /** Rank 1 fails; rank 0 waits for it in the device and is aborted. */
    static class RankOneFails {
        @HpjavaTest(np = 2)
        void rankOneThrows(HpjavaRank rank) {
            if (rank.rank() == 1) throw new IllegalStateException("rank one gives up");
            ringFromLeft(rank.rank());
        }
    }

    /** Rank 0 never ends. */
    static class Hangs {
        @HpjavaTest(np = 2, timeoutSeconds = 2)
        void rankZeroSpins(HpjavaRank rank) {
            if (rank.rank() == 0) spinUntilInterrupted();
        }
    }

    /** Asks for a backend that does not exist. */
    static class NoSuchBackend {
        @HpjavaTest(np = 1, backend = "nosuch")
        void never() {
        }
    }

    static void spinUntilInterrupted() {
        while (!Thread.currentThread().isInterrupted()) Thread.onSpinWait();
    }

    /** Sends this rank's number to the right neighbour and returns what came from the left. */
    static int ringFromLeft(int me) {
        Comm w = Comm.world();
        int p = w.size();
        if (p == 1) return me;
        try (Buffer out = Buffer.allocate(64); Buffer in = Buffer.allocate(64)) {
            var r = w.irecv(in, (me + p - 1) % p, 7);
            w.send(out.clear().write(new int[] {me}), (me + 1) % p, 7);
            r.iwait();
            int[] got = new int[1];
            in.read(got, 0);
            return got[0];
        }
    }
}
