package hpjava.mpjdev.conformance;

import java.util.stream.IntStream;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

/**
 * Sub-communicators from id lists.
 * <ol>
 * <li>Even and odd ranks: size and ids follow the list, a ring exchange inside each carries world ranks and
 *     {@code ANY_SOURCE} reports sources as ids of the sub-communicator.</li>
 * <li>The reversed list: id {@code n-1-r}; a nested sub-communicator of its first half.</li>
 * <li>Contexts are private: the same (peer, tag) is used on the world, on a copy of the world and on a second copy
 *     made from the same list; each receive gets its own communicator's message even when posted in the opposite order
 *     of the sends.</li>
 * <li>Bad id lists are rejected with {@link IllegalArgumentException}.</li>
 * </ol>
 */
final class SubCommCase implements ConformanceCase {
    private static final int TAG = 90;

    @Override
    public void run(Comm world) {
        int n = world.size(), me = world.id();

        // 1: evens and odds.
        int parity = me % 2;
        int[] ids = IntStream.range(0, n).filter(r -> r % 2 == parity).toArray();
        Comm half = world.create(ids);
        Expect.equal(ids.length, half.size(), "size of the " + (parity == 0 ? "even" : "odd") + " sub-communicator");
        Expect.equal(me / 2, half.id(), "id in the parity sub-communicator");
        ringExchange(half, ids);

        // 2: reversed, then nested.
        int[] rev = IntStream.range(0, n).map(i -> n - 1 - i).toArray();
        Comm reversed = world.create(rev);
        Expect.equal(n, reversed.size(), "size of the reversed communicator");
        Expect.equal(n - 1 - me, reversed.id(), "id in the reversed communicator");
        ringExchange(reversed, rev);
        int firstHalf = (n + 1) / 2;
        if (reversed.id() < firstHalf) {
            int[] sub = IntStream.range(0, firstHalf).toArray();
            Comm nested = reversed.create(sub);
            Expect.equal(firstHalf, nested.size(), "size of the nested communicator");
            Expect.equal(reversed.id(), nested.id(), "id in the nested communicator");
            int[] worldOf = IntStream.range(0, firstHalf).map(i -> rev[i]).toArray();
            ringExchange(nested, worldOf);
        }

        // 3: private contexts.
        int[] all = IntStream.range(0, n).toArray();
        Comm copy1 = world.create(all), copy2 = world.create(all);
        Expect.equal(me, copy1.id(), "id in a copy of the world");
        Comm[] comms = {world, copy1, copy2};
        Buffer[] outs = new Buffer[3];
        Request[] sends = new Request[3];
        for (int c = 0; c < 3; c++) {
            outs[c] = Ring.ints(c);
            sends[c] = comms[c].isend(outs[c], Ring.right(world), TAG);
        }
        Buffer in = Buffer.allocate(64);
        for (int c = 2; c >= 0; c--) {
            comms[c].recv(in, Ring.left(world), TAG);
            Expect.equal(c, Ring.readInts(in, 1)[0], "message received on communicator " + c + " (0 = world, 1, 2 = copies)");
        }
        Ring.waitAll(sends);
        Ring.releaseAll(outs);
        in.release();

        // 4: bad lists.
        Expect.throwsA(IllegalArgumentException.class, "create with an empty list", () -> world.create(new int[0]));
        Expect.throwsA(IllegalArgumentException.class, "create with an id out of range", () -> world.create(new int[] {me, n}));
        Expect.throwsA(IllegalArgumentException.class, "create with a duplicate id", () -> world.create(new int[] {me, me}));
        if (n > 1) {
            Expect.throwsA(IllegalArgumentException.class, "create with a list not holding the caller",
                    () -> world.create(new int[] {(me + 1) % n}));
        }
    }

    /** Each member sends its world rank to its right neighbour in {@code c}; {@code worldOf[k]} is member k's world rank. */
    private static void ringExchange(Comm c, int[] worldOf) {
        Buffer out = Ring.ints(worldOf[c.id()]);
        Request send = c.isend(out, Ring.right(c), TAG + 1);
        Buffer in = Buffer.allocate(64);
        Status s = c.recv(in, Comm.ANY_SOURCE, TAG + 1);
        Expect.equal(Ring.left(c), s.source(), "ANY_SOURCE source id in a sub-communicator of size " + c.size());
        Expect.equal(worldOf[Ring.left(c)], Ring.readInts(in, 1)[0], "world rank sent by the left neighbour in a sub-communicator");
        send.iwait();
        out.release();
        in.release();
    }
}
