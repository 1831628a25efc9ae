package hpjava.mpjdev.conformance;

import java.util.concurrent.locks.LockSupport;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

/**
 * Non-blocking completion.
 * <ol>
 * <li>{@code iwaitany}: every rank posts {@value #M} receives from its left neighbour, one per tag, and the neighbour
 *     sends the tags in reverse order. Looping {@code iwaitany} (nulling each returned entry) must return every index
 *     exactly once, with {@code Status.index()} equal to it and the tag and payload belonging to that receive.</li>
 * <li>{@code itest}: a receive is posted whose sender waits for a go-ahead from the receiver; before the go-ahead the
 *     request must test incomplete ({@code itest() == null}, {@code isDone() == false}); afterwards {@code itest} is
 *     polled until it returns the status. A completed request keeps answering: {@code iwait} and {@code itest} return
 *     the status again.</li>
 * <li>{@code iwaitany} over requests that are already complete returns the lowest index.</li>
 * </ol>
 */
final class NonBlockingCase implements ConformanceCase {
    static final int M = 8;
    private static final int TAG_BASE = 30, TAG_GO = 40, TAG_DATA = 41;
    private static final long POLL_LIMIT_NANOS = 60_000_000_000L;
    private static final long POLL_PARK_NANOS = 20_000L;

    @Override
    public void run(Comm world) {
        int right = Ring.right(world), left = Ring.left(world);

        // 1: iwaitany.
        Buffer[] into = new Buffer[M], outs = new Buffer[M];
        Request[] recvs = new Request[M], sends = new Request[M];
        for (int t = 0; t < M; t++) {
            into[t] = Buffer.allocate(64);
            recvs[t] = world.irecv(into[t], left, TAG_BASE + t);
        }
        for (int i = 0; i < M; i++) {
            int t = M - 1 - i;
            outs[i] = Ring.ints(t, world.id());
            sends[i] = world.isend(outs[i], right, TAG_BASE + t);
        }
        Request[] pending = recvs.clone();
        boolean[] seen = new boolean[M];
        for (int done = 0; done < M; done++) {
            Status s = Request.iwaitany(pending);
            int i = s.index();
            Expect.that(i >= 0 && i < M, "iwaitany index " + i + " lies in [0, " + M + ")");
            Expect.that(!seen[i], "iwaitany returned index " + i + " only once");
            Expect.that(pending[i] != null, "iwaitany returned a non-null entry");
            seen[i] = true;
            pending[i] = null;
            Expect.equal(TAG_BASE + i, s.tag(), "tag of the request at index " + i);
            Expect.equal(left, s.source(), "source of the request at index " + i);
            int[] v = Ring.readInts(into[i], 2);
            Expect.equal(i, v[0], "payload of the request at index " + i);
            Expect.equal(left, v[1], "sender id in the payload at index " + i);
        }
        Ring.waitAll(sends);
        Expect.throwsA(IllegalArgumentException.class, "iwaitany with only null entries",
                () -> Request.iwaitany(new Request[] {null, null}));

        // 3 (uses part 1's completed requests): iwaitany on completed requests returns the lowest index.
        Status again = Request.iwaitany(null, recvs[3], recvs[1]);
        Expect.equal(1, again.index(), "iwaitany index over already completed requests");
        Ring.releaseAll(outs);
        Ring.releaseAll(into);

        // 2: itest before and after the data can exist.
        Buffer data = Buffer.allocate(64);
        Request r = world.irecv(data, left, TAG_DATA);
        Expect.that(r.itest() == null, "itest of a receive whose message cannot have been sent yet returns null");
        Expect.that(!r.isDone(), "isDone of a receive whose message cannot have been sent yet is false");
        Buffer go = Ring.ints(1);
        Request goSend = world.isend(go, left, TAG_GO);
        Buffer goIn = Buffer.allocate(64);
        world.recv(goIn, right, TAG_GO);
        Buffer payload = Ring.ints(world.id(), 4242);
        Request dataSend = world.isend(payload, right, TAG_DATA);
        long deadline = System.nanoTime() + POLL_LIMIT_NANOS;
        Status s;
        while ((s = r.itest()) == null) {
            if (System.nanoTime() - deadline > 0) throw new AssertionError("itest did not report completion within 60 s");
            // Polling must let the sender run: ranks may outnumber cores (virtual threads at np = 1024). Not by
            // Thread.yield(): a yielding virtual thread goes back onto its carrier's local queue, and with a few ranks
            // polling, both carriers kept running them while ranks woken through the scheduler's external queue (a
            // monitor released, a timed park ended) waited: a rank stuck for 60 s printing a line, 2 runs in 10.
            LockSupport.parkNanos(POLL_PARK_NANOS);
        }
        Expect.that(r.isDone(), "isDone after itest returned a status");
        Expect.equal(left, s.source(), "source from itest");
        Expect.equal(TAG_DATA, s.tag(), "tag from itest");
        Expect.equal(-1, s.index(), "index of a status from itest");
        int[] v = Ring.readInts(data, 2);
        Expect.equal(left, v[0], "sender in the itest message");
        Expect.equal(4242, v[1], "payload of the itest message");
        Status w = r.iwait();
        Expect.equal(left, w.source(), "iwait after completion returns the status again (source)");
        Expect.that(r.itest() != null, "itest after completion returns the status again");
        dataSend.iwait();
        goSend.iwait();
        Expect.that(dataSend.itest() != null && dataSend.isDone(), "a waited send stays complete");
        for (Buffer b : new Buffer[] {data, go, goIn, payload}) b.release();
    }
}
