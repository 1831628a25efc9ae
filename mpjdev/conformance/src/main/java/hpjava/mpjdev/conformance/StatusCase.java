package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

/**
 * Status fields. Every rank sends its right neighbour a message of three sections (5 ints, 3 doubles, 1 object)
 * with a tag depending on the sender. The receiver, with both wildcards, must see source, tag, section count,
 * element count 9 and the byte count of the same message built locally; {@code index} is -1 after {@code recv} and
 * {@code iwait}, and the position in the array after {@code iwaitany}. The sender's buffer status after completion
 * names the sender and the tag.
 */
final class StatusCase implements ConformanceCase {
    private static final int TAG_BASE = 200;

    static Buffer message(int sender) {
        return Buffer.allocate(256).write(new int[] {1, 2, 3, 4, sender}).write(new double[] {0.5, 1.5, sender})
                .writeObject("from " + sender);
    }

    @Override
    public void run(Comm world) {
        int right = Ring.right(world), left = Ring.left(world), me = world.id();
        Buffer expected = message(left);
        Buffer in = Buffer.allocate(64);
        Buffer[] outs = {message(me), message(me)};
        try {
            Request s1 = world.isend(outs[0], right, TAG_BASE + me);
            Status s = world.recv(in, Comm.ANY_SOURCE, Comm.ANY_TAG);
            check(s, left, expected, -1, "recv");
            Expect.that(s == in.status(), "recv returns the buffer's status");
            Status ss = s1.iwait();
            Expect.equal(me, ss.source(), "source in a send's status (own id)");
            Expect.equal(TAG_BASE + me, ss.tag(), "tag in a send's status");
            Expect.equal(outs[0].length(), ss.byteCount(), "byte count in a send's status");
            Expect.equal(-1, ss.index(), "index in a send's status");

            Request[] rs = new Request[3];
            rs[2] = world.irecv(in, left, Comm.ANY_TAG);
            Request s2 = world.isend(outs[1], right, TAG_BASE + me);
            s = Request.iwaitany(rs);
            check(s, left, expected, 2, "iwaitany");
            s = rs[2].iwait();
            check(s, left, expected, -1, "iwait after iwaitany");
            s2.iwait();
        } finally {
            Ring.releaseAll(expected, in);
            Ring.releaseAll(outs);
        }
    }

    private static void check(Status s, int left, Buffer expected, int index, String how) {
        Expect.equal(left, s.source(), how + ": source");
        Expect.equal(TAG_BASE + left, s.tag(), how + ": tag");
        Expect.equal(3, s.sectionCount(), how + ": section count");
        Expect.equal(9, s.elementCount(), how + ": element count");
        Expect.equal(expected.length(), s.byteCount(), how + ": byte count (length of the same message built here)");
        Expect.equal(index, s.index(), how + ": index");
    }
}
