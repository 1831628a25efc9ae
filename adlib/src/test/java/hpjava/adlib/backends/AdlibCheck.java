package hpjava.adlib.backends;

import hpjava.adlib.Adlib;
import hpjava.lang.ProcessContext;
import hpjava.mpjdev.RankContext;

/**
 * The SPMD check program of Adlib on every backend, launched by {@code hpjava.mpjdev.Launcher} (see
 * {@link BackendsTest}): every operation of docs/LANGUAGE.md#adlib over several element types, every range kind, ranks 1-3,
 * sections and replicated arrays, on deterministic data (fixed keys, never the process count). Each result is
 * compared with a sequential reference computed here on plain Java arrays; a mismatch throws an
 * {@link AssertionError} naming the case, type, layout and element, which fails the rank and the job.
 *
 * <p>Rank 0 prints one line per case, {@code case-name digest}, where the digest hashes the exact bits of the whole
 * result (gathered or replicated) in global index order; every APG member must have computed the same digests
 * (checked at the end). A case name starting with {@code ~} depends on the combination order and so on the
 * process count (floating sums, products, dot products, and results that are per-process by nature such as ghost
 * cells and scatter collisions); every other case must give the same digest at every process count. The last line
 * is {@code DONE <cases> cases <ms> ms}.
 *
 * <p>Arguments: {@code [--times] [prefix...]}: with {@code --times} rank 0 also prints {@code TIME <us> us <case>}
 * after each case; with prefixes only the cases whose names start with one of them run.
 */
public final class AdlibCheck {

    /** The marker rank 0's aprintf lines start with. */
    static final String APRINTF_MARK = "@ap:";

    /** A case's computation; returns the digest of its results (identical on every APG member). */
    interface Body {
        Digest run() throws Exception;
    }

    private final int rank;
    private final String[] only;
    private int cases;
    private final java.util.List<String> lines = new java.util.ArrayList<>();

    private final boolean times;

    private AdlibCheck(int rank, String[] only, boolean times) {
        this.rank = rank;
        this.only = only;
        this.times = times;
    }

    public static void main(String[] args) {
        RankContext rc = RankContext.current();
        int rank = rc.rank(), np = rc.world().size();
        ProcessContext ctx = ProcessContext.create(rank, np);
        boolean times = args.length > 0 && args[0].equals("--times");
        AdlibCheck check = new AdlibCheck(rank, times ? java.util.Arrays.copyOfRange(args, 1, args.length) : args, times);
        ctx.run(check::all);
    }

    private void all() {
        long t0 = System.nanoTime();
        MovementCases.all(this);
        ReductionCases.all(this);
        RandomCases.all(this);
        SplitPhaseCases.all(this);
        agree();
        if (rank == 0) System.out.println("DONE " + cases + " cases " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        System.out.flush();
    }

    boolean isRoot() {
        return rank == 0;
    }

    /**
     * Runs one case. {@code orderFree}: the result must not depend on the process count (integer arithmetic, data
     * movement, max/min); otherwise the name gets the {@code ~} prefix.
     */
    void run(String name, boolean orderFree, Body body) {
        String full = (orderFree ? "" : "~") + name.replace(" ", "");
        if (only.length > 0) {
            boolean sel = false;
            for (String o : only) sel |= full.startsWith(o) || name.startsWith(o);
            if (!sel) return;
        }
        Digest d;
        long t0 = System.nanoTime();
        try {
            d = body.run();
        } catch (Throwable e) {
            throw new AssertionError("case " + full + " failed on rank " + rank + ": " + e, e);
        }
        String hex = d.hex();
        lines.add(full + " " + hex);
        cases++;
        if (rank == 0) System.out.println(full + " " + hex);
        if (rank == 0 && times) System.out.println("TIME " + (System.nanoTime() - t0) / 1000 + " us " + full);
    }

    /**
     * Every process must have computed the same digests (one collective for all cases: cheap on busy machines); on a
     * difference, rank 0's lines are broadcast and the first differing case is named.
     */
    private void agree() {
        Digest all = new Digest();
        for (String l : lines) all.add(l);
        long mine = Long.parseUnsignedLong(all.hex(), 16);
        if (Adlib.broadcast(mine, 0) == mine) return;
        String[] root = Adlib.broadcast(lines.toArray(new String[0]), 0);
        for (int i = 0; i < Math.max(root.length, lines.size()); i++) {
            String a = i < root.length ? root[i] : "(none)", b = i < lines.size() ? lines.get(i) : "(none)";
            if (!a.equals(b))
                throw new AssertionError("rank " + rank + " computed '" + b + "' but APG member 0 '" + a
                        + "' (the result differs between processes)");
        }
        throw new AssertionError("rank " + rank + ": digests differ from APG member 0's");
    }
}
