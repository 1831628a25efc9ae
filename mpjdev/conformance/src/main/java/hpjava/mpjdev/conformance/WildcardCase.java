package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

/**
 * {@code ANY_SOURCE} and {@code ANY_TAG}.
 * <ol>
 * <li>Every rank sends its id to rank 0 (rank 0 to itself too) with a tag depending on the sender; rank 0 receives
 *     them with {@code ANY_SOURCE} and a fixed tag per round, then checks that each source came exactly once and
 *     that the status source matches the payload.</li>
 * <li>Every rank sends three messages with tags 7, 3, 5 to its right neighbour; the neighbour receives them from
 *     that source with {@code ANY_TAG} and must see the tags in sending order, with the status tag matching the
 *     payload.</li>
 * <li>Both wildcards at once: every rank sends one message to rank 0, received with {@code ANY_SOURCE, ANY_TAG}.</li>
 * </ol>
 */
final class WildcardCase implements ConformanceCase {
    private static final int TAG_SRC = 21, TAG_BOTH_BASE = 1000;
    private static final int[] TAGS = {7, 3, 5};

    @Override
    public void run(Comm world) {
        int n = world.size(), me = world.id();
        Buffer in = Buffer.allocate(64);
        try {
            // 1: ANY_SOURCE with a given tag.
            Buffer out = Ring.ints(me);
            Request send = world.isend(out, 0, TAG_SRC);
            if (me == 0) {
                boolean[] seen = new boolean[n];
                for (int i = 0; i < n; i++) {
                    Status s = world.recv(in, Comm.ANY_SOURCE, TAG_SRC);
                    int src = s.source();
                    Expect.that(src >= 0 && src < n, "ANY_SOURCE status source " + src + " is a rank");
                    Expect.equal(src, Ring.readInts(in, 1)[0], "payload (sender id) of the message from source " + src);
                    Expect.that(!seen[src], "source " + src + " received only once");
                    seen[src] = true;
                    Expect.equal(TAG_SRC, s.tag(), "tag of ANY_SOURCE receive");
                }
            }
            send.iwait();
            out.release();

            // 2: ANY_TAG from a given source keeps sending order.
            Buffer[] outs = new Buffer[TAGS.length];
            Request[] sends = new Request[TAGS.length];
            for (int i = 0; i < TAGS.length; i++) {
                outs[i] = Ring.ints(TAGS[i]);
                sends[i] = world.isend(outs[i], Ring.right(world), TAGS[i]);
            }
            for (int i = 0; i < TAGS.length; i++) {
                Status s = world.recv(in, Ring.left(world), Comm.ANY_TAG);
                Expect.equal(TAGS[i], s.tag(), "tag of ANY_TAG receive " + i + " (sending order 7, 3, 5)");
                Expect.equal(s.tag(), Ring.readInts(in, 1)[0], "payload of the message with tag " + s.tag());
                Expect.equal(Ring.left(world), s.source(), "source of ANY_TAG receive");
            }
            Ring.waitAll(sends);
            Ring.releaseAll(outs);

            // 3: ANY_SOURCE and ANY_TAG together; tag encodes the sender.
            out = Ring.ints(me);
            send = world.isend(out, 0, TAG_BOTH_BASE + me);
            if (me == 0) {
                boolean[] seen = new boolean[n];
                for (int i = 0; i < n; i++) {
                    Status s = world.recv(in, Comm.ANY_SOURCE, Comm.ANY_TAG);
                    int src = s.source();
                    Expect.equal(TAG_BOTH_BASE + src, s.tag(), "tag of the wildcard message from " + src);
                    Expect.equal(src, Ring.readInts(in, 1)[0], "payload of the wildcard message from " + src);
                    Expect.that(!seen[src], "source " + src + " received only once");
                    seen[src] = true;
                }
            }
            send.iwait();
            out.release();
        } finally {
            Ring.releaseAll(in);
        }
    }
}
