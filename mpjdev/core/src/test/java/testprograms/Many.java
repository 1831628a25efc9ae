package testprograms;

import hpjava.mpjdev.*;

/** For large np: a ring exchange, an allreduce and a barrier. */
public class Many {
    public static void main(String[] args) {
        Comm w = Comm.world();
        int p = w.size(), me = w.id();
        Buffer s = BufferPool.shared().acquire(64), r = BufferPool.shared().acquire(64);
        for (int round = 0; round < 3; round++) {
            Request rr = w.irecv(r, (me + p - 1) % p, round);
            w.send(s.clear().write(new int[] {me + round}), (me + 1) % p, round);
            rr.iwait();
            int[] v = new int[1];
            r.read(v, 0);
            Check.equal((me + p - 1) % p + round, v[0], "ring");
        }
        long[] sum = {me};
        w.collectives().orElseThrow().allreduce(sum, 0, 1, ReduceOp.SUM);
        Check.equal((long) p * (p - 1) / 2, sum[0], "allreduce");
        w.collectives().orElseThrow().barrier();
        s.release();
        r.release();
    }
}
