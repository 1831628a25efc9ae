package hpjava.bench.ucx;

import hpjava.bench.mpjdev.BenchResult;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;

import java.util.Arrays;

/**
 * The device alone, buffer to buffer: what {@code MpjdevBench} measures minus its array packing and unpacking (a copy
 * of every message on each side, which raw UCX does not do). Rank program for two ranks, run by
 * {@link UcxBaselineBench} through the launcher:
 * <pre>
 * DeviceBench latencyBytes bandwidthBytes window samples sampleMillis [warmupMillis]
 * </pre>
 * Latency: ping-pong of a buffer holding one byte section of {@code latencyBytes}, half round trip. Bandwidth, two
 * working sets:
 * <ul>
 * <li>kind {@code buffer}: {@code window} non-blocking sends of as many distinct buffers holding
 *     {@code bandwidthBytes}, answered by as many non-blocking receives into distinct buffers, then a small
 *     acknowledgement (like osu_bw: {@code window} x {@code bandwidthBytes} of memory on each side);</li>
 * <li>kind {@code buffer-reused}: the working set of {@code ucx_perftest -t ucp_am_bw}, which streams one send buffer
 *     into one receive buffer: {@code window} blocking sends of the same buffer, received one after another into the
 *     same buffer, then the acknowledgement. (A buffer belongs to one pending operation at a time, so the sends of
 *     one buffer cannot overlap; each waits for the rendezvous of the one before.)</li>
 * </ul>
 * Each test is warmed up for {@code warmupMillis} (default 500), calibrated so a sample lasts about
 * {@code sampleMillis}, and timed {@code samples} times;
 * rank 0 prints the median sample as {@link BenchResult} lines.
 */
public final class DeviceBench {
    private DeviceBench() {}

    private static final int DATA = 1;
    private static final int ACK = 2;

    public static void main(String[] args) {
        Comm c = Comm.world();
        if (c.size() != 2) throw new IllegalArgumentException("DeviceBench needs exactly 2 ranks, not " + c.size());
        int latBytes = Integer.parseInt(args[0]);
        int bwBytes = Integer.parseInt(args[1]);
        int window = Integer.parseInt(args[2]);
        int samples = Integer.parseInt(args[3]);
        double sampleMs = Double.parseDouble(args[4]);
        long warmupNanos = (args.length > 5 ? Long.parseLong(args[5]) : 500) * 1_000_000L;
        boolean root = c.id() == 0;

        Buffer s = Buffer.allocate(latBytes + 64).write(new byte[latBytes]);
        Buffer r = Buffer.allocate(latBytes + 64);
        double[] lat = measure(c, samples, sampleMs, warmupNanos, n -> pingPong(c, s, r, n), 2);
        Buffer[] bufs = new Buffer[window];
        for (int k = 0; k < window; k++) {
            bufs[k] = Buffer.allocate(bwBytes + 64);
            if (root) bufs[k].write(new byte[bwBytes]);
        }
        Buffer ack = Buffer.allocate(64);
        Request[] reqs = new Request[window];
        double[] bw = measure(c, samples, sampleMs, warmupNanos, n -> stream(c, bufs, reqs, ack, n), window);
        Buffer one = bufs[0];
        double[] bwReused = measure(c, samples, sampleMs, warmupNanos, n -> streamReused(c, one, window, ack, n),
                window);
        if (root) {
            double l = median(lat);
            double b = median(bw);
            System.out.println(new BenchResult("latency", "buffer", latBytes, l, min(lat), max(lat), latBytes / l, 0, 1)
                    .format());
            System.out.println(new BenchResult("bandwidth", "buffer", bwBytes, b, min(bw), max(bw), bwBytes / b, 0,
                    window).format());
            double b1 = median(bwReused);
            System.out.println(new BenchResult("bandwidth", "buffer-reused", bwBytes, b1, min(bwReused),
                    max(bwReused), bwBytes / b1, 0, 1).format());
        }
    }

    /** A timed loop of {@code iterations} iterations, run by both ranks in step. */
    interface Loop {
        void run(int iterations);
    }

