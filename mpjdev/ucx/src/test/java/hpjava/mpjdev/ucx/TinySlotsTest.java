package hpjava.mpjdev.ucx;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;

import static hpjava.mpjdev.ucx.ffm.NativeMemory.ALL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The slots' credit protocol and bookkeeping, without UCX. */
class TinySlotsTest {
    private static TinySlots slots(Arena arena, int self, int size) {
        return new TinySlots(self, size, arena.allocate(TinySlots.STRIDE * size, TinySlots.STRIDE).address());
    }

    @Test
    void oneSlotMessageOutstandingPerReceiverUntilItsCreditComesBack() {
        try (Arena arena = Arena.ofConfined()) {
            TinySlots t = slots(arena, 0, 3);
            assertFalse(t.maySend(0), "never to itself");
            assertTrue(t.maySend(1));
            for (int n = 1; n <= 40; n++) { // past the wrap of the 4-bit credit, twice
                t.sent(1);
                assertFalse(t.maySend(1), "message " + n + " is outstanding");
                assertTrue(t.maySend(2), "the credit is per receiver");
                t.credit(1, (n - 1) & Envelope.CREDIT_MASK); // rank 1 had not taken it yet when it wrote this
                assertFalse(t.maySend(1), "a stale credit must not free the slot (message " + n + ")");
                t.credit(1, n & Envelope.CREDIT_MASK);
                assertTrue(t.maySend(1), "rank 1 took message " + n);
                t.credit(1, n & Envelope.CREDIT_MASK); // repeated on later envelopes: no effect
                assertTrue(t.maySend(1));
            }
        }
    }

    @Test
    void aSlotIsFullWhileItsContextIsSetAndTakingItCountsTheCredit() {
        try (Arena arena = Arena.ofConfined()) {
            TinySlots t = slots(arena, 1, 4);
            for (int s = 0; s < 4; s++) {
                assertEquals(0, t.slot(s) % TinySlots.STRIDE, "memcpy's result must read as UCS_OK");
                assertFalse(t.full(s));
            }
            ALL.set(ValueLayout.JAVA_LONG, t.slot(2), UcxComm.WORLD_CONTEXT);
            assertTrue(t.full(2));
            assertFalse(t.full(3), "slots do not overlap");
            assertEquals(0, t.creditFor(2));
            t.release(2);
            assertFalse(t.full(2));
            assertEquals(1, t.creditFor(2), "the next envelope to rank 2 reports the message taken");
        }
    }

    @Test
    void derivedContextsAreNeverZero() {
        // an empty slot reads as context 0; the world context and every derived one differ from it
        assertTrue(UcxComm.WORLD_CONTEXT != 0);
        for (int c = 1; c <= 1000; c++) {
            assertTrue(hpjava.mpjdev.spi.CommCreation.deriveContext(UcxComm.WORLD_CONTEXT, new int[] {0, 1}, c) != 0);
        }
    }
}
