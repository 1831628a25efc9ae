package testprograms;

import hpjava.mpjdev.*;

import java.util.List;

/** Exercises the mt device at any np; throws on the first wrong result. */
public class Basics {
    record Particle(int id, double[] pos) implements java.io.Serializable {}

    public static void main(String[] args) {
        Comm w = Comm.world();
        int p = w.size(), me = w.id();
        Check.that(RankContext.current().rank() == me, "rank context");
        BufferPool pool = BufferPool.shared();
        Buffer b = pool.acquire(256);

        // ring with ANY_SOURCE on the receive side and explicit tags
        int right = (me + 1) % p, left = (me + p - 1) % p;
        Buffer rb = pool.acquire(64);
        Request rr = w.irecv(rb, Comm.ANY_SOURCE, 5);
        b.clear().write(new int[] {me * 10});
        Request sr = w.isend(b, right, 5);
        Status st = rr.iwait();
        sr.iwait();
        Check.equal(left, st.source(), "ring source");
        Check.equal(5, st.tag(), "ring tag");
        int[] got = new int[1];
        rb.read(got, 0);
        Check.equal(left * 10, got[0], "ring payload");

        // non-overtaking: mixed eager and rendezvous messages from every rank to rank 0, received with ANY_TAG
        int big = 200_000;
        if (me != 0) {
            for (int k = 0; k < 6; k++) {
                b.clear().write(new int[] {k});
                if (k % 2 == 1) b.write(new double[big]);
                w.send(b, 0, 100 + k);
            }
        } else {
            int[] next = new int[p];
            for (int n = 0; n < 6 * (p - 1); n++) {
                Status s = w.recv(rb, Comm.ANY_SOURCE, Comm.ANY_TAG);
                rb.read(got, 0);
                Check.equal(next[s.source()], got[0], "order from rank " + s.source());
                Check.equal(100 + got[0], s.tag(), "tag");
                next[s.source()]++;
            }
        }

        w.collectives().orElseThrow().barrier(); // rank 0's ANY_TAG receives must not see the next phase's messages

        // iwaitany over receives from all others, completed in any order
        if (p > 1) {
            Request[] reqs = new Request[p];
            Buffer[] bufs = new Buffer[p];
            for (int r = 0; r < p; r++) {
                if (r == me) continue;
                bufs[r] = pool.acquire(64);
                reqs[r] = w.irecv(bufs[r], r, 7);
            }
            for (int r = 0; r < p; r++) {
                if (r == me) continue;
                b.clear().write(new long[] {1000L * me + r});
                w.send(b, r, 7);
            }
            for (int n = 0; n < p - 1; n++) {
                Status s = Request.iwaitany(reqs);
                int i = s.index();
                Check.equal(i, s.source(), "iwaitany source = index");
                long[] v = new long[1];
                bufs[i].read(v, 0);
                Check.equal(1000L * i + me, v[0], "iwaitany payload");
                reqs[i] = null;
                bufs[i].release();
            }
        }

        // objects, including the program's own record
        if (p > 1) {
            if (me == 0) {
                b.clear().writeObject(List.of(new Particle(3, new double[] {1, 2}), "x", 4L));
                w.send(b, 1, 9);
            } else if (me == 1) {
                w.recv(rb, 0, 9);
                List<?> l = (List<?>) rb.readObject();
                Particle q = (Particle) l.get(0);
                Check.equal(3, q.id(), "object field");
                Check.that(q.getClass() == Particle.class, "object class resolved through this rank's loader");
            }
        }

        // sub-communicator of the even ranks, reversed
        int evens = (p + 1) / 2;
        if (me % 2 == 0) {
            int[] ids = new int[evens];
            for (int k = 0; k < evens; k++) ids[k] = 2 * (evens - 1 - k);
            Comm sub = w.create(ids);
            Check.equal(evens, sub.size(), "sub size");
            Check.equal(evens - 1 - me / 2, sub.id(), "sub id");
            long[] sum = {me};
            sub.collectives().orElseThrow().allreduce(sum, 0, 1, ReduceOp.SUM);
            long expect = 0;
            for (int k = 0; k < evens; k++) expect += 2 * k;
            Check.equal(expect, sum[0], "sub allreduce");
        }

        // native collectives on the world: fixed-order floating sum identical everywhere
        NativeCollectives c = w.collectives().orElseThrow();
        c.barrier();
        double[] d = {0.1 * (me + 1), 1e16 * (me % 2 == 0 ? 1 : -1), me};
        c.allreduce(d, 0, 3, ReduceOp.SUM);
        double e0 = 0, e1 = 0;
        for (int r = 0; r < p; r++) {
            e0 = r == 0 ? 0.1 : e0 + 0.1 * (r + 1);
            e1 = r == 0 ? 1e16 : e1 + 1e16 * (r % 2 == 0 ? 1 : -1);
        }
        Check.equal(e0, d[0], "allreduce order (sum of 0.1*(r+1) in rank order)");
        Check.equal(e1, d[1], "allreduce cancellation");
        int[] mx = {me};
        c.allreduce(mx, 0, 1, ReduceOp.MAX);
        Check.equal(p - 1, mx[0], "allreduce max");
        short[] bc = new short[4];
        if (me == p - 1) bc = new short[] {1, 2, 3, 4};
        c.broadcast(bc, 1, 3, p - 1);
        Check.equal(new short[] {(short) (me == p - 1 ? 1 : 0), 2, 3, 4}, bc, "broadcast");
        c.barrier();
        b.release();
        rb.release();
    }
}
