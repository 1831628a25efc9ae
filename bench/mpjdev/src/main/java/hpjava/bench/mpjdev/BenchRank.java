package hpjava.bench.mpjdev;

import java.util.ArrayList;
import java.util.List;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;

/**
 * The program each rank runs (launched by {@link MpjdevBench}). Rank 0 drives: for every point it tells rank 1 what
 * to do with a small control message (outside the timed region), then runs its side of the pattern and times it.
 * Rank 1 serves until told to stop. Other ranks return at once.
 *
 * <p>Patterns, after OMB: <b>latency</b> is a ping-pong, reported as half the round trip; <b>bandwidth</b> streams
 * a window of non-blocking sends answered by non-blocking receives, then a small acknowledgement, per iteration;
 * reported as time per message and bytes per second. Hot loops live in their own methods (not in {@code main}) so
 * they are compiled normally, not through on-stack replacement.
 */
public final class BenchRank {
    private static final int CONTROL = 1, DATA = 2, ACK = 3;
    private static final int OP_STOP = -1, OP_RUN = 0, OP_VERIFY = 1;
    /** Upper bound on the bytes in flight in the bandwidth window. */
    static final long WINDOW_BYTES = 64L << 20;
    private static final int MAX_ITERS = 1 << 24;
    private static final int MIN_WARMUP_ROUNDS = 4;

    private final Comm comm;
    private final BenchOptions opt;
    private final Buffer control = Buffer.allocate(64);
    private final int[] controlWords = new int[6];
    private final List<Buffer> sendBufs = new ArrayList<>(), recvBufs = new ArrayList<>();
    private final Request[] window;

    private BenchRank(Comm comm, BenchOptions opt) {
        this.comm = comm;
        this.opt = opt;
        this.window = new Request[opt.window()];
        for (int w = 0; w < opt.window(); w++) {
            sendBufs.add(Buffer.allocate(256));
            recvBufs.add(Buffer.allocate(256));
        }
    }

    public static void main(String[] args) {
        BenchOptions opt = BenchOptions.parse(args);
        Comm world = Comm.world();
        if (world.size() < 2) throw new IllegalArgumentException("the benchmark needs at least 2 ranks, got " + world.size());
        if (world.id() > 1) return;
        BenchRank r = new BenchRank(world, opt);
        try {
            if (world.id() == 0) r.drive();
            else r.serve();
        } finally {
            r.release();
        }
    }

    /** The points in measuring order within one run. */
    private List<Point> points() {
        List<Point> ps = new ArrayList<>();
        for (BenchOptions.Test t : opt.tests())
            for (Kind k : opt.kinds())
                for (long s : opt.sizes())
                    if (k.fits(s)) ps.add(new Point(t, k, s, t == BenchOptions.Test.LATENCY ? 1 : windowFor(s)));
        return ps;
    }

    int windowFor(long size) {
        long w = size == 0 ? opt.window() : Math.max(1, WINDOW_BYTES / size);
        return (int) Math.min(opt.window(), w);
    }

    record Point(BenchOptions.Test test, Kind kind, long size, int window) {}

    // ------------------------------------------------------------------ rank 0

    private void drive() {
        List<Point> ps = points();
        int[] iters = new int[ps.size()];
        double[][] runMedians = new double[ps.size()][opt.runs()];
        Report.header(opt, System.out);
        for (int run = 0; run < opt.runs(); run++) {
            for (int p = 0; p < ps.size(); p++) {
                Point pt = ps.get(p);
                Kind.Payload pay = pt.kind().payload(pt.kind().elements(pt.size()));
                if (run == 0) {
                    iters[p] = calibrate(p, pt, pay);
                    verify(p, pt, pay);
                }
                double[] samples = new double[opt.samples()];
                for (int s = 0; s < samples.length; s++) samples[s] = measure(p, pt, pay, iters[p]);
                runMedians[p][run] = Stats.median(samples);
            }
        }
        order(OP_STOP, 0, 0);
        for (int p = 0; p < ps.size(); p++) Report.line(ps.get(p), runMedians[p], iters[p], System.out);
        System.out.flush();
    }

