package hpjava.bench.mpjdev;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Launcher;

/**
 * Shows whether a backend's ping-pong falls into, and stays in, the parked state: both ranks parking on every
 * message, so that each hand-off costs a thread wake-up (tens of microseconds on an idle vCPU) instead of a cache-line
 * transfer. After a warm-up, rank 0 repeats bursts of 8-byte ping-pongs; before each burst it pauses (the server
 * meanwhile waits in a receive long enough to park, and its vCPU goes idle), so every burst starts with both ranks
 * parked, which is how a hiccup (a GC, the JIT, another process) can leave a steady ping-pong. A burst's figure is the
 * median half round trip over its messages: near the spin-path figure if the ranks get back to spinning after the
 * first hand-offs, near the wake-up cost if they stay parked. Output: one line, the distribution of the burst
 * medians and the mean half round trip over all bursts' messages (the total time lost, hiccups included).
 *
 * <pre>
 * bench/mt-park-probe [--backend mt] [--bursts 100] [--messages 200] [--pause-us 2000] [--warmup-ms 3000]
 *                     [--parked-us 10] [--launcher-arg A]...
 * </pre>
 */
public final class ParkProbe {
    private static final int CONTROL = 1, DATA = 2;

    private ParkProbe() {}

    private static final String USAGE = "usage: bench/mt-park-probe [--backend NAME] [--launcher-arg ARG]..."
            + " [--bursts N] [--messages N] [--pause-us N] [--warmup-ms N] [--parked-us X]";

    public static void main(String[] args) {
        List<String> launch = new ArrayList<>(List.of("--backend", "mt", "--np", "2"));
        List<String> rankArgs = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (i + 1 >= args.length) throw new IllegalArgumentException("option " + a + " needs a value");
                String v = args[++i];
                switch (a) {
                    case "--backend" -> launch.set(1, v);
                    case "--launcher-arg" -> launch.add(v);
                    case "--bursts", "--messages", "--pause-us", "--warmup-ms", "--parked-us" -> {
                        positive(a, v); // checked here, so that a typo is a usage error, not a failed rank
                        rankArgs.addAll(List.of(a, v));
                    }
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("mt-park-probe: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        }
        launch.add(Rank.class.getName());
        launch.addAll(rankArgs);
        System.exit(Launcher.run(launch.toArray(String[]::new)));
    }

    private static void positive(String option, String value) {
        double x;
        try {
            x = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option " + option + ": '" + value + "' is not a number");
        }
        boolean whole = !option.equals("--parked-us");
        if (!(x > 0) || (whole && (x != Math.rint(x) || x > Integer.MAX_VALUE))) {
            throw new IllegalArgumentException("option " + option + " must be a positive " + (whole ? "whole " : "")
                    + "number, not '" + value + "'");
        }
    }

    /** The program of each rank: rank 0 drives and reports, rank 1 echoes. */
    public static final class Rank {
        private Rank() {}

        public static void main(String[] args) {
            int bursts = 100, messages = 200;
            long pauseUs = 2000, warmupMs = 3000;
            double parkedUs = 10;
            for (int i = 0; i + 1 < args.length; i += 2) {
                String v = args[i + 1];
                switch (args[i]) {
                    case "--bursts" -> bursts = Integer.parseInt(v);
                    case "--messages" -> messages = Integer.parseInt(v);
                    case "--pause-us" -> pauseUs = Long.parseLong(v);
                    case "--warmup-ms" -> warmupMs = Long.parseLong(v);
                    case "--parked-us" -> parkedUs = Double.parseDouble(v);
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            Comm world = Comm.world();
            if (world.id() > 1) return;
            Buffer s = Buffer.allocate(64), r = Buffer.allocate(64), control = Buffer.allocate(64);
            try {
                if (world.id() == 0) drive(world, s, r, control, bursts, messages, pauseUs, warmupMs, parkedUs);
                else serve(world, s, r, control);
            } finally {
                s.release();
                r.release();
                control.release();
            }
        }

        private static void drive(Comm c, Buffer s, Buffer r, Buffer control, int bursts, int messages, long pauseUs,
                                  long warmupMs, double parkedUs) {
            byte[] data = new byte[8];
            int[] order = new int[1];
            long[] times = new long[messages];
            long t0 = System.nanoTime();
            while (System.nanoTime() - t0 < warmupMs * 1_000_000L) {
                order(c, control, order, messages);
                burst(c, s, r, data, times);
            }
            double[] medians = new double[bursts];
            double totalUs = 0;
            for (int b = 0; b < bursts; b++) {
                long until = System.nanoTime() + pauseUs * 1000;
                while (System.nanoTime() < until) LockSupport.parkNanos(until - System.nanoTime());
                order(c, control, order, messages);
                burst(c, s, r, data, times);
                for (long t : times) totalUs += t / 1000.0;
                Arrays.sort(times);
                medians[b] = times[messages / 2] / 2000.0;
            }
            order(c, control, order, 0);
            int parked = 0;
            for (double m : medians) if (m > parkedUs) parked++;
            double[] sorted = medians.clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT,
                    "parked bursts (median > %.0f us): %d of %d; burst medians (us): min %.3f, median %.3f, p90 %.3f, max %.3f;"
                            + " mean over all messages %.3f us%n",
                    parkedUs, parked, bursts, sorted[0], sorted[bursts / 2], sorted[(int) (bursts * 0.9)], sorted[bursts - 1],
                    totalUs / 2 / ((double) bursts * messages));
        }

        private static void order(Comm c, Buffer control, int[] order, int messages) {
            order[0] = messages;
            c.send(control.clear().write(order, 0, 1), 1, CONTROL);
        }

        /** One burst: {@code times.length} timed round trips (nanoseconds each). */
        private static void burst(Comm c, Buffer s, Buffer r, byte[] data, long[] times) {
            for (int i = 0; i < times.length; i++) {
                long a = System.nanoTime();
                c.send(s.clear().write(data, 0, data.length), 1, DATA);
                c.recv(r, 1, DATA);
                r.read(data, 0);
                times[i] = System.nanoTime() - a;
            }
        }

        private static void serve(Comm c, Buffer s, Buffer r, Buffer control) {
            byte[] data = new byte[8];
            int[] order = new int[1];
            while (true) {
                c.recv(control, 0, CONTROL);
                control.read(order, 0);
                int n = order[0];
                if (n == 0) return;
                for (int i = 0; i < n; i++) {
                    c.recv(r, 0, DATA);
                    r.read(data, 0);
                    c.send(s.clear().write(data, 0, data.length), 0, DATA);
                }
            }
        }
    }
}
