package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.ProcessContext;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.RankContext;
import hpjava.mpjdev.profile.ProfileRecorder;
import hpjava.mpjdev.profile.ProfiledComm;

/**
 * Adlib's per-rank state, kept in {@link RankContext#state} (never in statics: in mt all ranks share Adlib's
 * classes): a private duplicate of the world communicator (so Adlib's messages never match the program's own
 * mpjdev traffic), its native collectives if the backend offers them, a buffer pool and the schedule cache.
 */
final class AdlibRank {
    private static final Object KEY = new Object();

    /** Tags of Adlib's messages on its private communicator, one per kind of transfer. */
    static final int TAG_TRANSFER = 1, TAG_HALO = 16, TAG_HALO_DIRECT = 48, TAG_BCAST = 64, TAG_GATHER = 65, TAG_PRINT = 66;

    final Comm comm;
    final NativeCollectives nat;
    final BufferPool pool = new BufferPool(32);
    final ScheduleCache cache = new ScheduleCache(64);
    final Broadcast.Boxes boxes = new Broadcast.Boxes();
    /** The cache key of two integer parameters, in a reused array (no allocation per lookup). */
    final int[] pairKey = new int[2];
    private int[] haloKey = new int[0];

    /** The cache key of a halo update's widths and modes, in a reused array (no allocation for a given rank). */
    int[] haloKey(int[] wlo, int[] whi, int[] mode) {
        int n = 3 + wlo.length + whi.length + mode.length;
        if (haloKey.length != n) haloKey = new int[n];
        haloKey[0] = wlo.length;
        haloKey[1] = whi.length;
        haloKey[2] = mode.length;
        System.arraycopy(wlo, 0, haloKey, 3, wlo.length);
        System.arraycopy(whi, 0, haloKey, 3 + wlo.length, whi.length);
        System.arraycopy(mode, 0, haloKey, 3 + wlo.length + whi.length, mode.length);
        return haloKey;
    }
    final int id;
    /** Collective checking ({@link CallCheck}): sequence numbers per group, and the agreement's own buffers. */
    final CallCheck.Sequences seqs = new CallCheck.Sequences();
    final long[] agreeNative = new long[1];
    /** The tree agreement's gather buffer (2 longs a member), made on first use: the native path never needs it. */
    private long[] agreeAll;
    private Object[] agreeAlls;
    final int[] agreeVerdict = new int[1];
    final Object[] agreeVerdicts = {agreeVerdict};
    /** Tests: plan collectives over point-to-point even when native collectives exist (to compare the two). */
    boolean pointToPointOnly;

    private final RankContext rankContext;

    /** The communication profile of this rank ({@code hpjava run --comm-profile}), else null. */
    final ProfileRecorder prof;

    private AdlibRank(RankContext rc) {
        this.rankContext = rc;
        Comm world = rc.world();
        int[] all = new int[world.size()];
        for (int k = 0; k < all.length; k++) all[k] = k;
        java.nio.file.Path profileDir = ProfileRecorder.directory();
        this.prof = profileDir == null ? null : new ProfileRecorder(world.id());
        this.comm = prof == null ? world.create(all) : new ProfiledComm(world.create(all), prof);
        if (prof != null) rc.atEnd(() -> prof.write(profileDir));
        this.nat = comm.collectives().orElse(null);
        this.id = comm.id();
    }

    /** A collective call with signature {@code sig} starts (profiling: found its program line). */
    void began(long sig) {
        if (prof == null) return;
        StackWalker.StackFrame f = CallCheck.programFrame();
        prof.begin(CallCheck.operation(sig), f == null ? "?" : String.valueOf(f.getFileName()), f == null ? 0 : f.getLineNumber());
    }

    /** {@link System#nanoTime()} when profiling, else 0: the start of a wait. */
    long waitStart() {
        return prof == null ? 0 : System.nanoTime();
    }

    /** A wait that began at {@code start} ({@link #waitStart}) ended. */
    void waitEnd(long start) {
        if (prof != null) prof.waited(System.nanoTime() - start);
    }

    long[] agreeAll() {
        if (agreeAll == null) {
            agreeAll = new long[2 * comm.size()];
            agreeAlls = new Object[] {agreeAll};
        }
        return agreeAll;
    }

    Object[] agreeAlls() {
        agreeAll();
        return agreeAlls;
    }

    /**
     * The calling rank's Adlib state, checking that the HPJava process context and the device agree on the rank.
     *
     * @throws AdlibException if the thread runs no rank, or the two disagree
     */
    static AdlibRank current(ProcessContext ctx) {
        AdlibRank last = LAST.get();
        if (last != null && last.id == ctx.id() && last.rankContext == currentRankOrNull()) return last;
        AdlibRank r = lookup(ctx);
        LAST.set(r);
        return r;
    }

    /**
     * The calling thread's last AdlibRank: a per-thread shortcut to the per-rank state (valid while the thread's rank
     * context is the same), so the static forms skip the map lookup. Not shared state: each thread sees only its own.
     */
    private static final ThreadLocal<AdlibRank> LAST = new ThreadLocal<>();

    private static RankContext currentRankOrNull() {
        try {
            return RankContext.current();
        } catch (IllegalStateException e) {
            return null;
        }
    }

    private static AdlibRank lookup(ProcessContext ctx) {
        RankContext rc;
        try {
            rc = RankContext.current();
        } catch (IllegalStateException e) {
            throw new AdlibException("Adlib: this thread runs no mpjdev rank (" + e.getMessage() + ")", e);
        }
        AdlibRank r = rc.state(KEY, () -> new AdlibRank(rc));
        if (r.id != ctx.id() || r.comm.size() != ctx.size())
            throw new AdlibException("Adlib: the HPJava process context (rank " + ctx.id() + " of " + ctx.size()
                    + ") does not match the mpjdev rank (" + r.id + " of " + r.comm.size() + ")");
        return r;
    }

    /** Whether the native collectives can serve group {@code g}: the backend has them and g is the whole job in order. */
    boolean nativeFor(int[] members) {
        if (nat == null || pointToPointOnly || members.length != comm.size()) return false;
        for (int k = 0; k < members.length; k++) if (members[k] != k) return false;
        return true;
    }

    static ProcessContext context() {
        try {
            return ProcessContext.current();
        } catch (IllegalStateException e) {
            throw new AdlibException("Adlib: " + e.getMessage(), e);
        }
    }

    static void checkInApg(Group apg, hpjava.lang.Multiarray a, String op, String which) {
        if (a == null) throw new AdlibException(op + ": " + which + " array is null");
        if (!apg.contains(a.grp()))
            throw new AdlibException(op + ": the " + which + " array (" + a.describe()
                    + ") has processes outside the active process group " + apg);
    }
}
