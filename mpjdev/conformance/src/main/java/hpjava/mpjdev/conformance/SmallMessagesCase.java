package hpjava.mpjdev.conformance;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.SectionType;
import hpjava.mpjdev.Status;

/**
 * Small messages, where backends take short paths (ucx carries up to 8 bytes of one primitive section in a compact
 * form): for every primitive type one message per element count from 0 up to 16 bytes of data, and a message without
 * sections, each to the right neighbour under its own tag. Twice: first arriving before their receives are posted
 * (the sender's token follows them, and non-overtaking puts them ahead of it; they are then received in reverse
 * order), then with every receive posted before the sender starts (the receiver's token says so). The receiver
 * checks status and values.
 */
final class SmallMessagesCase implements ConformanceCase {
    private static final int TAG = 4_000;
    private static final int TOKEN = 3_999;
    private static final int MAX_BYTES = 16;

    /** One message: its section type (null: no section) and element count. */
    private record Shape(SectionType type, int count) {
        Buffer pack(int seed) {
            Buffer b = Buffer.allocate(0);
            if (type != null) b.write(Patterns.filled(type, count, seed));
            return b;
        }

        /** Checks a message from {@code source}, whose values are the pattern seeded with the sender's id. */
        void check(Buffer in, Status s, int source, int tag) {
            String what = this + " from " + source;
            Expect.equal(source, s.source(), what + ": status source");
            Expect.equal(tag, s.tag(), what + ": status tag");
            Expect.equal(type == null ? 0 : 1, s.sectionCount(), what + ": sections");
            Expect.equal(count, s.elementCount(), what + ": elements");
            long dataBytes = type == null ? 0 : (long) count * type.elementBytes();
            long expectedBytes = Buffer.HEADER_BYTES
                    + (type == null ? 0 : Buffer.SECTION_HEADER_BYTES + ((dataBytes + 7) & ~7L));
            Expect.equal(expectedBytes, s.byteCount(), what + ": bytes");
            if (type != null) {
                Expect.equal(type, in.nextType(), what + ": section type");
                Object got = Array.newInstance(type.arrayClass().getComponentType(), count);
                Expect.equal(count, in.read(got, 0), what + ": elements read");
                for (int i = 0; i < count; i++) Patterns.expect(got, i, Patterns.value(type, source, i), what);
            }
            Expect.that(!in.hasNextSection(), what + ": no further section");
        }
    }

    private static List<Shape> shapes() {
        List<Shape> shapes = new ArrayList<>();
        shapes.add(new Shape(null, 0));
        for (SectionType t : Patterns.primitiveTypes()) {
            for (int n = 0; n * t.elementBytes() <= MAX_BYTES; n++) shapes.add(new Shape(t, n));
        }
        return shapes;
    }

    @Override
    public void run(Comm world) {
        int right = Ring.right(world), left = Ring.left(world);
        List<Shape> shapes = shapes();
        int k = shapes.size();
        Buffer[] outs = new Buffer[k];
        Buffer[] ins = new Buffer[k];
        Buffer token = Buffer.allocate(0);
        Buffer tokenIn = Buffer.allocate(0);
        try {
            for (int i = 0; i < k; i++) {
                outs[i] = shapes.get(i).pack(world.id());
                ins[i] = Buffer.allocate(0);
            }
            // 1. unexpected: all messages, then the token, are sent before the neighbour posts anything
            Request[] sends = new Request[k];
            for (int i = 0; i < k; i++) sends[i] = world.isend(outs[i], right, TAG + i);
            Request tokenSent = world.isend(token, right, TOKEN);
            world.recv(tokenIn, left, TOKEN);
            for (int i = k - 1; i >= 0; i--) {
                Status s = world.recv(ins[i], left, TAG + i);
                shapes.get(i).check(ins[i], s, left, TAG + i);
            }
            Ring.waitAll(sends);
            tokenSent.iwait();

            // 2. posted first: every receive is posted before the left neighbour is told to send
            Request[] recvs = new Request[k];
            for (int i = 0; i < k; i++) recvs[i] = world.irecv(ins[i], left, TAG + i);
            tokenSent = world.isend(token, left, TOKEN);
            world.recv(tokenIn, right, TOKEN);
            for (int i = 0; i < k; i++) world.send(outs[i], right, TAG + i);
            for (int i = 0; i < k; i++) shapes.get(i).check(ins[i], recvs[i].iwait(), left, TAG + i);
            tokenSent.iwait();
        } finally {
            Ring.releaseAll(outs);
            Ring.releaseAll(ins);
            Ring.releaseAll(token, tokenIn);
        }
    }
}
