package testprograms;

import hpjava.mpjdev.*;

/**
 * Ping-pong with pooled buffers, strided packing and iwaitany; after warm-up, measures the bytes the rank's thread
 * allocates over many rounds and fails if it is more than a few hundred bytes (i.e. any per-message allocation).
 */
public class NoAlloc {
    public static void main(String[] args) {
        Comm w = Comm.world();
        int me = w.id(), peer = 1 - me;
        Buffer s = BufferPool.shared().acquire(1024), r = BufferPool.shared().acquire(1024);
        double[] grid = new double[16 * 16];
        long[] one = new long[1];
        Request[] reqs = new Request[2];
        int[] counts = {2, 16}, strides = {1, 16}; // two columns: inner stride 16
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        for (int phase = 0; phase < 2; phase++) {
            long before = mx.getCurrentThreadAllocatedBytes();
            int rounds = phase == 0 ? 10_000 : 3_000;
            for (int i = 0; i < rounds; i++) {
                reqs[0] = w.irecv(r, peer, 1);
                s.clear();
                one[0] = i;
                s.write(one, 0, 1);
                s.writeStrided(grid, 3, counts, strides);
                reqs[1] = w.isend(s, peer, 1);
                for (int k = 0; k < 2; k++) reqs[Request.iwaitany(reqs).index()] = null;
                r.read(one, 0);
                r.readStrided(grid, 5, counts, strides);
                // a blocking exchange too; the mt eager path stages the message in a pooled buffer
                if (me == 0) {
                    w.send(s, peer, 2);
                    w.recv(r, peer, 2);
                } else {
                    w.recv(r, peer, 2);
                    w.send(s, peer, 2);
                }
            }
            long bytes = mx.getCurrentThreadAllocatedBytes() - before;
            if (phase == 1) {
                System.out.println("rank " + me + " allocated " + bytes + " bytes over " + rounds + " rounds");
                Check.that(bytes < 4096, "steady state allocated " + bytes + " bytes over " + rounds + " rounds");
            }
        }
        s.release();
        r.release();
    }
}
