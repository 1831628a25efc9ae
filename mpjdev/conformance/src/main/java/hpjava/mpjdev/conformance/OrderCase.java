package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

/**
 * Non-overtaking order. Every rank streams {@value #K} messages to its right neighbour.
 * <ol>
 * <li>Tag selection keeps order per tag: messages alternate between two tags; the receiver first takes every
 *     message of the second tag by that tag, then the rest with {@code ANY_TAG}; each group must arrive in the order
 *     sent (sends are non-blocking, so the receiver can skip over the first tag's messages).</li>
 * <li>Posted receives match in posting order: the receiver posts all receives first, then the sender sends with
 *     blocking {@code send}; receive k must hold message k.</li>
 * </ol>
 */
final class OrderCase implements ConformanceCase {
    static final int K = 100;
    private static final int TAG_A = 11, TAG_B = 12, TAG_C = 13;

    @Override
    public void run(Comm world) {
        int right = Ring.right(world), left = Ring.left(world);
        // Part 1: interleaved tags, non-blocking sends, blocking receives selecting by tag.
        Buffer[] out = new Buffer[K];
        Request[] sends = new Request[K];
        for (int k = 0; k < K; k++) {
            out[k] = Ring.ints(world.id(), k);
            sends[k] = world.isend(out[k], right, k % 2 == 0 ? TAG_A : TAG_B);
        }
        Buffer in = Buffer.allocate(64);
        try {
            for (int k = 1; k < K; k += 2) {
                Status s = world.recv(in, left, TAG_B);
                Expect.equal(TAG_B, s.tag(), "tag of message " + k);
                int[] v = Ring.readInts(in, 2);
                Expect.equal(left, v[0], "sender recorded in message " + k);
                Expect.equal(k, v[1], "sequence number of the " + (k / 2) + "th message with tag " + TAG_B);
            }
            for (int k = 0; k < K; k += 2) {
                Status s = world.recv(in, left, Comm.ANY_TAG);
                Expect.equal(TAG_A, s.tag(), "tag of the " + (k / 2) + "th message received with ANY_TAG");
                Expect.equal(k, Ring.readInts(in, 2)[1], "sequence number of the " + (k / 2) + "th ANY_TAG message");
            }
            Ring.waitAll(sends);
        } finally {
            Ring.releaseAll(out);
        }

        // Part 2: receives posted before any send; blocking sends.
        Buffer[] into = new Buffer[K];
        Request[] recvs = new Request[K];
        for (int k = 0; k < K; k++) {
            into[k] = Buffer.allocate(64);
            recvs[k] = world.irecv(into[k], left, TAG_C);
        }
        try {
            // Every rank posted its receives before sending, so blocking sends (also to oneself at np=1) complete.
            for (int k = 0; k < K; k++) {
                in.clear().write(new int[] {world.id(), k});
                world.send(in, right, TAG_C);
            }
            for (int k = 0; k < K; k++) {
                Status s = recvs[k].iwait();
                Expect.equal(left, s.source(), "source of posted receive " + k);
                Expect.equal(k, Ring.readInts(into[k], 2)[1], "sequence number in posted receive " + k);
            }
        } finally {
            Ring.releaseAll(into);
            Ring.releaseAll(in);
        }
    }
}
