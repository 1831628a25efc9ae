package hpjava.bench.mpi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;

/**
 * The mpi backend measured with exactly the protocol of {@link RawJavaPingPong} and {@code pingpong.c}, through the
 * mpjdev device API: pooled buffers holding one byte section of SIZE bytes (so SIZE + 32 bytes on the wire), packed
 * once, then sent and received as they are; this isolates the device's transport cost from packing (which
 * bench/mpjdev's MpjdevBench includes).
 *
 * <pre>hpjava.mpjdev.Launcher --backend mpi --np 2 hpjava.bench.mpi.MpjdevPingPong lat|bw SIZE ITERS REPS</pre>
 * Rank 0 prints "mpjdev-mpi MODE SIZE VALUE" per repetition after one warm-up repetition.
 */
public final class MpjdevPingPong {
    private MpjdevPingPong() {}

    public static void main(String[] args) {
        Comm world = Comm.world();
        BenchArgs a = BenchArgs.parse("MpjdevPingPong", args, world.size());
        int rank = world.id();
        int w = a.bandwidth() ? RawJavaPingPong.WINDOW : 1;
        Buffer[] bufs = new Buffer[w];
        byte[] payload = new byte[a.size()];
        for (int k = 0; k < w; k++) {
            bufs[k] = BufferPool.shared().acquire(a.size() + 64);
            bufs[k].clear().write(payload);
        }
        Buffer ack = BufferPool.shared().acquire(64);
        ack.clear();
        Request[] reqs = new Request[w];
        for (int r = -1; r < a.reps(); r++) { // r = -1: warm-up
            double v = a.bandwidth() ? bandwidth(world, rank, bufs, ack, reqs, a.size(), a.iters())
                                     : latency(world, rank, bufs[0], a.iters());
            if (r >= 0 && rank == 0) a.print("mpjdev-mpi", v);
        }
        for (Buffer b : bufs) b.release();
        ack.release();
    }

    static double latency(Comm comm, int rank, Buffer buf, int iters) {
        final int peer = 1 - rank;
        comm.collectives().orElseThrow().barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                comm.send(buf, peer, 1);
                comm.recv(buf, peer, 1);
            } else {
                comm.recv(buf, peer, 1);
                comm.send(buf, peer, 1);
            }
        }
        return (System.nanoTime() - t0) / 1e3 / (2.0 * iters);
    }

    static double bandwidth(Comm comm, int rank, Buffer[] bufs, Buffer ack, Request[] reqs, int size, int iters) {
        final int peer = 1 - rank;
        final int w = bufs.length;
        comm.collectives().orElseThrow().barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            for (int k = 0; k < w; k++) reqs[k] = rank == 0 ? comm.isend(bufs[k], peer, 2) : comm.irecv(bufs[k], peer, 2);
            for (int k = 0; k < w; k++) reqs[k].iwait();
            if (rank == 0) comm.recv(ack, peer, 3);
            else comm.send(ack, peer, 3);
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        return (double) size * w * iters / secs / 1e6;
    }
}
