package hpjava.bench.jacobi;

import hpjava.lang.ProcessContext;
import hpjava.mpjdev.RankContext;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The Jacobi node code compiled by hpjavac ({@link JacobiNode}, from {@code JacobiNode.hpj}) against the hand-written
 * sequential Java ({@link HandJacobi}), at np = 1, in one JVM: per size, after a warm-up, each round times one sample
 * of each side for each timed part, the side that goes first alternating every round. A sample is the same
 * calibrated number of sweeps on both sides (about {@code --sample-ms} of CPU time); the figure is milliseconds per
 * sweep, both of the rank thread's CPU time (robust when other load on the machine takes the CPU away) and of wall
 * time (each sample preceded by one untimed sweep of the same side). The ratio of a round is hand-written time / hpjavac time (the speed of hpjavac's output relative to
 * hand-written Java: 1 = parity, the target is at least 0.9); the table gives medians of the per-side figures and of
 * the per-round ratios.
 *
 * <p>Timed parts: {@code sweep} = the overall nest alone ({@code b[i,j] = 0.25 * (...)} over the interior), and
 * {@code step} = one whole iteration of [HPJava-RT]'s Figure 2 ({@code Adlib.writeHalo(a)}, the sweep,
 * {@code HPutil.copy(a, b)}; hand-written: the sweep and a row-wise {@code System.arraycopy} of the interior).
 *
 * <p>Both sides must compute the same grid: checksums of a and b are compared (bitwise) before timing and after the
 * last round, and a mismatch ends the run with an exception (exit status 1).
 *
 * <p>Runs as rank 0 of a one-rank job (Adlib needs an mpjdev rank):
 * {@code java -cp CP hpjava.mpjdev.Launcher --backend mt --np 1 hpjava.bench.jacobi.JacobiBench [options]}; options
 * {@code --sizes 1024,2048 --rounds 21 --sample-ms 60 --warmup-ms 3000}, or {@code --check N SWEEPS} (correctness
 * only, for tests).
 */
public final class JacobiBench {
    private static final String[] PARTS = {"sweep", "step"};

