package testprograms;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.Launcher;

import java.util.Arrays;

/**
 * Quick A/B measurement of the mt 8-byte half round trip against the platform floor, interleaved in one run:
 * A = two threads handing a volatile long back and forth with Thread.onSpinWait (no device), B = {@link PingPong}
 * on the mt backend (np 2). Prints the median of per-run medians of each. Not a unit test (timings never are):
 * <pre>java -cp target/classes:target/test-classes testprograms.HalfRoundTrip [runs] [iterations]</pre>
 */
public class HalfRoundTrip {
    static volatile long ball;

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int iters = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        double[] base = new double[runs];
        double[] mt = new double[runs];
        for (int k = 0; k < runs; k++) {
            base[k] = baseline(iters);
            java.io.ByteArrayOutputStream bo = new java.io.ByteArrayOutputStream();
            java.io.PrintStream old = System.out;
            System.setOut(new java.io.PrintStream(bo, true));
            try {
                Launcher.launch("mt", LaunchSpec.of(2, "testprograms.PingPong", "" + iters, "5"));
            } finally {
                System.setOut(old);
            }
            String line = bo.toString();
            mt[k] = Double.parseDouble(line.replaceAll("(?s).*median ([0-9.]+) us.*", "$1"));
            System.out.printf("run %d: baseline %.3f us, mt %.3f us%n", k, base[k], mt[k]);
        }
        Arrays.sort(base);
        Arrays.sort(mt);
        System.out.printf("median of %d runs: baseline (volatile spin hand-off) %.3f us, mt send/recv %.3f us, ratio %.1f%n",
                runs, base[runs / 2], mt[runs / 2], mt[runs / 2] / base[runs / 2]);
    }

    /** Median of 5 batches of a bare two-thread volatile ping-pong; returns the half round trip in microseconds. */
    static double baseline(int iters) throws InterruptedException {
        double[] batch = new double[5];
        Thread partner = new Thread(() -> {
            for (int b = 0; b < 6; b++) {
                for (int i = 0; i < iters; i++) {
                    long want = 2L * i + 1 + (long) b * 2 * iters;
                    while (ball != want) Thread.onSpinWait();
                    ball = want + 1;
                }
            }
        });
        ball = 0;
        partner.start();
        for (int b = 0; b < 6; b++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < iters; i++) {
                long next = 2L * i + (long) b * 2 * iters;
                ball = next + 1;
                while (ball != next + 2) Thread.onSpinWait();
            }
            if (b > 0) batch[b - 1] = (System.nanoTime() - t0) / 1e3 / iters / 2;
        }
        partner.join();
        Arrays.sort(batch);
        return batch[2];
    }
}