    /**
     * Warm-up and calibration: doubles the iteration count (1, 2, 4, ...) until the warm-up time has passed and at least
     * {@value #MIN_WARMUP_ROUNDS} rounds ran, then sizes a sample from
     * the fastest time per message seen (a hiccup during the warm-up must not shrink every later sample).
     */
    private int calibrate(int p, Point pt, Kind.Payload pay) {
        int n = 1;
        double bestUs = Double.MAX_VALUE;
        long t0 = System.nanoTime();
        for (int round = 1; ; round++) {
            bestUs = Math.min(bestUs, measure(p, pt, pay, n));
            double elapsedMs = (System.nanoTime() - t0) / 1e6;
            // At least a few rounds: a slow first contact (connection set-up, class loading) must not end the warm-up.
            if ((elapsedMs >= opt.warmupMillis() && round >= MIN_WARMUP_ROUNDS) || n >= MAX_ITERS) break;
            n = (int) Math.min(MAX_ITERS, (long) n * 2);
        }
        double iterationUs = Math.max(bestUs * unitsPerIteration(pt), 1e-3);
        long want = (long) Math.ceil(opt.sampleMillis() * 1000 / iterationUs);
        return (int) Math.max(1, Math.min(MAX_ITERS, want));
    }

    private static int unitsPerIteration(Point pt) {
        return pt.test() == BenchOptions.Test.LATENCY ? 2 : pt.window();
    }

    /** One timed sample of {@code iters} iterations; returns microseconds per message (half round trip for latency). */
    private double measure(int p, Point pt, Kind.Payload pay, int iters) {
        order(OP_RUN, p, iters);
        long t0 = System.nanoTime();
        if (pt.test() == BenchOptions.Test.LATENCY) pingPong(pay, iters);
        else stream(pay, iters, pt.window());
        long ns = System.nanoTime() - t0;
        return ns / 1000.0 / ((double) iters * unitsPerIteration(pt));
    }

    private void verify(int p, Point pt, Kind.Payload pay) {
        order(OP_VERIFY, p, 1);
        pay.reset();
        pingPong(pay, 1);
        pay.verify();
    }

    private void order(int op, int point, int iters) {
        controlWords[0] = op;
        controlWords[1] = point;
        controlWords[2] = iters;
        control.clear().write(controlWords, 0, 3);
        comm.send(control, 1, CONTROL);
    }

    private void pingPong(Kind.Payload pay, int iters) {
        final Comm c = comm;
        final Buffer s = sendBufs.get(0), r = recvBufs.get(0);
        for (int i = 0; i < iters; i++) {
            pay.pack(s);
            c.send(s, 1, DATA);
            c.recv(r, 1, DATA);
            pay.unpack(r);
        }
    }

    private void stream(Kind.Payload pay, int iters, int w) {
        final Comm c = comm;
        final Request[] reqs = window;
        final Buffer ack = control;
        for (int i = 0; i < iters; i++) {
            for (int k = 0; k < w; k++) {
                Buffer b = sendBufs.get(k);
                pay.pack(b);
                reqs[k] = c.isend(b, 1, DATA);
            }
            for (int k = 0; k < w; k++) reqs[k].iwait();
            c.recv(ack, 1, ACK);
        }
    }

    // ------------------------------------------------------------------ rank 1

    private void serve() {
        List<Point> ps = points();
        Kind.Payload pay = null;
        int payPoint = -1;
        while (true) {
            comm.recv(control, 0, CONTROL);
            control.read(controlWords, 0);
            int op = controlWords[0], p = controlWords[1], iters = controlWords[2];
            if (op == OP_STOP) return;
            Point pt = ps.get(p);
            if (p != payPoint) {
                pay = pt.kind().payload(pt.kind().elements(pt.size()));
                payPoint = p;
            }
            if (op == OP_VERIFY) pay.reset();
            if (pt.test() == BenchOptions.Test.LATENCY || op == OP_VERIFY) echo(pay, iters);
            else sink(pay, iters, pt.window());
            if (op == OP_VERIFY) pay.verify();
        }
    }

    private void echo(Kind.Payload pay, int iters) {
        final Comm c = comm;
        final Buffer s = sendBufs.get(0), r = recvBufs.get(0);
        for (int i = 0; i < iters; i++) {
            c.recv(r, 0, DATA);
            pay.unpack(r);
            pay.pack(s);
            c.send(s, 0, DATA);
        }
    }

    private void sink(Kind.Payload pay, int iters, int w) {
        final Comm c = comm;
        final Request[] reqs = window;
        final Buffer ack = control;
        for (int i = 0; i < iters; i++) {
            for (int k = 0; k < w; k++) reqs[k] = c.irecv(recvBufs.get(k), 0, DATA);
            for (int k = 0; k < w; k++) {
                reqs[k].iwait();
                pay.unpack(recvBufs.get(k));
            }
            ack.clear();
            c.send(ack, 0, ACK);
        }
    }

    private void release() {
        control.release();
        for (Buffer b : sendBufs) b.release();
        for (Buffer b : recvBufs) b.release();
    }
}
