package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

/**
 * Messages with check words in the header ({@link Buffer#clearWithCheckWords}, what Adlib's checked transfers send):
 * one with words only, one with words and two sections (sent non-blocking), then a plain message into the same
 * receive buffer, each to the right neighbour. The receiver checks the words in place (words that depend on the
 * sender, so a backend that drops, reorders or mixes them fails), the sections after them, the status, and that the
 * plain message reports none.
 */
final class CheckWordsCase implements ConformanceCase {
    private static final int TAG = 70;

    /** The first check word rank {@code r} sends on message {@code m}: all 64 bits in use. */
    private static long first(int r, int m) {
        return 0x9E37_79B9_7F4A_7C15L * (r + 1) ^ m;
    }

    @Override
    public void run(Comm world) {
        int right = Ring.right(world), left = Ring.left(world), me = world.id();
        Buffer wordsOnly = Buffer.allocate(0).clearWithCheckWords(first(me, 0), me);
        Buffer withData = Buffer.allocate(0).clearWithCheckWords(first(me, 1), -me - 1)
                .write(new int[] {me, 5, 6}).write(new double[] {me + 0.5});
        Buffer plain = Ring.ints(me);
        Buffer[] outs = {wordsOnly, withData, plain};
        Request[] sends = new Request[3];
        for (int i = 0; i < 3; i++) sends[i] = world.isend(outs[i], right, TAG + i);
        Buffer in = Buffer.allocate(0);
        try {
            Status s = world.recv(in, left, TAG);
            Expect.that(in.hasCheckWords(), "the words-only message has check words");
            Expect.that(in.checkWordsEqual(first(left, 0), left), "check words of the words-only message");
            Expect.equal(0, s.sectionCount(), "sections of the words-only message");
            Expect.equal(Buffer.HEADER_BYTES + Buffer.CHECK_WORDS_BYTES, s.byteCount(), "bytes of the words-only message");
            Expect.that(!in.hasNextSection(), "the words-only message has no section to read");

            s = world.irecv(in, left, TAG + 1).iwait();
            Expect.that(in.checkWordsEqual(first(left, 1), -left - 1), "check words of the message with data");
            Expect.that(!in.checkWordsEqual(first(left, 1), left), "check words differing in the second word");
            Expect.equal(first(left, 1), in.checkWord(0), "first check word read for a report");
            Expect.equal(2, s.sectionCount(), "sections of the message with words and data");
            Expect.equal(4, s.elementCount(), "elements of the message with words and data");
            int[] ints = new int[3];
            Expect.equal(3, in.read(ints, 0), "ints after the words");
            Expect.equal(left, ints[0], "first int after the words");
            double[] d = new double[1];
            Expect.equal(1, in.read(d, 0), "doubles after the ints");
            Expect.equal(left + 0.5, d[0], "the double after the words");

            world.recv(in, left, TAG + 2);
            Expect.that(!in.hasCheckWords(), "a plain message received into the same buffer has no check words");
            Expect.equal(left, Ring.readInts(in, 1)[0], "the plain message's int");
            Ring.waitAll(sends);
            Expect.equal(4, withData.status().elementCount(), "elements in the status of the send with words");
        } finally {
            Ring.releaseAll(outs);
            Ring.releaseAll(in);
        }
    }
}
