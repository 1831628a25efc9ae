package hpjava.mpjdev.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The cost of one MPI call through {@code java.lang.foreign} in each downcall shape, against {@code callcost.c} (the
 * same calls from C): one rank alone, N calls of {@code MPI_Comm_rank} (returns at once: the price of crossing into
 * the library) and of {@code MPI_Iprobe(ANY_SOURCE, ANY_TAG)} (one pass of MPI's progress engine), for bench/mpi/floor.sh.
 * Shapes:
 * <ul>
 * <li>{@code instance-critical}: the shape of the binding's per-message calls ({@link FfmCalls}: critical, raw
 *     addresses), the handle read from an instance field as the binding reads it (not a constant to the JIT);</li>
 * <li>{@code static-critical}: the same downcall held in a {@code static final} field;</li>
 * <li>{@code static-plain}: not critical (the thread-state transition and safepoint check of an ordinary downcall),
 *     raw addresses, {@code static final};</li>
 * <li>{@code static-plain-segment}: not critical, {@code MemorySegment} arguments of the global arena;</li>
 * <li>{@code static-critical-auto}: critical, {@code MemorySegment} arguments of an automatic arena (each call
 *     acquires and releases the arena).</li>
 * </ul>
 * <pre>LAUNCHER -n 1 java -Dhpjava.mpi.abi=TABLE ... hpjava.mpjdev.mpi.FfmCallCost N REPS</pre>
 * Prints "ffm SHAPE-CALL N ns-per-call" per repetition after one warm-up.
 */
public final class FfmCallCost {
    private FfmCallCost() {}

    /** Set before {@link Static} is initialised: the loaded library and its handle size. */
    private static SymbolLookup lib;
    private static int handleBytes;

    /** The downcalls as {@code static final} constants, which the JIT inlines as such. */
    private static final class Static {
        static final MethodHandle RANK_CRIT = bind("MPI_Comm_rank", true, true, handle(), ADDRESS);
        static final MethodHandle RANK_PLAIN = bind("MPI_Comm_rank", false, true, handle(), ADDRESS);
        static final MethodHandle RANK_SEG = bind("MPI_Comm_rank", false, false, handle(), ADDRESS);
        static final MethodHandle RANK_CRIT_SEG = bind("MPI_Comm_rank", true, false, handle(), ADDRESS);
        static final MethodHandle PROBE_CRIT = bind("MPI_Iprobe", true, true, JAVA_INT, JAVA_INT, handle(), ADDRESS, ADDRESS);
        static final MethodHandle PROBE_PLAIN = bind("MPI_Iprobe", false, true, JAVA_INT, JAVA_INT, handle(), ADDRESS, ADDRESS);
        static final MethodHandle PROBE_SEG = bind("MPI_Iprobe", false, false, JAVA_INT, JAVA_INT, handle(), ADDRESS, ADDRESS);
        static final MethodHandle PROBE_CRIT_SEG = bind("MPI_Iprobe", true, false, JAVA_INT, JAVA_INT, handle(), ADDRESS, ADDRESS);

        private static MemoryLayout handle() {
            return handleBytes == 4 ? JAVA_INT : JAVA_LONG;
        }

        private static MethodHandle bind(String name, boolean critical, boolean rawAddresses, MemoryLayout... args) {
            MemoryLayout[] a = args.clone();
            if (rawAddresses) for (int k = 0; k < a.length; k++) if (a[k] == ADDRESS) a[k] = JAVA_LONG;
            FunctionDescriptor d = FunctionDescriptor.of(JAVA_INT, a);
            MemorySegment fn = lib.find(name).orElseThrow();
            return critical ? Linker.nativeLinker().downcallHandle(fn, d, Linker.Option.critical(false))
                            : Linker.nativeLinker().downcallHandle(fn, d);
        }
    }

    // the binding's view: non-constant fields, as FfmBinding reaches FfmCalls
    private MethodHandle rankCritical, probeCritical;
    private long world, anySource, anyTag, statusIgnore;
    private MemorySegment out, autoOut, statusIgnoreSegment;
    private int worldInt;
    private int sink;

    public static void main(String[] args) throws Throwable {
        if (args.length != 2) {
            System.err.println("usage: FfmCallCost N REPS");
            System.exit(2);
        }
        long n = Long.parseLong(args[0]);
        int reps = Integer.parseInt(args[1]);
        FfmBinding mpi = (FfmBinding) MpiBinding.load();
        mpi.init(MpiBinding.THREAD_SINGLE);
        lib = SymbolLookup.libraryLookup(mpi.abi().library(), Arena.global());
        handleBytes = mpi.abi().handleBytes();
        FfmCallCost b = new FfmCallCost();
        b.rankCritical = Static.RANK_CRIT;
        b.probeCritical = mpi.calls().iprobe; // the binding's own handle (critical, raw addresses, handles as long)
        b.world = mpi.world();
        b.worldInt = (int) b.world;
        b.anySource = mpi.anySource();
        b.anyTag = mpi.anyTag();
        b.statusIgnoreSegment = mpi.statusIgnore();
        b.statusIgnore = b.statusIgnoreSegment.address();
        b.out = Arena.global().allocate(16, 8);
        b.autoOut = Arena.ofAuto().allocate(16, 8);
        String[] shapes = {"instance-critical", "static-critical", "static-plain", "static-plain-segment", "static-critical-auto"};
        for (int r = -1; r < reps; r++) {
            for (String s : shapes) {
                for (String call : new String[] {"comm_rank", "iprobe"}) {
                    long t0 = System.nanoTime();
                    b.run(s, call, n);
                    double ns = (System.nanoTime() - t0) / (double) n;
                    if (r >= 0) System.out.printf("ffm %s-%s %d %.3f%n", s, call, n, ns);
                }
            }
        }
        mpi.finish();
        if (b.sink == 42) System.out.println();
    }

