package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.SectionType;
import hpjava.mpjdev.Status;

/**
 * Zero-length messages: a message with no section (header only), one with an empty primitive section and one with
 * an empty object section, each sent to the right neighbour, blocking and non-blocking; the receiver checks counts,
 * sections and that the empty sections read back as empty.
 */
final class ZeroLengthCase implements ConformanceCase {
    private static final int TAG = 50;

    @Override
    public void run(Comm world) {
        int right = Ring.right(world), left = Ring.left(world);
        Buffer none = Buffer.allocate(0);
        Buffer emptyInts = Buffer.allocate(0).write(new int[0]);
        Buffer emptyObjects = Buffer.allocate(0).writeObjects(new Object[0], 0, 0);
        Buffer[] outs = {none, emptyInts, emptyObjects};
        Request[] sends = new Request[3];
        for (int i = 0; i < 3; i++) sends[i] = world.isend(outs[i], right, TAG + i);
        Buffer in = Buffer.allocate(0);
        try {
            Status s = world.recv(in, left, TAG);
            Expect.equal(0, s.sectionCount(), "sections of the header-only message");
            Expect.equal(0, s.elementCount(), "elements of the header-only message");
            Expect.equal(Buffer.HEADER_BYTES, s.byteCount(), "bytes of the header-only message");
            Expect.that(!in.hasNextSection(), "the header-only message has no section to read");

            Buffer in2 = Buffer.allocate(0);
            Request r = world.irecv(in2, left, TAG + 1);
            s = r.iwait();
            Expect.equal(1, s.sectionCount(), "sections of the empty int message");
            Expect.equal(0, s.elementCount(), "elements of the empty int message");
            Expect.equal(SectionType.INT, in2.nextType(), "type of the empty section");
            Expect.equal(0, in2.nextCount(), "count of the empty section");
            Expect.equal(0, in2.read(new int[0], 0), "ints read from the empty section");
            in2.release();

            s = world.recv(in, left, TAG + 2);
            Expect.equal(1, s.sectionCount(), "sections of the empty object message");
            Expect.equal(0, s.elementCount(), "objects in the empty object message");
            Expect.equal(0, in.readObjects(new Object[0], 0), "objects read from the empty object section");
            Ring.waitAll(sends);
            for (int i = 0; i < 3; i++) {
                Expect.equal(0, outs[i].status().elementCount(), "elements in the status of empty send " + i);
                Expect.equal(world.id(), outs[i].status().source(), "source in the status of a send (own id)");
            }
        } finally {
            Ring.releaseAll(outs);
            Ring.releaseAll(in);
        }
    }
}
