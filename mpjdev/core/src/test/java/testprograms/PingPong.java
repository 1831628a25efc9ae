package testprograms;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;

/**
 * 8-byte ping-pong between ranks 0 and 1; rank 0 prints the median half round trip over {@code reps} batches.
 * args: [iterations per batch] [batches]
 */
public class PingPong {
    public static void main(String[] args) {
        int iters = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int batches = args.length > 1 ? Integer.parseInt(args[1]) : 11;
        Comm w = Comm.world();
        Buffer b = BufferPool.shared().acquire(64);
        long[] x = new long[1];
        double[] half = new double[batches];
        loop(w, b, x, iters / 10); // warm-up
        for (int k = 0; k < batches; k++) half[k] = loop(w, b, x, iters);
        b.release();
        if (w.id() == 0) {
            java.util.Arrays.sort(half);
            System.out.printf("mt 8-byte half round trip: median %.3f us (min %.3f, max %.3f) over %d batches of %d%n",
                    half[batches / 2], half[0], half[batches - 1], batches, iters);
        }
    }

    static double loop(Comm w, Buffer b, long[] x, int iters) {
        int me = w.id(), peer = 1 - me;
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (me == 0) {
                b.clear();
                x[0] = i;
                b.write(x, 0, 1);
                w.send(b, peer, 1);
                w.recv(b, peer, 1);
                b.read(x, 0);
            } else {
                w.recv(b, peer, 1);
                b.read(x, 0);
                b.clear();
                b.write(x, 0, 1);
                w.send(b, peer, 1);
            }
        }
        return (System.nanoTime() - t0) / 1e3 / iters / 2;
    }
}