    public static void main(String[] args) {
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("JacobiBench: " + e.getMessage());
            System.err.println("usage: JacobiBench [--sizes N,N...] [--rounds R] [--sample-ms MS] [--warmup-ms MS] | --check N SWEEPS");
            System.exit(2);  // a usage error of this stand-alone benchmark JVM
            return;
        }
        bindRank();
        if (o.checkN > 0) {
            check(o.checkN, o.checkSweeps);
            System.out.println("JacobiBench: n=" + o.checkN + ", " + o.checkSweeps + " sweeps: checksums equal");
            return;
        }
        System.out.printf(Locale.ROOT, "# JacobiBench %s, %s %s, %d CPUs, load average %s, rounds %d, sample %d ms, warm-up %d ms of CPU time per size%n",
                Instant.now(), System.getProperty("java.vm.name"), System.getProperty("java.vm.version"),
                Runtime.getRuntime().availableProcessors(), loadAverage(), o.rounds, o.sampleMs, o.warmupMs);
        List<String> table = new ArrayList<>();
        for (int n : o.sizes) table.addAll(benchSize(n, o));
        System.out.printf(Locale.ROOT, "# end %s, load average %s%n%n", Instant.now(), loadAverage());
        System.out.println("| N | timed part | clock | hpjavac ms/sweep (median) | hand-written ms/sweep (median) | per-round speed ratios (hand time / hpjavac time) | median ratio |");
        System.out.println("|---:|---|---|---:|---:|---|---:|");
        table.forEach(System.out::println);
    }

    /** Binds the HPJava process context of this rank (the launcher binds only the mpjdev rank). */
    private static void bindRank() {
        RankContext rc = RankContext.current();
        if (rc.world().size() != 1)
            throw new IllegalArgumentException("JacobiBench compares against sequential Java: run it with --np 1, not "
                    + rc.world().size());
        if (ProcessContext.currentOrNull() == null) ProcessContext.create(rc.rank(), rc.world().size()).bind();
    }

    /** Runs both sides from the same start and compares their grids; throws on any difference. */
    static void check(int n, int sweeps) {
        JacobiNode hp = new JacobiNode(n);
        HandJacobi hd = new HandJacobi(n);
        compare("initial grid", hp, hd);
        hp.sweep(1);
        hd.sweep(1);
        compare("one sweep", hp, hd);
        hp.relax(sweeps);
        hd.relax(sweeps);
        compare(sweeps + " iterations of writeHalo, sweep, copy", hp, hd);
    }

    private static void compare(String what, JacobiNode hp, HandJacobi hd) {
        Checksum.requireSame("n=" + hd.n + ", " + what + ", array a", Checksum.of(hp.a(), hd.n), Checksum.of(hd.a, hd.n));
        Checksum.requireSame("n=" + hd.n + ", " + what + ", array b", Checksum.of(hp.b(), hd.n), Checksum.of(hd.b, hd.n));
    }

    private static List<String> benchSize(int n, Options o) {
        check(Math.min(n, 64), 3);
        JacobiNode hp = new JacobiNode(n);
        HandJacobi hd = new HandJacobi(n);
        compare("initial grid", hp, hd);
        // Warm-up: alternate all four (side, part) pairs one sweep at a time; measure a sweep of each part.
        double[] msPerSweep = new double[PARTS.length];
        long end = CPU.getCurrentThreadCpuTime() + o.warmupMs * 1_000_000L;  // CPU time: the JIT needs executions
        int calls = 0;
        while (CPU.getCurrentThreadCpuTime() < end || calls < 10) {
            for (int p = 0; p < PARTS.length; p++) {
                run(true, p, hp, hd, 1);
                msPerSweep[p] = run(false, p, hp, hd, 1)[CPU_TIME];
            }
            calls++;
        }
        int[] sweeps = new int[PARTS.length];
        for (int p = 0; p < PARTS.length; p++) sweeps[p] = Math.max(1, (int) Math.round(o.sampleMs / msPerSweep[p]));
        System.out.printf(Locale.ROOT, "# n=%d: warm-up %d calls; sweeps per sample: sweep %d, step %d%n", n, calls, sweeps[0], sweeps[1]);

        // [part][wall or cpu][round]
        double[][][] hpMs = new double[PARTS.length][2][o.rounds], hdMs = new double[PARTS.length][2][o.rounds];
        for (int r = 0; r < o.rounds; r++) {
            boolean hpFirst = r % 2 == 0;
            for (int p = 0; p < PARTS.length; p++) {
                double[] h, d;
                if (hpFirst) {
                    h = sample(true, p, hp, hd, sweeps[p]);
                    d = sample(false, p, hp, hd, sweeps[p]);
                } else {
                    d = sample(false, p, hp, hd, sweeps[p]);
                    h = sample(true, p, hp, hd, sweeps[p]);
                }
                for (int m = 0; m < 2; m++) {
                    hpMs[p][m][r] = h[m];
                    hdMs[p][m][r] = d[m];
                }
                System.out.printf(Locale.ROOT, "n=%d round %d %-5s (%s first): CPU ms/sweep hpjavac %.3f hand %.3f ratio %.3f; wall ms/sweep hpjavac %.3f hand %.3f ratio %.3f%n",
                        n, r, PARTS[p], hpFirst ? "hpjavac" : "hand", h[CPU_TIME], d[CPU_TIME], d[CPU_TIME] / h[CPU_TIME],
                        h[WALL_TIME], d[WALL_TIME], d[WALL_TIME] / h[WALL_TIME]);
            }
        }
        compare("after the timed rounds", hp, hd);

        List<String> rows = new ArrayList<>();
        for (int p = 0; p < PARTS.length; p++) {
            for (int m : new int[] {CPU_TIME, WALL_TIME}) {
                double[] ratios = new double[o.rounds];
                StringBuilder list = new StringBuilder();
                for (int r = 0; r < o.rounds; r++) {
                    ratios[r] = hdMs[p][m][r] / hpMs[p][m][r];
                    list.append(r == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.2f", ratios[r]));
                }
                rows.add(String.format(Locale.ROOT, "| %d | %s | %s | %.3f | %.3f | %s | **%.3f** |", n,
                        p == 0 ? "sweep only" : "writeHalo + sweep + copy", m == CPU_TIME ? "CPU" : "wall",
                        median(hpMs[p][m]), median(hdMs[p][m]), list, median(ratios)));
            }
        }
        return rows;
    }

    private static final int WALL_TIME = 0, CPU_TIME = 1;

    /**
     * One timed sample, after one untimed sweep of the same side and part, so that each sample starts with its own
     * arrays in the caches whichever side ran before (without it, the side that ran last in one round and first in
     * the next gained up to 20% in alternate rounds).
     */
    private static double[] sample(boolean hpjavac, int part, JacobiNode hp, HandJacobi hd, int sweeps) {
        run(hpjavac, part, hp, hd, 1);
        return run(hpjavac, part, hp, hd, sweeps);
    }

    /**
     * Times {@code sweeps} sweeps of one side and part: {@code [wall ms, CPU ms]} per sweep. CPU time is the rank
     * thread's own (time while descheduled by the other load on the machine excluded).
     */
    private static double[] run(boolean hpjavac, int part, JacobiNode hp, HandJacobi hd, int sweeps) {
        long c0 = CPU.getCurrentThreadCpuTime(), t0 = System.nanoTime();
        if (hpjavac) {
            if (part == 0) hp.sweep(sweeps); else hp.relax(sweeps);
        } else {
            if (part == 0) hd.sweep(sweeps); else hd.relax(sweeps);
        }
        long t1 = System.nanoTime(), c1 = CPU.getCurrentThreadCpuTime();
        return new double[] {(t1 - t0) / 1e6 / sweeps, (c1 - c0) / 1e6 / sweeps};
    }

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (Exception e) {
            return "unknown";
        }
    }

    /** Command-line options. */
    record Options(int[] sizes, int rounds, long sampleMs, long warmupMs, int checkN, int checkSweeps) {
        static Options parse(String[] args) {
            int[] sizes = {1024, 2048};
            int rounds = 21, checkN = 0, checkSweeps = 0;
            long sampleMs = 60, warmupMs = 3000;
            for (int k = 0; k < args.length; k++) {
                String a = args[k];
                switch (a) {
                    case "--sizes" -> sizes = Arrays.stream(value(args, ++k, a).split(",")).mapToInt(s -> positive(s, a, 3)).toArray();
                    case "--rounds" -> rounds = positive(value(args, ++k, a), a, 1);
                    case "--sample-ms" -> sampleMs = positive(value(args, ++k, a), a, 1);
                    case "--warmup-ms" -> warmupMs = positive(value(args, ++k, a), a, 0);
                    case "--check" -> {
                        checkN = positive(value(args, ++k, a), a, 3);
                        checkSweeps = positive(value(args, ++k, a), a, 0);
                    }
                    default -> throw new IllegalArgumentException("unknown option '" + a + "'");
                }
            }
            return new Options(sizes, rounds, sampleMs, warmupMs, checkN, checkSweeps);
        }

        private static String value(String[] args, int k, String option) {
            if (k >= args.length) throw new IllegalArgumentException(option + " needs a value");
            return args[k];
        }

        private static int positive(String s, String option, int min) {
            try {
                int v = Integer.parseInt(s.trim());
                if (v >= min) return v;
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(option + ": '" + s + "' is not an integer >= " + min);
        }
    }
}