    /**
     * Warms up, calibrates the iteration count on rank 0 and shares it, then returns per-sample microseconds per
     * message ({@code perIteration} messages per iteration: 2 half round trips for a ping-pong, the window for
     * streaming).
     */
    private static double[] measure(Comm c, int samples, double sampleMs, long warmupNanos, Loop loop,
                                    double perIteration) {
        int n = calibrate(c, sampleMs, warmupNanos, loop);
        double[] us = new double[samples];
        for (int i = 0; i < samples; i++) {
            long t0 = System.nanoTime();
            loop.run(n);
            us[i] = (System.nanoTime() - t0) / 1e3 / (n * perIteration);
        }
        return us;
    }

    /**
     * Runs {@code loop} on both ranks for at least {@code warmupNanos} (rank 0's clock), doubling the iteration count
     * at most per round, and returns the count that makes one run last about {@code sampleMs} (timed on rank 0, the
     * same on both ranks). Rank 0 tells rank 1 after each round whether to go on, so both leave together.
     */
    static int calibrate(Comm c, double sampleMs, long warmupNanos, Loop loop) {
        int[] box = {1};
        Buffer ctl = Buffer.allocate(64);
        long warmEnd = System.nanoTime() + warmupNanos;
        int n = 1;
        while (true) {
            long t0 = System.nanoTime();
            loop.run(n);
            long t = System.nanoTime() - t0;
            // rank 0 decides: continue warming up (n > 0) or the calibrated count (n < 0)
            if (c.id() == 0) {
                boolean warm = System.nanoTime() < warmEnd;
                int next = (int) Math.max(1, Math.min(1 << 24, n * (sampleMs * 1e6 / Math.max(t, 1))));
                box[0] = warm ? Math.max(1, Math.min(next, n * 2)) : -next;
                ctl.clear().write(box, 0, 1);
                c.send(ctl, 1, ACK);
            } else {
                c.recv(ctl, 0, ACK);
                ctl.read(box, 0);
            }
            if (box[0] < 0) {
                ctl.release();
                return -box[0];
            }
            n = box[0];
        }
    }

    /** {@code n} round trips of {@code s} (rank 0 sends first) into {@code r}; tag {@link #DATA}. */
    static void pingPong(Comm c, Buffer s, Buffer r, int n) {
        if (c.id() == 0) {
            for (int i = 0; i < n; i++) {
                c.send(s, 1, DATA);
                c.recv(r, 1, DATA);
            }
        } else {
            for (int i = 0; i < n; i++) {
                c.recv(r, 0, DATA);
                c.send(s, 0, DATA);
            }
        }
    }

    private static void stream(Comm c, Buffer[] bufs, Request[] reqs, Buffer ack, int n) {
        int w = bufs.length;
        for (int i = 0; i < n; i++) {
            if (c.id() == 0) {
                for (int k = 0; k < w; k++) reqs[k] = c.isend(bufs[k], 1, DATA);
                for (int k = 0; k < w; k++) reqs[k].iwait();
                c.recv(ack, 1, ACK);
            } else {
                for (int k = 0; k < w; k++) reqs[k] = c.irecv(bufs[k], 0, DATA);
                for (int k = 0; k < w; k++) reqs[k].iwait();
                ack.clear();
                c.send(ack, 0, ACK);
            }
        }
    }

    /** {@code window} messages from one buffer into one buffer, one after another, then the acknowledgement. */
    private static void streamReused(Comm c, Buffer buf, int window, Buffer ack, int n) {
        for (int i = 0; i < n; i++) {
            if (c.id() == 0) {
                for (int k = 0; k < window; k++) c.send(buf, 1, DATA);
                c.recv(ack, 1, ACK);
            } else {
                for (int k = 0; k < window; k++) c.recv(buf, 0, DATA);
                ack.clear();
                c.send(ack, 0, ACK);
            }
        }
    }

    private static double median(double[] xs) {
        return UcxBaselineBench.median(xs);
    }

    private static double min(double[] xs) {
        return Arrays.stream(xs).min().orElse(Double.NaN);
    }

    private static double max(double[] xs) {
        return Arrays.stream(xs).max().orElse(Double.NaN);
    }
}
