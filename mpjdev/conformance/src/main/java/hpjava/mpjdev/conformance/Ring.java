package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;

/** Helpers shared by the cases: ring neighbours and small messages. */
final class Ring {
    private Ring() {}

    /** The next rank around the ring (the caller itself when the communicator has one rank). */
    static int right(Comm c) {
        return (c.id() + 1) % c.size();
    }

    /** The previous rank around the ring. */
    static int left(Comm c) {
        return (c.id() + c.size() - 1) % c.size();
    }

    /** A buffer holding one section with the given ints. */
    static Buffer ints(int... values) {
        Buffer b = Buffer.allocate(64 + 4L * values.length);
        b.write(values);
        return b;
    }

    /** Reads a one-section int message of exactly {@code n} ints. */
    static int[] readInts(Buffer b, int n) {
        int[] v = new int[n];
        int got = b.read(v, 0);
        Expect.equal(n, got, "ints in the message");
        Expect.that(!b.hasNextSection(), "the message has no further section");
        return v;
    }

    /** Waits for every non-null request. */
    static void waitAll(Request[] rs) {
        for (Request r : rs) if (r != null) r.iwait();
    }

    /**
     * Releases every non-null buffer that no pending operation holds (after a failure, buffers still lent to the
     * device are left to the garbage collector rather than masking the failure with a release error).
     */
    static void releaseAll(Buffer... bs) {
        for (Buffer b : bs) if (b != null && !b.isLent()) b.release();
    }
}
