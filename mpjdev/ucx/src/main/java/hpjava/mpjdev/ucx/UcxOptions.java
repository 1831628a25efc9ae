package hpjava.mpjdev.ucx;

import hpjava.mpjdev.idle.BackoffIdleStrategy;
import hpjava.mpjdev.idle.Cores;
import hpjava.mpjdev.spi.BackendOptions;
import hpjava.mpjdev.spi.BackendOptions.Key;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The configuration of the ucx backend, in one place: every key, its default and its meaning ({@link #KEYS}), read
 * from {@code hpjava run --option KEY=VALUE} or the system property {@code hpjava.ucx.KEY} ({@link BackendOptions}).
 * The launcher ({@link UcxJobLauncher}) reads the launch keys and passes the rank keys ({@link #RANK_KEYS}) it was
 * given to every rank JVM as {@code -Dhpjava.ucx.KEY=VALUE}; a rank reads them with {@link #ofRank()}.
 *
 * <p>The wait strategy ({@link #idle(int)}) of a rank driving progress: {@code tight-spins} progress rounds back to
 * back, then {@code spins - tight-spins} rounds with {@link Thread#onSpinWait()}, then {@value #YIELDS} rounds that
 * yield the core, then park {@value #PARK_NANOS} ns between rounds. {@code spins} is ~10 ms of progress rounds, as
 * long as a raw UCX program (or MPI) would keep spinning for a partner that is about to answer: yielding sooner hands
 * the core to other processes for a whole time slice on a busy host, and the answer then waits for that slice to end.
 * The tight rounds come first because a message landed through a slot ({@link TinySlots}) is seen only when progress
 * returns, so a pause between rounds delays every answer (without it an 8-byte half round trip measured 4-8 % shorter,
 * in-process A/B); the pause comes back for longer waits, where it spares a sibling hardware thread and lets a
 * hypervisor see the spin. With more ranks on the host than cores ({@link Cores}) a rank spins only
 * {@value #OVERSUBSCRIBED_SPINS} rounds, tightly, and then yields: its partner may need the core.
 */
record UcxOptions(String jvmArgs, int bootstrapTimeout, int abortGrace, String netDevices, int spins, int tightSpins,
                  boolean slots) {
    /**
     * The network devices UCX may use ({@code UCX_NET_DEVICES}): by default only the loopback device, since every rank
     * of a job runs on this host (ranks talk through shared memory; UCX's TCP transport would otherwise listen on
     * every interface, outside the job's secret).
     */
    static final String DEFAULT_NET_DEVICES = "lo";
    static final int OVERSUBSCRIBED_SPINS = 100;
    /** Rounds a waiter yields its core before it parks between rounds (a long wait, e.g. for a partner computing). */
    static final int YIELDS = 20_000;
    /** Park interval of a long wait, and of a finished rank that only serves its peers. */
    static final long PARK_NANOS = 100_000L;

    static final List<Key> KEYS = List.of(
            new Key("jvm-args", "none", "extra JVM options for the rank JVMs, separated by spaces"),
            new Key("bootstrap-timeout", "60", "seconds the launcher waits for every rank to connect"),
            new Key("abort-grace", "5", "seconds a failing job's ranks get to end before they are killed"),
            new Key("net-devices", DEFAULT_NET_DEVICES, "the network devices UCX may use (UCX_NET_DEVICES), e.g. eth1,eth2 "
                    + "for several hosts"),
            new Key("spins", "200000, or " + OVERSUBSCRIBED_SPINS + " with more ranks on the host than cores",
                    "progress rounds a waiting rank spins before it yields its core"),
            new Key("tight-spins", "1000", "of those, the first rounds spun back to back (no Thread.onSpinWait)"),
            new Key("slots", "true", "tiny messages land through per-peer slots without a Java upcall (TinySlots)"));
    /** The keys a rank reads (passed on by the launcher as system properties). */
    static final List<String> RANK_KEYS = List.of("spins", "tight-spins", "slots");

    /** The options of a job, from the launch specification's {@code options} and the system properties. */
    static UcxOptions of(Map<String, String> options) {
        BackendOptions o = BackendOptions.of("ucx", KEYS, options);
        String net = o.string("net-devices", DEFAULT_NET_DEVICES);
        if (!net.matches("[A-Za-z0-9_.:,-]+"))
            throw new IllegalArgumentException("option net-devices must name network devices (e.g. lo or eth1,eth2), not '" + net + "'");
        return new UcxOptions(o.string("jvm-args", ""), seconds(o, "bootstrap-timeout", 60), seconds(o, "abort-grace", 5),
                net, (int) o.number("spins", -1, 0, Integer.MAX_VALUE), (int) o.number("tight-spins", 1_000, 0, Integer.MAX_VALUE),
                o.flag("slots", true));
    }

    /** The options of this rank JVM (the system properties its launcher set). */
    static UcxOptions ofRank() {
        return of(Map.of());
    }

    private static int seconds(BackendOptions o, String key, int dflt) {
        return (int) o.number(key, dflt, 1, Integer.MAX_VALUE);
    }

    /** {@code -Dhpjava.ucx.KEY=VALUE} for every rank key given in {@code options} or as a property here. */
    static List<String> rankProperties(Map<String, String> options) {
        BackendOptions o = BackendOptions.of("ucx", KEYS, options);
        List<String> props = new ArrayList<>();
        for (String k : RANK_KEYS) {
            String v = o.raw(k);
            if (v != null) props.add("-D" + o.property(k) + "=" + v);
        }
        return props;
    }

    /** The wait strategy of a rank when {@code localRanks} ranks share this host (see the class comment). */
    BackoffIdleStrategy idle(int localRanks) {
        boolean crowded = Cores.oversubscribed(localRanks);
        int total = spins >= 0 ? spins : crowded ? OVERSUBSCRIBED_SPINS : 200_000;
        int tight = Math.min(total, crowded && spins < 0 ? total : tightSpins);
        return new BackoffIdleStrategy(tight, total - tight, YIELDS, PARK_NANOS, PARK_NANOS);
    }
}
