package hpjava.lang;

import java.util.Arrays;

import hpjava.mpjdev.RankContext;

/**
 * The identity and active process group (APG) of one HPJava process ("rank") of a job.
 *
 * <p><b>Binding.</b> Many ranks may share one JVM (the multithreaded backend runs each rank as a thread, possibly a
 * virtual thread), while the classes of {@code hpjava.lang} are shared by all of them. Each rank's context is therefore
 * bound to the thread that runs the rank, in an {@link InheritableThreadLocal}: {@link #current()} is one thread-local
 * read. A thread started by a rank (platform or virtual) inherits a <em>fork</em> of the context: the same rank, job
 * and world, with its own APG stack starting at the APG the parent had when it started the thread, so the mutable APG
 * stack is never shared between threads. When one JVM runs one rank (the MPI and UCX backends), the launcher may instead
 * bind the context process-wide ({@link #bindProcess}); a thread binding takes precedence.
 *
 * <p><b>Creation.</b> A thread of an mpjdev rank (any backend: the mpjdev launcher binds a
 * {@link RankContext} to each rank) that has no context bound gets its rank's context on first use of
 * {@link #current()}: one per rank, created from the rank's number and world size and kept in the rank's
 * {@link RankContext#state per-rank state}; the first thread of the rank to ask gets it, any other thread of the rank
 * a fork (see above), so no APG stack is ever shared. Tests and tools without a device may instead create contexts
 * with {@link #create(int, int)} and run code under {@link #run(Runnable)} (or {@link #bind()}/{@link #unbind()}).
 * The runtime itself does no messaging.
 *
 * <p><b>APG.</b> At start the APG is {@link #world()}, a one-dimensional grid of all job ranks {@code 0..size-1}.
 * {@code on}, {@code at} and {@code overall} change it with {@link #pushApg(Group)} / {@link #enterIndex(Range)} and
 * restore it with {@link #restoreApg(int)} in a {@code finally} block, so an exception leaves the APG as it was.
 * Lowering (all locals final, {@code $c} read once per method):
 * <pre>{@code
 * // on (g) S
 * if (g.isMember($c)) { final int $m = $c.pushApg(g); try { S } finally { $c.restoreApg($m); } }
 * // overall (i = x for l : u : s) S          and        at (i = x[n]) S
 * final Block $b = x.localBlock($c, l, u, s);       //  if (x.holds($c, n)) {
 * final int $m = $c.enterIndex(x);                   //    final int $sub = x.localSubscript(n);
 * try { ...loop over $b... } finally { $c.restoreApg($m); }  //  final int $m = $c.enterIndex(x); try { S } finally {...} }
 * }</pre>
 * A context is used only by the thread of its rank: it is not thread-safe, and needs not be.
 */
public final class ProcessContext {
    private static final InheritableThreadLocal<ProcessContext> CURRENT = new InheritableThreadLocal<>() {
        @Override
        protected ProcessContext childValue(ProcessContext parent) {
            return parent == null ? null : new ProcessContext(parent);
        }
    };
    private static volatile ProcessContext process;
    /** Key of the rank's root context in {@link RankContext#state}. */
    private static final Object RANK_STATE_KEY = new Object();

    private final int id;
    private final int size;
    private final Procs world;
    private Group[] apgStack = new Group[16];
    private int depth; // apgStack[depth - 1] is the APG
    private Group containsApg;      // last (APG, grid) containment test of enterIndex, so loop entries stay O(1)
    private Procs containsGrid;

    private ProcessContext(int id, int size) {
        this.id = id;
        this.size = size;
        this.world = Procs.world(size);
        apgStack[0] = world;
        depth = 1;
    }

    /** A fork for a thread started by the rank: same identity, own APG stack holding the parent's current APG. */
    private ProcessContext(ProcessContext parent) {
        this.id = parent.id;
        this.size = parent.size;
        this.world = parent.world;
        apgStack[0] = parent.apg();
        depth = 1;
    }

    /**
     * Creates the context of job rank {@code id} in a job of {@code size} ranks; its APG is {@link #world()}.
     * The one factory the launcher calls, once per rank. Not bound to any thread yet.
     *
     * @throws IllegalArgumentException unless {@code size >= 1} and {@code 0 <= id < size}
     */
    public static ProcessContext create(int id, int size) {
        if (size < 1) throw new IllegalArgumentException("job size must be at least 1, got " + size);
        if (id < 0 || id >= size)
            throw new IllegalArgumentException("rank id " + id + " is outside the job of " + size + " ranks (0.." + (size - 1) + ")");
        return new ProcessContext(id, size);
    }

    /**
     * The context bound to the calling thread.
     *
     * @throws IllegalStateException if the thread runs no HPJava rank (no context bound)
     */
    public static ProcessContext current() {
        ProcessContext c = currentOrNull();
        if (c == null) throw new IllegalStateException("thread '" + Thread.currentThread().getName()
                + "' runs no HPJava process: start programs with the hpjava launcher, or bind a ProcessContext first");
        return c;
    }

