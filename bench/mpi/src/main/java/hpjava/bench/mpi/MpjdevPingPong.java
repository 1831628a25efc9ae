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
 * <pre>hpjava.mpjdev.Launcher --backend mpi --np 2 hpjava.bench.mpi.MpjdevPingPong lat|bw SIZE ITERS REPS [paired|unpooled]</pre>
 * Rank 0 prints "mpjdev-mpi MODE SIZE VALUE" per repetition after {@link #warmUpReps} warm-up repetitions (the
 * device's per-message path is Java that the JIT compiles while it runs; C's program needs no warm-up). With {@code paired}, every
 * repetition also runs {@link RawJavaPingPong}'s loop with the raw binding in the same job (on a dup of
 * {@code MPI_COMM_WORLD}, so at the backend's thread level: {@code MPI_THREAD_SINGLE} like plain {@code MPI_Init};
 * {@code MPI_THREAD_MULTIPLE} before the backend serialised its own calls), the two alternating in an order that
 * flips every repetition, and prints "pair-raw ..." and "pair-mpjdev ..." lines: the backend's own cost, measured
 * milliseconds apart, so that the machine's drift between fast and slow states hits both sides alike. With
 * {@code -Dhpjava.bench.trace=true} every rank prints "pptrace RANK REP VALUE jit-ms J gc-ms G" per repetition (warm-up
 * ones negative): the JIT's compile time and the GC's time during it. With
 * {@code unpooled} the buffers are {@link Buffer#allocate}d with exactly SIZE + 64 bytes instead of taken from the pool.
 */
public final class MpjdevPingPong {
    private MpjdevPingPong() {}

    public static void main(String[] args) {
        Comm world = Comm.world();
        boolean paired = args.length == 5 && args[4].equals("paired");
        boolean unpooled = args.length == 5 && args[4].equals("unpooled");
        BenchArgs a = BenchArgs.parse("MpjdevPingPong", paired || unpooled ? java.util.Arrays.copyOf(args, 4) : args,
                world.size());
        int rank = world.id();
        int w = a.bandwidth() ? RawJavaPingPong.WINDOW : 1;
        Buffer[] bufs = new Buffer[w];
        byte[] payload = new byte[a.size()];
        for (int k = 0; k < w; k++) {
            // unpooled: buffers of exactly the capacity asked (the pool rounds up to a power of two: 128 KiB for
            // 65000 bytes, so that the window's buffers lie 128 KiB apart instead of packed)
            bufs[k] = unpooled ? Buffer.allocate(a.size() + 64) : BufferPool.shared().acquire(a.size() + 64);
            bufs[k].clear().write(payload);
        }
        Buffer ack = BufferPool.shared().acquire(64);
        ack.clear();
        Request[] reqs = new Request[w];
        if (paired) {
            try {
                paired(world, rank, a, bufs, ack, reqs);
            } catch (mpi.MPIException e) {
                throw new IllegalStateException(e);
            }
        } else {
            boolean trace = Boolean.getBoolean("hpjava.bench.trace");
            for (int r = -warmUpReps(w, a.iters()); r < a.reps(); r++) { // r < 0: warm-up
                long jit0 = trace ? jitMillis() : 0, gc0 = trace ? gcMillis() : 0;
                double v = a.bandwidth() ? bandwidth(world, rank, bufs, ack, reqs, a.size(), a.iters())
                                         : latency(world, rank, bufs[0], a.iters());
                if (r >= 0 && rank == 0) a.print("mpjdev-mpi", v);
                if (trace) System.out.print(String.format("pptrace %d %d %.0f jit-ms %d gc-ms %d%n", rank, r, v,
                        jitMillis() - jit0, gcMillis() - gc0));
            }
        }
        for (Buffer b : bufs) b.release();
        ack.release();
    }

    /**
     * Messages a run sends before it measures: the device's 65000-byte stream, measured after one repetition of
     * 4096 messages (as this program did before), ran at 1.6-2.6 GB/s in its first repetitions, 6-8 GB/s from about
     * the 7th, and dipped again to 3-5 GB/s around the 11th-15th (~60000 messages), the repetitions in which the
     * JIT compiled for 20-60 ms (-Dhpjava.bench.trace=true), where C runs at 7.5-8.5 GB/s from the first
     * (docs/benchmarks/HISTORY.md, "Bandwidth: where the 65000-byte loss goes").
     */
    static final int WARM_UP_MESSAGES = 100_000;
    /** At most this many warm-up repetitions (a 1 MiB window of 8 x 64 messages takes ~70 ms). */
    static final int MAX_WARM_UP_REPS = 30;

    /**
     * Warm-up repetitions for repetitions of {@code iters} rounds of {@code window} messages: enough for
     * {@link #WARM_UP_MESSAGES}, at least 1, at most {@link #MAX_WARM_UP_REPS}. The same on every rank (a count, not a
     * time), so the ranks' loops stay matched.
     */
    static int warmUpReps(int window, int iters) {
        long perRep = (long) window * iters;
        return (int) Math.max(1, Math.min(MAX_WARM_UP_REPS, (WARM_UP_MESSAGES + perRep - 1) / perRep));
    }

    /** Milliseconds the JIT compilers have spent so far (for -Dhpjava.bench.trace=true). */
    private static long jitMillis() {
        return java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
    }

    /** Milliseconds of garbage collection so far. */
    private static long gcMillis() {
        long t = 0;
        for (var gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) t += Math.max(0, gc.getCollectionTime());
        return t;
    }

    /** Raw binding and mpjdev alternately, each repetition (order flipped every repetition); see the class comment. */
    private static void paired(Comm world, int rank, BenchArgs a, Buffer[] bufs, Buffer ack, Request[] reqs)
            throws mpi.MPIException {
        mpi.Intracomm raw = mpi.MPI.COMM_WORLD.dup();
        java.nio.ByteBuffer rbuf = java.nio.ByteBuffer.allocateDirect(a.size() * (a.bandwidth() ? RawJavaPingPong.WINDOW : 1));
        java.nio.ByteBuffer rack = java.nio.ByteBuffer.allocateDirect(1);
        mpi.Request[] rreqs = new mpi.Request[RawJavaPingPong.WINDOW];
        for (int r = -1; r < a.reps(); r++) { // r = -1: warm-up
            double vr = 0, vm = 0;
            for (int k = 0; k < 2; k++) {
                if ((k + Math.max(r, 0)) % 2 == 0) {
                    vr = a.bandwidth() ? RawJavaPingPong.bandwidth(raw, rank, rbuf, rack, rreqs, a.size(), a.iters())
                                       : RawJavaPingPong.latency(raw, rank, rbuf, a.size(), a.iters());
                } else {
                    vm = a.bandwidth() ? bandwidth(world, rank, bufs, ack, reqs, a.size(), a.iters())
                                       : latency(world, rank, bufs[0], a.iters());
                }
            }
            if (r >= 0 && rank == 0) {
                a.print("pair-raw", vr);
                a.print("pair-mpjdev", vm);
            }
        }
        raw.free();
    }

    /** Half round-trip time in microseconds of {@code iters} blocking 1-tag ping-pongs between ranks 0 and 1. */
    public static double latency(Comm comm, int rank, Buffer buf, int iters) {
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

    public static double bandwidth(Comm comm, int rank, Buffer[] bufs, Buffer ack, Request[] reqs, int size, int iters) {
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
