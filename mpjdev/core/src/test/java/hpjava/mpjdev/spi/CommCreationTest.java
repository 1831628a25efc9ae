package hpjava.mpjdev.spi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

class CommCreationTest {
    private static final long FIXED = 0xe2707b0ab5e92a2fL;

    @Test
    void checkIdsReturnsTheCallersNewId() {
        assertEquals(0, CommCreation.checkIds(new int[] {2, 0}, 3, 2));
        assertEquals(1, CommCreation.checkIds(new int[] {2, 0}, 3, 0));
        assertEquals(0, CommCreation.checkIds(new int[] {0}, 1, 0));
    }

    @Test
    void checkIdsNamesEachFault() {
        assertMessage("create: the id list is empty", () -> CommCreation.checkIds(new int[0], 4, 0));
        assertMessage("create: the id list is empty", () -> CommCreation.checkIds(null, 4, 0));
        assertMessage("create: id 4 in [0, 4] is not a rank of this communicator (size 4)",
                () -> CommCreation.checkIds(new int[] {0, 4}, 4, 0));
        assertMessage("create: id -1 in [-1] is not a rank of this communicator (size 4)",
                () -> CommCreation.checkIds(new int[] {-1}, 4, 0));
        assertMessage("create: id 2 appears twice in [0, 2, 2]", () -> CommCreation.checkIds(new int[] {0, 2, 2}, 4, 0));
        assertMessage("create: the calling rank (id 3) is not in [0, 1]", () -> CommCreation.checkIds(new int[] {0, 1}, 4, 3));
    }

    private static void assertMessage(String expected, Runnable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
        assertEquals(expected, e.getMessage());
    }

    @Test
    void deriveContextIsAPureFunctionOfParentListAndSequence() {
        int[] ids = {0, 2, 1};
        long c = CommCreation.deriveContext(5, ids, 0);
        assertEquals(c, CommCreation.deriveContext(5, new int[] {0, 2, 1}, 0));
        // a fixed value: every rank, process and backend must compute the same context, so the function may not
        // change without this test noticing
        assertEquals(FIXED, c, () -> "deriveContext(5, [0, 2, 1], 0) = 0x" + Long.toHexString(c));
        assertNotEquals(c, CommCreation.deriveContext(6, ids, 0), "parent");
        assertNotEquals(c, CommCreation.deriveContext(5, new int[] {0, 1, 2}, 0), "order of the list");
        assertNotEquals(c, CommCreation.deriveContext(5, new int[] {0, 2}, 0), "length of the list");
        assertNotEquals(c, CommCreation.deriveContext(5, ids, 1), "sequence");
    }

    @Test
    void derivedContextsOfManySiblingsAreDistinctAndNeverZero() {
        Set<Long> seen = new HashSet<>();
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                if (a == b) continue;
                for (int seq = 0; seq < 4; seq++) {
                    long c = CommCreation.deriveContext(0, new int[] {a, b}, seq);
                    assertNotEquals(0, c);
                    assertTrue(seen.add(c), () -> "collision at " + seen.size());
                }
            }
        }
    }

    @Test
    void sequencesCountPerIdList() {
        CommCreation world = CommCreation.forWorld(0);
        assertEquals(0, world.nextSequence(new int[] {0, 1}));
        assertEquals(1, world.nextSequence(new int[] {0, 1}));
        assertEquals(0, world.nextSequence(new int[] {1, 0}));
        assertEquals(2, world.nextSequence(new int[] {0, 1}));
    }

    @Test
    void createChecksDerivesAndGivesTheChildItsOwnState() {
        CommCreation world = CommCreation.forWorld(7);
        FakeComm a = world.create(new int[] {1, 0}, 2, 0, FakeComm::new);
        FakeComm b = world.create(new int[] {1, 0}, 2, 0, FakeComm::new);
        assertEquals(CommCreation.deriveContext(7, new int[] {1, 0}, 0), a.context);
        assertEquals(CommCreation.deriveContext(7, new int[] {1, 0}, 1), b.context);
        FakeComm nested = a.children.create(new int[] {1, 0}, 2, 1, FakeComm::new);
        assertEquals(CommCreation.deriveContext(a.context, new int[] {1, 0}, 0), nested.context);
        assertThrows(IllegalArgumentException.class, () -> world.create(new int[] {1}, 2, 0, FakeComm::new));
    }

    @Test
    void aCollisionWithALiveCommunicatorIsDetected() {
        CommCreation world = CommCreation.forWorld(7, (parent, ids, seq) -> 42);
        FakeComm first = world.create(new int[] {0, 1}, 2, 0, FakeComm::new);
        DeviceException e = assertThrows(DeviceException.class,
                () -> world.create(new int[] {1, 0}, 2, 0, FakeComm::new));
        assertTrue(e.getMessage().contains("creation #0 of [0, 1] from context 7"), e.getMessage());
        assertNotNull(first);
    }

    @Test
    void aCollisionWithTheWorldIsDetected() {
        CommCreation world = CommCreation.forWorld(7, (parent, ids, seq) -> 7);
        DeviceException e = assertThrows(DeviceException.class,
                () -> world.create(new int[] {0}, 1, 0, FakeComm::new));
        assertTrue(e.getMessage().contains("the world communicator"), e.getMessage());
    }

    /** Just enough of a communicator to be built and registered. */
    private static final class FakeComm extends Comm {
        final long context;
        final int size;
        final CommCreation children;

        FakeComm(long context, int[] ids, CommCreation children) {
            this.context = context;
            this.size = ids.length;
            this.children = children;
        }

        @Override public int size() { return size; }
        @Override public int id() { return 0; }
        @Override public void send(Buffer buf, int dest, int tag) { throw new UnsupportedOperationException(); }
        @Override public Status recv(Buffer buf, int source, int tag) { throw new UnsupportedOperationException(); }
        @Override public Request isend(Buffer buf, int dest, int tag) { throw new UnsupportedOperationException(); }
        @Override public Request irecv(Buffer buf, int source, int tag) { throw new UnsupportedOperationException(); }
        @Override public Comm create(int[] ids) { return children.create(ids, size, 0, FakeComm::new); }
        @Override public String backendName() { return "fake"; }
    }
}