    /**
     * The context bound to the calling thread; else the process-wide one; else, on a thread of an mpjdev rank, the
     * rank's context (see Creation above), which is then bound to the thread; else {@code null}.
     */
    public static ProcessContext currentOrNull() {
        ProcessContext c = CURRENT.get();
        if (c != null) return c;
        c = process;
        if (c != null) return c;
        RankContext rank = RankContext.find().orElse(null);
        if (rank == null) return null;
        RankRoot root = rank.state(RANK_STATE_KEY, () -> new RankRoot(create(rank.rank(), rank.world().size())));
        c = root.claim() ? root.context : new ProcessContext(root.context);
        CURRENT.set(c);
        return c;
    }

    /** A rank's own context, handed to the first of the rank's threads that asks for it. */
    private static final class RankRoot {
        final ProcessContext context;
        private boolean claimed;

        RankRoot(ProcessContext context) {
            this.context = context;
        }

        synchronized boolean claim() {
            if (claimed) return false;
            claimed = true;
            return true;
        }
    }

    /**
     * Binds {@code ctx} as the context of every thread of this JVM that has no thread binding (one rank per JVM);
     * {@code null} removes it.
     */
    public static void bindProcess(ProcessContext ctx) {
        process = ctx;
    }

    /**
     * Binds this context to the calling thread (and, as forks, to threads it starts later), replacing any other thread
     * binding; returns the previous thread binding (or null).
     */
    public ProcessContext bind() {
        ProcessContext prev = CURRENT.get();
        CURRENT.set(this);
        return prev;
    }

    /** Removes the calling thread's binding. */
    public static void unbind() {
        CURRENT.remove();
    }

    /** Runs {@code body} with this context bound to the calling thread, then restores the previous binding. */
    public void run(Runnable body) {
        ProcessContext prev = bind();
        try {
            body.run();
        } finally {
            if (prev == null) CURRENT.remove(); else CURRENT.set(prev);
        }
    }

    /** This process's job rank, {@code 0 <= id() < size()}. */
    public int id() { return id; }

    /** Number of ranks in the job. */
    public int size() { return size; }

    /** The grid of all ranks of the job, shape {@code {size()}}, rank k at coordinate k: the initial APG. */
    public Procs world() { return world; }

    /** The active process group. */
    public Group apg() { return apgStack[depth - 1]; }

    /** Depth of the APG stack (1 outside any construct); a mark for {@link #restoreApg(int)}. */
    public int apgDepth() { return depth; }

    /**
     * Makes {@code g} the APG and returns the mark to pass to {@link #restoreApg(int)}. The caller ensures the calling
     * process is a member of {@code g} (as {@code on} does by testing first).
     *
     * @throws IllegalArgumentException if {@code g} is null or the calling process is not a member of it
     */
    public int pushApg(Group g) {
        if (g == null) throw new IllegalArgumentException("on: group is null");
        if (!g.isMember(id))
            throw new IllegalArgumentException("on: process " + id + " is not a member of " + g + " and cannot make it the APG");
        int mark = depth;
        if (depth == apgStack.length) apgStack = Arrays.copyOf(apgStack, depth * 2);
        apgStack[depth++] = g;
        return mark;
    }

    /**
     * Entry of the body of {@code overall (i = x ...)} or {@code at (i = x[n])}: makes {@code APG / i} the APG, i.e. the
     * APG restricted to the calling process's coordinate in {@code x}'s grid dimension (unchanged for a collapsed range),
     * and returns the mark for {@link #restoreApg(int)}. Called once per construct, not per iteration; the restricted
     * group is cached by the group, so a steady-state loop does not allocate here.
     *
     * <p>If {@code x}'s grid is not the APG's grid but all its processes are in the APG, the restriction is taken of
     * {@code x}'s grid (the processes holding {@code i} are exactly those). A calling process outside {@code x}'s grid
     * holds no location; the APG is then pushed unchanged (the body never runs).
     *
     * @throws IllegalStateException if {@code x}'s grid has processes outside the APG
     */
    public int enterIndex(Range x) {
        Group apg = apg();
        Dimension d = x.dim();
        Group next = apg;
        if (d != null) {
            int c = d.crd(this);
            if (c >= 0) {
                if (apg.procs() == d.procs()) next = apg.restrictCached(d, c);
                else if (containsCached(apg, d.procs())) next = d.procs().restrictCached(d, c);
                else throw new IllegalStateException("overall/at over a range of grid " + d.procs()
                        + " whose processes are not all in the active process group " + apg);
            }
        }
        int mark = depth;
        if (depth == apgStack.length) apgStack = Arrays.copyOf(apgStack, depth * 2);
        apgStack[depth++] = next;
        return mark;
    }

    private boolean containsCached(Group apg, Procs grid) {
        if (apg == containsApg && grid == containsGrid) return true;
        if (!apg.contains(grid)) return false;
        containsApg = apg;
        containsGrid = grid;
        return true;
    }

    /**
     * Restores the APG that was active when {@code mark} was returned (pops everything pushed since).
     *
     * @throws IllegalStateException if the mark is not a depth reached by this stack
     */
    public void restoreApg(int mark) {
        if (mark < 1 || mark > depth)
            throw new IllegalStateException("APG restore to depth " + mark + " but the APG stack has depth " + depth);
        for (int k = mark; k < depth; k++) apgStack[k] = null;
        depth = mark;
    }

    @Override
    public String toString() {
        return "ProcessContext[rank " + id + " of " + size + ", APG " + apg() + "]";
    }
}
