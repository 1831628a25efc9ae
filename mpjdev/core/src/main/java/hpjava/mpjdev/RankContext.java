package hpjava.mpjdev;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The calling rank: its number, world communicator, program class loader, backend, and per-rank state of library
 * classes. Library code (the HPJava runtime, Adlib) keeps per-rank state here, never in static fields, because in mt
 * all ranks share the library's classes (only the user's program classes are loaded once per rank).
 *
 * <p><b>Lookup</b> ({@link #current()}): first the calling thread's binding (mt: set for each rank thread and
 * inherited by threads the rank starts, platform or virtual, through an {@link InheritableThreadLocal}), then the
 * process-wide binding (one-rank-per-process backends). Threads of pools not started by a rank (e.g. the common
 * ForkJoinPool) have no rank.
 *
 * <p><b>Binding</b> ({@link #bindThread}, {@link #bindProcess}) is for backends.
 */
public final class RankContext {

    private static final InheritableThreadLocal<RankContext> THREAD = new InheritableThreadLocal<>();
    private static volatile RankContext process;

    private final int rank;
    private final Comm world;
    private final ClassLoader programClassLoader;
    private final ConcurrentHashMap<Object, Object> state = new ConcurrentHashMap<>();
    private final java.util.List<Runnable> endActions = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * For backends.
     *
     * @param rank the rank number ({@code world.id()})
     * @param world the world communicator of this rank
     * @param programClassLoader the loader of the user's program classes for this rank
     */
    public RankContext(int rank, Comm world, ClassLoader programClassLoader) {
        this.rank = rank;
        this.world = world;
        this.programClassLoader = programClassLoader;
    }

    /**
     * The calling thread's rank.
     *
     * @throws IllegalStateException if the calling thread belongs to no rank
     */
    public static RankContext current() {
        RankContext c = THREAD.get();
        if (c == null) c = process;
        if (c == null)
            throw new IllegalStateException("this thread (" + Thread.currentThread().getName() + ") does not belong to an mpjdev rank: "
                    + "run the program through the launcher (hpjava run, or hpjava.mpjdev.Launcher), and call the device from "
                    + "the rank's own threads or threads they started");
        return c;
    }

    /** The calling thread's rank, if any. */
    public static Optional<RankContext> find() {
        RankContext c = THREAD.get();
        return Optional.ofNullable(c != null ? c : process);
    }

    /** Binds {@code ctx} to the calling thread and, by inheritance, to threads it starts later; {@code null} unbinds. For backends. */
    public static void bindThread(RankContext ctx) {
        if (ctx == null) THREAD.remove(); else THREAD.set(ctx);
    }

    /** Binds {@code ctx} as the rank of the whole process (one-rank-per-process backends). For backends. */
    public static void bindProcess(RankContext ctx) {
        process = ctx;
    }

    /** This rank's number in the world communicator. */
    public int rank() {
        return rank;
    }

    /** This rank's world communicator. */
    public Comm world() {
        return world;
    }

    /** The class loader of the user's program classes for this rank (object messages resolve classes through it). */
    public ClassLoader programClassLoader() {
        return programClassLoader;
    }

    /**
     * Adds an action the rank runs in its own thread when its program's main returns normally (not when it fails):
     * for libraries that report per-rank results at the end of a job (Adlib's communication profile).
     */
    public void atEnd(Runnable action) {
        endActions.add(action);
    }

    /**
     * Runs the {@link #atEnd} actions in the order they were added, once; for {@link hpjava.mpjdev.spi.ProgramRunner}
     * after the rank's main returned normally.
     */
    public void runEndActions() {
        for (Runnable r : endActions) r.run();
        endActions.clear();
    }

    /**
     * Per-rank state of a library class: the value stored under {@code key}, created by {@code init} on first use in
     * this rank. Thread-safe; {@code init} runs at most once per key and rank. Use a private static final key object.
     */
    @SuppressWarnings("unchecked")
    public <T> T state(Object key, Supplier<? extends T> init) {
        Object v = state.get(key);
        if (v == null) v = state.computeIfAbsent(key, k -> init.get());
        return (T) v;
    }

    @Override
    public String toString() {
        return "rank " + rank + " (" + world.backendName() + ", " + world.size() + " ranks)";
    }
}
