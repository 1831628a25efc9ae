package hpjava.mpjdev.ucx;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The matching rules without UCX: posting order, arrival order, wildcards, contexts, held-back reordering. */
class MatcherTest {
    private static final long CTX = 77;

    /** Records landings as "receiveName<-source:tag:seq"; copies nothing. */
    private static final class Recording extends Matcher {
        final List<String> landed = new ArrayList<>();
        int copies;

        Recording(int worldSize) {
            super(worldSize);
        }

        @Override
        protected void land(PostedReceive r, Arrival a) {
            landed.add(r.owner + "<-" + a.source + ":" + a.tag + ":" + a.seq);
        }

        @Override
        protected void copy(Arrival a) {
            copies++;
        }

        boolean arrive(long ctx, int src, int tag, int seq, int kind, boolean ucxMayKeep) {
            Arrival a = obtain();
            a.set(ctx, src, tag, seq, kind, ucxMayKeep, 0, 100, -1, 0);
            return arrive(a);
        }

        PostedReceive post(String name, long ctx, int src, int tag) {
            PostedReceive r = new PostedReceive(name);
            r.context = ctx;
            r.source = src;
            r.tag = tag;
            post(r);
            return r;
        }
    }

    @Test
    void unconsumedListsTheQueuedMessagesOfOneSenderOnly() {
        Recording m = new Recording(3);
        m.arrive(CTX, 1, 4, 0, Arrival.RENDEZVOUS, false);
        m.arrive(CTX, 2, 4, 0, Arrival.RENDEZVOUS, false);
        m.arrive(CTX, 1, 5, 1, Arrival.RENDEZVOUS, false);
        m.arrive(CTX, 1, 6, 2, Arrival.RENDEZVOUS, false);
        m.arrive(CTX, 1, 7, 4, Arrival.RENDEZVOUS, false); // held back: seq 3 is missing
        m.post("tag5", CTX, 1, 5);
        assertEquals(List.of("tag5<-1:5:1"), m.landed);
        assertEquals(3, m.delivered(1));
        assertEquals(List.of(0, 2), java.util.Arrays.stream(m.unconsumed(1)).boxed().toList());
        assertEquals(List.of(0), java.util.Arrays.stream(m.unconsumed(2)).boxed().toList());
        assertEquals(0, m.unconsumed(0).length);
    }

    @Test
    void postedReceivesMatchInPostingOrderWithWildcards() {
        Recording m = new Recording(3);
        m.post("anyAny", CTX, PostedReceive.ANY, PostedReceive.ANY);
        m.post("from2tag5", CTX, 2, 5);
        m.post("otherContext", CTX + 1, 2, 5);
        assertFalse(m.arrive(CTX, 2, 5, 0, Arrival.EAGER_IN_CALLBACK, true));
        assertFalse(m.arrive(CTX, 2, 5, 1, Arrival.EAGER_IN_CALLBACK, true));
        assertEquals(List.of("anyAny<-2:5:0", "from2tag5<-2:5:1"), m.landed);
        assertTrue(m.hasPosted(), "the receive on the other context must still wait");
    }

    @Test
    void unexpectedMessagesAreTakenInArrivalOrderAndRetained() {
        Recording m = new Recording(2);
        assertTrue(m.arrive(CTX, 1, 4, 0, Arrival.EAGER_IN_CALLBACK, true), "UCX keeps eager data it allows to keep");
        assertFalse(m.arrive(CTX, 1, 4, 1, Arrival.EAGER_IN_CALLBACK, false), "other eager data is copied");
        assertTrue(m.arrive(CTX, 1, 4, 2, Arrival.RENDEZVOUS, false), "a rendezvous descriptor is kept");
        assertEquals(1, m.copies);
        assertEquals(3, m.unexpectedCount());
        m.post("a", CTX, 1, 4);
        m.post("b", CTX, PostedReceive.ANY, PostedReceive.ANY);
        m.post("c", CTX, 1, PostedReceive.ANY);
        assertEquals(List.of("a<-1:4:0", "b<-1:4:1", "c<-1:4:2"), m.landed);
        assertEquals(0, m.unexpectedCount());
    }

    @Test
    void aMessageThatOvertakesAnEarlierOneIsHeldBack() {
        Recording m = new Recording(2);
        m.post("first", CTX, 1, 9);
        m.post("second", CTX, 1, 9);
        m.post("third", CTX, 1, 9);
        // seq 2 and 1 arrive before seq 0 (e.g. a rendezvous header delayed behind eager messages)
        assertTrue(m.arrive(CTX, 1, 9, 2, Arrival.EAGER_IN_CALLBACK, true));
        assertTrue(m.arrive(CTX, 1, 9, 1, Arrival.RENDEZVOUS, false));
        assertEquals(List.of(), m.landed);
        assertEquals(0, m.delivered(1));
        assertFalse(m.arrive(CTX, 1, 9, 0, Arrival.EAGER_IN_CALLBACK, false));
        assertEquals(List.of("first<-1:9:0", "second<-1:9:1", "third<-1:9:2"), m.landed);
        assertEquals(3, m.delivered(1));
    }

    @Test
    void sourcesAreOrderedIndependently() {
        Recording m = new Recording(3);
        m.post("x", CTX, PostedReceive.ANY, 1);
        assertTrue(m.arrive(CTX, 1, 1, 1, Arrival.EAGER_IN_CALLBACK, true)); // held back: seq 0 from 1 missing
        assertFalse(m.arrive(CTX, 2, 1, 0, Arrival.EAGER_IN_CALLBACK, true));
        assertEquals(List.of("x<-2:1:0"), m.landed);
        assertEquals(0, m.delivered(1));
        assertEquals(1, m.delivered(2));
    }

    @Test
    void unpostedReceivesAreNotMatchedAndArrivalsArePooled() {
        Recording m = new Recording(2);
        PostedReceive r = m.post("gone", CTX, 1, 3);
        m.unpost(r);
        assertTrue(m.arrive(CTX, 1, 3, 0, Arrival.EAGER_IN_CALLBACK, true));
        assertEquals(List.of(), m.landed);
        m.post("later", CTX, 1, 3);
        Arrival recycled = m.obtain();
        Arrival fresh = m.obtain();
        assertTrue(recycled != fresh);
        assertEquals(List.of("later<-1:3:0"), m.landed);
    }

    @Test
    void theInOrderFastPathTakesTheFirstMatchingReceiveThenReleasesHeldBackMessages() {
        Recording m = new Recording(2);
        m.post("any", CTX, PostedReceive.ANY, 9);
        m.post("from1", CTX, 1, 9);
        assertTrue(m.arrive(CTX, 1, 9, 1, Arrival.EAGER_IN_CALLBACK, true)); // seq 1 overtakes seq 0: held back
        assertEquals(null, m.takeInOrder(CTX, 1, 9, 2), "out of order: nothing taken");
        assertEquals(null, m.takeInOrder(CTX, 1, 8, 0), "no receive matches tag 8: nothing taken");
        assertEquals(0, m.delivered(1), "a refused fast path changes nothing");
        PostedReceive r = m.takeInOrder(CTX, 1, 9, 0);
        assertEquals("any", r.owner, "the first matching receive in posting order");
        assertFalse(r.posted);
        assertEquals(1, m.delivered(1));
        m.deliverHeldBack(1);
        assertEquals(List.of("from1<-1:9:1"), m.landed, "the held-back message follows into the next receive");
        assertEquals(2, m.delivered(1));
        assertFalse(m.hasPosted());
    }
}
