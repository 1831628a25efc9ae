package hpjava.mpjdev.mt;

import hpjava.mpjdev.idle.BackoffIdleStrategy;
import hpjava.mpjdev.idle.Cores;
import hpjava.mpjdev.spi.BackendOptions;
import hpjava.mpjdev.spi.BackendOptions.Key;
import java.util.List;
import java.util.Map;

/**
 * The configuration of an mt job: every key, its default and its meaning ({@link #KEYS}), read from
 * {@code --option KEY=VALUE} or the system property {@code hpjava.mt.KEY} ({@link BackendOptions}).
 *
 * <p>{@code spin}: how many {@link Thread#onSpinWait()} rounds a waiter spins at most before parking (default
 * {@value #FITS_SPIN}, 175 us at the 17.5 ns a round measured here, when the ranks fit on the cores and run as platform
 * threads, else 50: with more ranks than cores a spinning waiter steals the core from the rank it waits for,
 * {@link Cores}). It was 2000 (35 us) until the exchange of Jacobi N = 1024 at np 2 was measured: the two ranks' halves
 * differ by 50-90 us an iteration, every such wait parked, and a wake-up across vCPUs costs 20 to over 100 us here, so
 * one rank or the other parked in 10-50 % of the iterations; with 10000 they park in under 3 % and the mean iteration
 * fell 11-15 % (docs/benchmarks/HISTORY.md, "mt np 2 at N = 1024"; libgomp spins far longer, 300000 rounds by default). Under
 * load from other processes a long spin burns the rank's CPU share (measured at load 9 to 15 on 2 vCPUs: 8-byte half
 * round trip 58 to 108 us spinning 2000 against 134 to 339 us spinning 20000, fixed): the adaptive window below
 * shrinks then, since the partner comes later than any spin would wait.
 *
 * <p>The adaptive spin window of a rank ({@link RankState}) never shrinks below {@link #spinFloor}: when the ranks fit
 * on the cores {@value #FITS_SPIN_FLOOR} rounds (10 to 22 us at the 17.5 to 37 ns a round measured here, what one park/unpark hand-off
 * across vCPUs costs per PLATFORM-FACTS: spinning that long before blocking never costs more than twice the best
 * choice), so that load from other processes, which makes some waits long, does not turn every later wait into a
 * park; with more ranks than cores {@value #OVERSUBSCRIBED_SPIN_FLOOR}.
 *
 * <p>{@code eager}: the largest message, in bytes, that a send copies into a staging buffer and completes at once when
 * no receive is posted (default 65536; larger sends wait for the receiver). {@code debug}: see {@link #KEYS}.
 *
 * <p>{@code threads} ({@code auto}, {@code virtual}, {@code platform}; default {@code auto}, what
 * {@code --virtual-threads}/{@code --platform-threads} force): the kind of thread a rank runs on. Auto: platform
 * threads while the ranks fit on the cores, virtual threads beyond (a platform thread per rank costs a kernel thread
 * and its stack, and 1024 platform ranks took 60-73 s where virtual ones took 2.6 s). {@code verbose}
 * ({@code true}/{@code false}): print the job's choices (thread kind, spin) on the standard error stream.
 *
 * @param idle the wait strategy of every mt wait loop: {@code spinLimit} paused spins (a rank's adaptive window picks
 *        how many of them a wait uses, {@link BackoffIdleStrategy#startWithSpins}), no yields (a completing rank
 *        unparks its waiter), then parking in {@link #parkNanos} slices, between which the waiter checks whether its
 *        peer has ended
 */
