package hpjava.mpjdev.ucx.programs;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

/**
 * A multi-rank program exercising the ucx backend's own paths: eager and rendezvous messages interleaved on one tag
 * (non-overtaking across protocols), messages that arrive before their receive is posted (unexpected eager and
 * unexpected rendezvous), sends to oneself, ANY_SOURCE gathering, iwaitany. Prints {@code CHECK <name> ok} per
 * check on every rank; throws on the first mismatch.
 */
public final class PointToPoint {
    private PointToPoint() {}

    /** Sizes in ints: eager (small) and rendezvous (large) mixed. */
    private static final int[] SIZES = {2, 300_000, 16, 1 << 20, 1, 50_000, 3, 700};

    public static void main(String[] args) throws InterruptedException {
        Comm w = Comm.world();
        int me = w.id();
        int n = w.size();
        interleavedSizes(w, me, n);
        check(me, "interleaved-eager-and-rendezvous");
        unexpected(w, me, n);
        check(me, "unexpected-eager-and-rendezvous");
        self(w, me);
        check(me, "self");
        gather(w, me, n);
        check(me, "any-source-gather");
        waitAny(w, me, n);
        check(me, "iwaitany");
    }

    private static void check(int me, String name) {
        System.out.println("CHECK " + name + " ok on rank " + me);
    }

    private static int[] pattern(int size, int from, int k) {
        int[] a = new int[size];
        for (int i = 0; i < size; i++) a[i] = from * 1_000_003 + k * 7919 + i;
        return a;
    }

    private static void expect(int[] got, int size, int from, int k, String what) {
        if (got.length < size) throw new AssertionError(what + ": " + got.length + " ints, expected " + size);
        int[] want = pattern(size, from, k);
        for (int i = 0; i < size; i++) {
            if (got[i] != want[i]) {
                throw new AssertionError(what + ": message " + k + " from " + from + " differs at " + i + ": "
                        + got[i] + " != " + want[i] + " (a message overtook another?)");
            }
        }
    }

    /** Rank r sends SIZES to r+1 on one tag; the receiver must see them in order. */
    private static void interleavedSizes(Comm w, int me, int n) {
        Buffer out = Buffer.allocate(64);
        Buffer in = Buffer.allocate(64);
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        Request[] sends = new Request[1];
        for (int k = 0; k < SIZES.length; k++) {
            out.clear().write(pattern(SIZES[k], me, k));
            sends[0] = w.isend(out, next, 5);
            Status s = w.recv(in, prev, 5);
            sends[0].iwait();
            if (s.source() != prev || s.tag() != 5) throw new AssertionError("status " + s);
            int[] got = new int[in.nextCount()];
            in.read(got, 0);
            expect(got, SIZES[k], prev, k, "interleaved");
        }
        out.release();
        in.release();
    }

    /** Every rank sends all SIZES to rank 0 before rank 0 posts any receive. */
    private static void unexpected(Comm w, int me, int n) throws InterruptedException {
        if (me != 0) {
            Buffer[] bufs = new Buffer[SIZES.length];
            Request[] reqs = new Request[SIZES.length];
            for (int k = 0; k < SIZES.length; k++) {
                bufs[k] = Buffer.allocate(64);
                bufs[k].write(pattern(SIZES[k], me, k));
                reqs[k] = w.isend(bufs[k], 0, 9);
            }
            for (Request r : reqs) r.iwait();
            for (Buffer b : bufs) b.release();
        } else {
            Thread.sleep(300); // let the messages arrive unexpected
            Buffer in = Buffer.allocate(64);
            for (int src = 1; src < n; src++) {
                for (int k = 0; k < SIZES.length; k++) {
                    w.recv(in, src, 9);
                    int[] got = new int[in.nextCount()];
                    in.read(got, 0);
                    expect(got, SIZES[k], src, k, "unexpected");
                }
            }
            in.release();
        }
    }

    private static void self(Comm w, int me) {
        Buffer out = Buffer.allocate(64);
        Buffer in = Buffer.allocate(64);
        for (int k = 0; k < 2; k++) {
            int size = k == 0 ? 10 : 400_000;
            Request r = w.irecv(in, me, 11);
            out.clear().write(pattern(size, me, k));
            w.send(out, me, 11);
            r.iwait();
            int[] got = new int[in.nextCount()];
            in.read(got, 0);
            expect(got, size, me, k, "self");
        }
        out.release();
        in.release();
    }

    /** Rank 0 receives one message from every rank with ANY_SOURCE/ANY_TAG; each source exactly once. */
    private static void gather(Comm w, int me, int n) {
        Buffer b = Buffer.allocate(64);
        if (me != 0) {
            b.write(pattern(me * 1000, me, 0));
            w.send(b, 0, 20 + me);
        } else {
            boolean[] seen = new boolean[n];
            for (int i = 1; i < n; i++) {
                Status s = w.recv(b, Comm.ANY_SOURCE, Comm.ANY_TAG);
                int src = s.source();
                if (seen[src] || s.tag() != 20 + src) throw new AssertionError("gather: unexpected " + s);
                seen[src] = true;
                int[] got = new int[b.nextCount()];
                b.read(got, 0);
                expect(got, src * 1000, src, 0, "gather");
            }
        }
        b.release();
    }

    /**
     * Rank 0 posts a receive per peer and completes them with iwaitany; on a sub-communicator of every rank, so that
     * the messages cannot be taken by the ANY_SOURCE/ANY_TAG receives of {@link #gather} on the world.
     */
    private static void waitAny(Comm world, int me, int n) {
        int[] all = new int[n];
        for (int i = 0; i < n; i++) all[i] = i;
        Comm w = world.create(all);
        if (me != 0) {
            Buffer b = Buffer.allocate(64);
            b.write(pattern(me, me, 1));
            w.send(b, 0, 30);
            b.release();
            return;
        }
        Request[] reqs = new Request[n - 1];
        Buffer[] bufs = new Buffer[n - 1];
        for (int i = 0; i < n - 1; i++) {
            bufs[i] = Buffer.allocate(64);
            reqs[i] = w.irecv(bufs[i], i + 1, 30);
        }
        for (int done = 0; done < n - 1; done++) {
            Status s = Request.iwaitany(reqs);
            int i = s.index();
            if (reqs[i] == null || s.source() != i + 1) throw new AssertionError("iwaitany returned " + s);
            reqs[i] = null;
            int[] got = new int[bufs[i].nextCount()];
            bufs[i].read(got, 0);
            expect(got, i + 1, i + 1, 1, "iwaitany");
            bufs[i].release();
        }
    }
}
