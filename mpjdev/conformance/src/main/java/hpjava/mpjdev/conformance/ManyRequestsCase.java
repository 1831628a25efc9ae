package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

/**
 * Many outstanding requests: every rank posts {@value #R} receives from its left neighbour (pooled buffers) and then
 * {@value #R} sends to its right neighbour, all with the same tag, before waiting for any. Receive k must hold
 * message k. Half of the receives are completed with {@code iwaitany} over the whole array, the rest with
 * {@code iwait} in reverse order; then all sends are waited for.
 */
final class ManyRequestsCase implements ConformanceCase {
    static final int R = 1000;
    private static final int TAG = 100;

    @Override
    public void run(Comm world) {
        int right = Ring.right(world), left = Ring.left(world);
        BufferPool pool = BufferPool.shared();
        Buffer[] ins = new Buffer[R], outs = new Buffer[R];
        Request[] recvs = new Request[R], sends = new Request[R];
        try {
            for (int k = 0; k < R; k++) {
                ins[k] = pool.acquire(64);
                recvs[k] = world.irecv(ins[k], left, TAG);
            }
            for (int k = 0; k < R; k++) {
                outs[k] = pool.acquire(64).write(new int[] {world.id(), k});
                sends[k] = world.isend(outs[k], right, TAG);
            }
            Request[] pending = recvs.clone();
            boolean[] done = new boolean[R];
            for (int j = 0; j < R / 2; j++) {
                Status s = Request.iwaitany(pending);
                int k = s.index();
                Expect.that(!done[k], "iwaitany returned receive " + k + " once");
                done[k] = true;
                pending[k] = null;
                check(ins[k], s, k, left);
            }
            for (int k = R - 1; k >= 0; k--) {
                if (done[k]) continue;
                check(ins[k], recvs[k].iwait(), k, left);
            }
            Ring.waitAll(sends);
        } finally {
            for (Buffer[] bs : new Buffer[][] {ins, outs}) {
                for (Buffer b : bs) if (b != null && !b.isLent()) b.release();
            }
        }
    }

    private static void check(Buffer in, Status s, int k, int left) {
        Expect.equal(left, s.source(), "source of receive " + k);
        int[] v = Ring.readInts(in, 2);
        Expect.equal(left, v[0], "sender in receive " + k);
        Expect.equal(k, v[1], "receive " + k + " holds message " + k + " (posted receives match in order)");
    }
}