record MtOptions(int spinLimit, long eagerLimit, boolean virtualThreads, int spinFloor, boolean debug,
                 boolean verbose, BackoffIdleStrategy idle, long spinNanos, RankClasses rankClasses) {
    static final int FITS_SPIN = 10_000;
    static final int FITS_SPIN_FLOOR = 600;
    static final int OVERSUBSCRIBED_SPIN_FLOOR = 16;
    /**
     * How long a parked waiter sleeps before it looks at its peers again. It is also woken explicitly whenever a rank
     * ends or the job aborts, so this is a safety net: 20 ms up to 64 ranks, longer beyond (every parked rank waking
     * each period costs CPU that the ranks doing the work need: 4096 ranks every 20 ms were 200 000 wake-ups a
     * second), at most 1 s ({@link #parkNanos}).
     */
    static final long PARK_NANOS = 20_000_000L;

    /** The park slice of a job of {@code np} ranks: {@link #PARK_NANOS}, growing beyond 64 ranks, at most 1 s. */
    static long parkNanos(int np) {
        return Math.min(1_000_000_000L, PARK_NANOS * Math.max(1, np / 64));
    }

    /** The keys of the mt backend, as {@code hpjava run --option KEY=VALUE} takes them and mpjdev/README.md lists them. */
    static final List<Key> KEYS = List.of(
            new Key("spin", "10000, or 50 with more ranks than cores or with virtual threads",
                    "Thread.onSpinWait rounds a waiting rank spins at most before it parks"),
            new Key("eager", "65536", "largest message (bytes) a send completes at once by copying it when no receive is posted"),
            new Key("debug", "false", "load every program class in every rank and stop at DebugAttachPoint before any rank "
                    + "runs, so that a debugger's breakpoints bind in every rank (set by hpjava run --debug)"),
            new Key("threads", "auto", "the kind of thread a rank runs on: auto (platform threads up to the core count, "
                    + "virtual beyond), virtual or platform (what --virtual-threads and --platform-threads force)"),
            new Key("verbose", "false", "print the job's choices (thread kind, spin, eager limit, rank classes) on standard error"),
            new Key("rank-classes", "auto", "whether the ranks share one copy of the program's classes: auto (shared when no "
                    + "rank can observe another's static state, else per rank), shared or per-rank"));

    static MtOptions from(int np, boolean forceVirtual, Map<String, String> options) {
        BackendOptions o = BackendOptions.of("mt", KEYS, options);
        boolean virtualThreads = virtualThreads(np, forceVirtual, o.string("threads", "auto"));
        boolean fits = !virtualThreads && !Cores.oversubscribed(np);
        int spin = (int) o.number("spin", fits ? FITS_SPIN : 50, 0, Integer.MAX_VALUE);
        long eager = o.number("eager", 65_536, 0, Long.MAX_VALUE);
        int floor = Math.min(spin, fits ? FITS_SPIN_FLOOR : OVERSUBSCRIBED_SPIN_FLOOR);
        BackoffIdleStrategy idle = new BackoffIdleStrategy(0, spin, 0, parkNanos(np), parkNanos(np));
        return new MtOptions(spin, eager, virtualThreads, floor, o.flag("debug", false), o.flag("verbose", false), idle,
                (long) Math.ceil(spin * SpinRound.NANOS), RankClasses.parse(o.string("rank-classes", "auto")));
    }

    /**
     * What one {@link Thread#onSpinWait()} round costs on this machine, measured once per JVM (the median of five runs
     * of 2000 rounds, about 0.4 ms in all): {@link #spinNanos}, the time the longest window spins, is what a parked
     * waiter compares its partner's lateness with ({@link RankState#parked}).
     */
    static final class SpinRound {
        static final double NANOS = measure();

        private static double measure() {
            double[] runs = new double[5];
            for (int r = 0; r < runs.length; r++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < 2_000; i++) Thread.onSpinWait();
                runs[r] = (System.nanoTime() - t0) / 2_000.0;
            }
            java.util.Arrays.sort(runs);
            return Math.max(1.0, runs[runs.length / 2]);
        }
    }

    /** Key {@code threads}: forced by {@code --virtual-threads} or the key, else virtual beyond the core count. */
    static boolean virtualThreads(int np, boolean forceVirtual, String threads) {
        return switch (threads) {
            case "auto" -> forceVirtual || Cores.oversubscribed(np);
            case "virtual" -> true;
            case "platform" -> {
                if (forceVirtual) throw new IllegalArgumentException("mt: --virtual-threads and threads=platform (--platform-threads) contradict each other");
                yield false;
            }
            default -> throw new IllegalArgumentException("mt option threads must be auto, virtual or platform, not '" + threads + "'");
        };
    }

    /** What the verbose output says about the job. */
    String describe(int np) {
        int cores = hpjava.mpjdev.idle.Cores.available();
        return "mpjdev-mt: " + np + (np == 1 ? " rank" : " ranks") + " on " + (virtualThreads ? "virtual" : "platform")
                + " threads (" + cores + (cores == 1 ? " core" : " cores") + "), spin " + spinLimit + " (floor " + spinFloor
                + ", " + (spinNanos + 500) / 1000 + " us at most), eager limit " + eagerLimit + " bytes";
    }
}