    private void run(String shape, String call, long n) throws Throwable {
        boolean rank = call.equals("comm_rank");
        switch (shape) {
            case "instance-critical" -> { if (rank) rankInstance(n); else probeInstance(n); }
            case "static-critical" -> { if (rank) rankStatic(Static.RANK_CRIT, n); else probeStatic(Static.PROBE_CRIT, n); }
            case "static-plain" -> { if (rank) rankStatic(Static.RANK_PLAIN, n); else probeStatic(Static.PROBE_PLAIN, n); }
            case "static-plain-segment" -> { if (rank) rankSegment(n, out); else probeSegment(n, out); }
            case "static-critical-auto" -> { if (rank) rankCriticalAuto(n); else probeCriticalAuto(n); }
            default -> throw new IllegalArgumentException(shape);
        }
    }

    // Each loop is its own method so that each is compiled alone; handles are called with invokeExact of their
    // exact type (the handle argument is int for MPICH, long for Open MPI: two call sites).

    private void rankInstance(long n) throws Throwable {
        long o = out.address();
        if (handleBytes == 4) for (long i = 0; i < n; i++) sink += (int) rankCritical.invokeExact(worldInt, o);
        else for (long i = 0; i < n; i++) sink += (int) rankCritical.invokeExact(world, o);
    }

    private void probeInstance(long n) throws Throwable {
        long o = out.address();
        for (long i = 0; i < n; i++) sink += (int) probeCritical.invokeExact((int) anySource, (int) anyTag, world, o, statusIgnore);
    }

    private void rankStatic(MethodHandle h, long n) throws Throwable {
        long o = out.address();
        if (handleBytes == 4) {
            if (h == Static.RANK_CRIT) for (long i = 0; i < n; i++) sink += (int) Static.RANK_CRIT.invokeExact(worldInt, o);
            else for (long i = 0; i < n; i++) sink += (int) Static.RANK_PLAIN.invokeExact(worldInt, o);
        } else {
            if (h == Static.RANK_CRIT) for (long i = 0; i < n; i++) sink += (int) Static.RANK_CRIT.invokeExact(world, o);
            else for (long i = 0; i < n; i++) sink += (int) Static.RANK_PLAIN.invokeExact(world, o);
        }
    }

    private void probeStatic(MethodHandle h, long n) throws Throwable {
        long o = out.address();
        int s = (int) anySource, t = (int) anyTag;
        if (handleBytes == 4) {
            if (h == Static.PROBE_CRIT) for (long i = 0; i < n; i++) sink += (int) Static.PROBE_CRIT.invokeExact(s, t, worldInt, o, statusIgnore);
            else for (long i = 0; i < n; i++) sink += (int) Static.PROBE_PLAIN.invokeExact(s, t, worldInt, o, statusIgnore);
        } else {
            if (h == Static.PROBE_CRIT) for (long i = 0; i < n; i++) sink += (int) Static.PROBE_CRIT.invokeExact(s, t, world, o, statusIgnore);
            else for (long i = 0; i < n; i++) sink += (int) Static.PROBE_PLAIN.invokeExact(s, t, world, o, statusIgnore);
        }
    }

    private void rankSegment(long n, MemorySegment o) throws Throwable {
        if (handleBytes == 4) for (long i = 0; i < n; i++) sink += (int) Static.RANK_SEG.invokeExact(worldInt, o);
        else for (long i = 0; i < n; i++) sink += (int) Static.RANK_SEG.invokeExact(world, o);
    }

    private void probeSegment(long n, MemorySegment o) throws Throwable {
        int s = (int) anySource, t = (int) anyTag;
        MemorySegment st = statusIgnoreSegment;
        if (handleBytes == 4) for (long i = 0; i < n; i++) sink += (int) Static.PROBE_SEG.invokeExact(s, t, worldInt, o, st);
        else for (long i = 0; i < n; i++) sink += (int) Static.PROBE_SEG.invokeExact(s, t, world, o, st);
    }

    private void rankCriticalAuto(long n) throws Throwable {
        MemorySegment o = autoOut;
        if (handleBytes == 4) for (long i = 0; i < n; i++) sink += (int) Static.RANK_CRIT_SEG.invokeExact(worldInt, o);
        else for (long i = 0; i < n; i++) sink += (int) Static.RANK_CRIT_SEG.invokeExact(world, o);
    }

    private void probeCriticalAuto(long n) throws Throwable {
        MemorySegment o = autoOut, st = statusIgnoreSegment;
        int s = (int) anySource, t = (int) anyTag;
        if (handleBytes == 4) for (long i = 0; i < n; i++) sink += (int) Static.PROBE_CRIT_SEG.invokeExact(s, t, worldInt, o, st);
        else for (long i = 0; i < n; i++) sink += (int) Static.PROBE_CRIT_SEG.invokeExact(s, t, world, o, st);
    }
}
