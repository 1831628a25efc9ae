package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;

import java.util.Arrays;

/**
 * The per-rank cache behind Adlib's static forms: at most {@code capacity} schedules, least recently used evicted.
 * Keyed by operation kind, the APG, integer parameters and the <em>layout</em> of each array argument (class, group,
 * range objects, base and strides: everything a plan depends on; all immutable in a {@link Multiarray}), so a
 * section re-created with the same layout hits, and an array with any other layout never reuses a stale plan. The
 * storage ({@code dat()}) is passed at each execution, never taken from the cache. Lookups allocate nothing.
 */
final class ScheduleCache {
    /**
     * Plans one kind of schedule from a cache key's arrays and integer parameters. Each kind is one constant
     * (compared by identity, so it is also the key's operation); non-capturing, so a lookup allocates nothing.
     */
    @FunctionalInterface
    interface Planner {
        Schedule plan(Multiarray a, Multiarray b, Multiarray c, int[] params);
    }

    private final Planner[] kinds;
    private final Multiarray[][] arrays;
    private final Group[] apgs;
    private final int[][] params;
    private final Schedule[] values;
    private final long[] used;
    private long clock;

    ScheduleCache(int capacity) {
        kinds = new Planner[capacity];
        arrays = new Multiarray[capacity][];
        apgs = new Group[capacity];
        params = new int[capacity][];
        values = new Schedule[capacity];
        used = new long[capacity];
    }

    /** The calling rank's cached schedule of {@code kind} for the arrays, planned on a miss. */
    static Schedule cached(Planner kind, Multiarray a, Multiarray b, Multiarray c) {
        ProcessContext ctx = AdlibRank.context();
        return AdlibRank.current(ctx).cache.lookup(kind, ctx.apg(), null, a, b, c);
    }

    /** The same with two integer parameters (shift amount and dimension, operation and dimension). */
    static Schedule cached(Planner kind, int p0, int p1, Multiarray a, Multiarray b) {
        ProcessContext ctx = AdlibRank.context();
        AdlibRank rk = AdlibRank.current(ctx);
        int[] key = rk.pairKey;
        key[0] = p0;
        key[1] = p1;
        return rk.cache.lookup(kind, ctx.apg(), key, a, b, null);
    }

    /** The schedule for the key, planned by {@code kind} and stored on a miss. {@code p} may be a reused array. */
    Schedule lookup(Planner kind, Group apg, int[] p, Multiarray a, Multiarray b, Multiarray c) {
        Schedule s = get(kind, apg, p, a, b, c);
        if (s == null) {
            s = kind.plan(a, b, c, p);
            put(kind, apg, p, a, b, c, s);
        }
        return s;
    }

    /** The cached schedule for the key, or null. */
    Schedule get(Planner kind, Group apg, int[] p, Multiarray a, Multiarray b, Multiarray c) {
        int h = lastHit;
        if (matches(h, kind, apg, p, a, b, c)) {          // a loop calling one operation: one comparison
            used[h] = ++clock;
            return values[h];
        }
        for (int i = 0; i < kinds.length; i++) {
            if (i != h && matches(i, kind, apg, p, a, b, c)) {
                used[i] = ++clock;
                lastHit = i;
                return values[i];
            }
        }
        return null;
    }

    private int lastHit;

    private boolean matches(int i, Planner kind, Group apg, int[] p, Multiarray a, Multiarray b, Multiarray c) {
        if (kinds[i] != kind) return false;
        Multiarray[] k = arrays[i];
        if (!sameLayout(k[0], a) || !sameLayout(k[1], b) || !sameLayout(k[2], c)) return false;
        return (apgs[i] == apg || apgs[i].equals(apg)) && Arrays.equals(params[i], p);
    }

    /** Stores a schedule (replacing the least recently used entry when full). */
    void put(Planner kind, Group apg, int[] p, Multiarray a, Multiarray b, Multiarray c, Schedule value) {
        int victim = 0;
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == null) { victim = i; break; }
            if (used[i] < used[victim]) victim = i;
        }
        // cached schedules are used only inside the static forms, so an evicted one can free its buffers at once
        if (values[victim] != null) values[victim].free();
        kinds[victim] = kind;
        arrays[victim] = new Multiarray[] {a, b, c};
        apgs[victim] = apg;
        params[victim] = p == null ? null : p.clone();
        values[victim] = value;
        used[victim] = ++clock;
        lastHit = victim;
    }

    int size() {
        int n = 0;
        for (Planner k : kinds) if (k != null) n++;
        return n;
    }

    /** Same class, group, range objects, base and strides. */
    static boolean sameLayout(Multiarray x, Multiarray y) {
        if (x == y) return true;
        if (x == null || y == null) return false;
        if (x.getClass() != y.getClass() || x.rank() != y.rank() || x.bas() != y.bas() || !x.grp().equals(y.grp()))
            return false;
        for (int r = 0; r < x.rank(); r++) if (x.rng(r) != y.rng(r) || x.str(r) != y.str(r)) return false;
        return x.isMember() == y.isMember();
    }
}
