package hpjava.mpjdev.conformance;

import java.io.File;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.ObjectRejectedException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

/**
 * Object messages and the object filter.
 * <ol>
 * <li>An object section with the program's own classes (a record, an enum, a class with a cyclic reference), JDK
 *     value types (String, boxes, BigDecimal, java.time, collections, arrays) and {@code null}, plus a primitive
 *     section after it: every object must come back equal, a shared reference must stay shared, and the following
 *     primitive section must still be readable.</li>
 * <li>A rejected class: an object section holding a {@code java.io.File} (a JDK class that is not a value type),
 *     directly and nested in a list, must fail to read with {@link ObjectRejectedException} naming the class; the
 *     rank must be able to communicate normally afterwards.</li>
 * </ol>
 */
final class ObjectsCase implements ConformanceCase {
    private static final int TAG = 80;

    /** A program record. */
    record Point(int x, String label, double[] weights) implements Serializable {
        @Override
        public boolean equals(Object o) {
            return o instanceof Point p && p.x == x && p.label.equals(label) && java.util.Arrays.equals(p.weights, weights);
        }

        @Override
        public int hashCode() {
            return x;
        }
    }

    /** A program enum. */
    enum Colour { RED, GREEN }

    /** A program class with a cycle. */
    static final class Node implements Serializable {
        private static final long serialVersionUID = 1L;
        final int value;
        Node next;

        Node(int value) {
            this.value = value;
        }
    }

    static Object[] objects(int seed) {
        Point shared = new Point(seed, "p" + seed, new double[] {seed, 0.5});
        Node a = new Node(seed), b = new Node(seed + 1);
        a.next = b;
        b.next = a;
        Map<String, Integer> map = new HashMap<>();
        map.put("rank", seed);
        List<Object> list = new ArrayList<>(List.of("x", seed, 2.5));
        return new Object[] {"hello from " + seed, seed, (long) seed << 33, new BigDecimal("1.25").add(BigDecimal.valueOf(seed)),
                LocalDate.of(2003, 1, 1 + seed % 28), map, list, List.of(1, 2, 3), new int[] {seed, 2, 3},
                new String[] {"a", null}, shared, shared, Colour.GREEN, a, null};
    }

    @Override
    public void run(Comm world) {
        int right = Ring.right(world), left = Ring.left(world);
        Buffer out = Buffer.allocate(256);
        Object[] mine = objects(world.id());
        out.writeObjects(mine, 0, mine.length).write(new long[] {world.id(), -7});
        Request send = world.isend(out, right, TAG);
        Buffer in = Buffer.allocate(64);
        try {
            Status s = world.recv(in, left, TAG);
            Expect.equal(2, s.sectionCount(), "sections of the object message");
            Object[] expected = objects(left);
            Expect.equal(expected.length, in.nextCount(), "objects in the section");
            Object[] got = new Object[expected.length + 1];
            Expect.equal(expected.length, in.readObjects(got, 1), "objects read");
            Expect.that(got[0] == null, "objects are read at the given offset");
            for (int i = 0; i < 10; i++) Expect.equal(expected[i], got[1 + i], "object " + i);
            Expect.that(got[11] == got[12], "a reference written twice arrives as one shared object");
            Expect.equal(expected[10], got[11], "program record");
            Expect.that(got[13] == Colour.GREEN, "a program enum arrives as the same constant");
            Node n = (Node) got[14];
            Expect.equal(left, n.value, "cyclic node value");
            Expect.that(n.next.next == n, "a cycle stays a cycle");
            Expect.that(got[15] == null, "null travels as null");
            long[] tail = new long[2];
            in.read(tail, 0);
            Expect.equal(left, tail[0], "primitive section after the object section");
            send.iwait();

            // Rejected classes, directly and nested.
            Object[][] rejected = {{new File("/etc/hostname")}, {new ArrayList<>(List.of("ok", new File("x")))}};
            for (Object[] bad : rejected) {
                out.clear().writeObjects(bad, 0, 1);
                send = world.isend(out, right, TAG + 1);
                world.recv(in, left, TAG + 1);
                ObjectRejectedException e = Expect.throwsA(ObjectRejectedException.class,
                        "reading an object section holding a java.io.File", () -> in.readObject());
                Expect.equal("java.io.File", e.className(), "the rejected class named by the exception");
                Expect.that(e.getMessage().contains("java.io.File"), "the message names the rejected class: " + e.getMessage());
                send.iwait();
            }
            // Still healthy.
            out.clear().writeObject("after");
            send = world.isend(out, right, TAG + 2);
            world.recv(in, left, TAG + 2);
            Expect.equal("after", in.readObject(), "an object message after a rejection");
            send.iwait();
        } finally {
            Ring.releaseAll(out, in);
        }
    }
}
