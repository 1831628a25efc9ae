package hpjava.mpjdev.mt;

import java.util.Map;

/**
 * Tuning of an mt job, from {@code --option KEY=VALUE} (or the system properties {@code hpjava.mt.KEY}):
 * {@code spin} - how many {@link Thread#onSpinWait()} rounds a waiter spins at most before parking (default 2000,
 * about 75 us, when the ranks fit on the cores and run as platform threads, else 50: with more ranks than cores a
 * spinning waiter steals the core from the rank it waits for). 2000 is about three park/unpark hand-offs: a longer
 * spin saves little when the partner is running, and under load from other processes it burns the rank's CPU share,
 * so the scheduler runs it later (measured at load 9 to 15 on 2 vCPUs: 8-byte half round trip 58 to 108 us with 2000
 * against 134 to 339 us with 20000, and 53 to 124 us for the raw-threads baseline, which spins 2000);
 * {@code eager} - the largest message, in bytes, that a send copies into a staging buffer and completes at once when
 * no receive is posted (default 65536; larger sends wait for the receiver).
 *
 * <p>{@code spinFloor}: the adaptive spin window of a rank never shrinks below it. When the ranks fit on the cores it
 * is {@value #FITS_SPIN_FLOOR} rounds (about 22 us at ~37 ns a round here, what one park/unpark hand-off across vCPUs
 * costs per PLATFORM-FACTS: spinning that long before blocking never costs more than twice the best choice), so that
 * load from other processes, which makes some waits long, does not turn every later wait into a park; with more ranks
 * than cores it is {@value #OVERSUBSCRIBED_SPIN_FLOOR}, because a spinner then steals the core of the rank it waits for.
 *
 * <p>{@code debug} ({@code true}/{@code false}, default false): before any rank runs, load every program class in every
 * rank and stop at {@link DebugAttachPoint} so that a debugger's line breakpoints bind in every rank (what
 * {@code hpjava run --debug} sets, with the JDWP agent that waits there).
 *
 * <p>{@code threads} ({@code auto}, {@code virtual}, {@code platform}; default {@code auto}, what
 * {@code --virtual-threads}/{@code --platform-threads} force): the kind of thread a rank runs on. Auto: platform
 * threads while the ranks fit on the cores, virtual threads beyond (a platform thread per rank costs a kernel thread
 * and its stack, and 1024 platform ranks took 60-73 s where virtual ones took 2.6 s). {@code verbose}
 * ({@code true}/{@code false}): print the job's choices (thread kind, spin) on the standard error stream.
 */
record MtOptions(int spinLimit, long eagerLimit, boolean virtualThreads, int spinFloor, boolean debug, boolean verbose) {
    static final int FITS_SPIN_FLOOR = 600;
    static final int OVERSUBSCRIBED_SPIN_FLOOR = 16;

    private static final java.util.Set<String> KEYS = java.util.Set.of("spin", "eager", "debug", "threads", "verbose");

    static MtOptions from(int np, boolean forceVirtual, Map<String, String> options) {
        for (String k : options.keySet())
            if (!KEYS.contains(k))
                throw new IllegalArgumentException("unknown option '" + k + "' for the mt backend (known: spin, eager, debug, threads, verbose)");
        boolean virtualThreads = virtualThreads(np, forceVirtual, options);
        boolean fits = !virtualThreads && np <= Runtime.getRuntime().availableProcessors();
        int spin = (int) number(options, "spin", fits ? 2_000 : 50, Integer.MAX_VALUE);
        long eager = number(options, "eager", 65_536, Long.MAX_VALUE);
        int floor = Math.min(spin, fits ? FITS_SPIN_FLOOR : OVERSUBSCRIBED_SPIN_FLOOR);
        return new MtOptions(spin, eager, virtualThreads, floor, flag(options, "debug"), flag(options, "verbose"));
    }

    /** Option {@code threads}: forced by {@code --virtual-threads} or the option, else virtual beyond the core count. */
    static boolean virtualThreads(int np, boolean forceVirtual, Map<String, String> options) {
        String v = options.get("threads");
        if (v == null) v = System.getProperty("hpjava.mt.threads", "auto");
        return switch (v) {
            case "auto" -> forceVirtual || np > Runtime.getRuntime().availableProcessors();
            case "virtual" -> true;
            case "platform" -> {
                if (forceVirtual) throw new IllegalArgumentException("mt: --virtual-threads and threads=platform (--platform-threads) contradict each other");
                yield false;
            }
            default -> throw new IllegalArgumentException("mt option threads must be auto, virtual or platform, not '" + v + "'");
        };
    }

    /** What the verbose output says about the job. */
    String describe(int np) {
        int cores = Runtime.getRuntime().availableProcessors();
        return "mpjdev-mt: " + np + (np == 1 ? " rank" : " ranks") + " on " + (virtualThreads ? "virtual" : "platform")
                + " threads (" + cores + (cores == 1 ? " core" : " cores") + "), spin " + spinLimit + " (floor " + spinFloor
                + "), eager limit " + eagerLimit + " bytes";
    }

    private static boolean flag(Map<String, String> options, String key) {
        String v = options.get(key);
        if (v == null) v = System.getProperty("hpjava.mt." + key);
        if (v == null || v.equals("false")) return false;
        if (v.equals("true")) return true;
        throw new IllegalArgumentException("mt option " + key + " must be true or false, not '" + v + "'");
    }

    private static long number(Map<String, String> options, String key, long dflt, long max) {
        String v = options.get(key);
        if (v == null) v = System.getProperty("hpjava.mt." + key);
        if (v == null) return dflt;
        try {
            long n = Long.parseLong(v.trim());
            if (n < 0 || n > max) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("mt option " + key + " must be a non-negative integer, not '" + v + "'");
        }
    }
}
