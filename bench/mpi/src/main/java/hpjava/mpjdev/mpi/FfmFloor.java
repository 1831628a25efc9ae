package hpjava.mpjdev.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The FFM floor of the 8-byte ping-pong, with C's own loop timed inside the same JVM: each rank loads
 * {@code libpingpong} (pingpong.c built with {@code -DPINGPONG_LIB}) after the binding's {@code MPI_Init} and calls
 * its {@code latency} and {@code latency_test} loops, alternating, repetition by repetition, with the same loops
 * written in Java over {@code java.lang.foreign}. Same process, same core placement, same JVM threads, same machine
 * state, milliseconds apart: whatever separates a Java loop from the C loop beside it is the Java code and its
 * downcalls, not the environment; whatever separates the in-JVM C loop from a C program is the environment.
 * <p>Sides (half round trip, microseconds):
 * <ul>
 * <li>{@code c-blk}, {@code c-test}: C's {@code MPI_Send}/{@code MPI_Recv} loop, C's {@code MPI_Isend}/{@code MPI_Irecv}
 *     + {@code MPI_Test} loop;</li>
 * <li>{@code ffm-blk}: {@code MPI_Send}/{@code MPI_Recv} through the binding's handles ({@link FfmCalls}: ordinary
 *     downcalls, {@code MemorySegment} arguments, the handles in instance fields);</li>
 * <li>{@code ffm-test}: the device's polling shape through the binding ({@link FfmBinding#isend}, {@link MpiBinding.Req#test});</li>
 * <li>{@code const-blk}, {@code const-test}: the same two loops with every downcall a {@code static final} constant
 *     (blocking calls ordinary, polling calls critical, raw addresses).</li>
 * </ul>
 * <pre>LAUNCHER -n 2 java -Dhpjava.mpi.abi=TABLE -Dhpjava.bench.pingpong-lib=LIB ... hpjava.mpjdev.mpi.FfmFloor SIZE ITERS REPS</pre>
 * Rank 0 prints "floor SIDE SIZE VALUE" per side and repetition after one warm-up repetition.
 */
public final class FfmFloor {

    private static final String[] SIDES = {"c-blk", "c-test", "ffm-blk", "ffm-test", "const-blk", "const-test"};
    /** Set before {@link Const} is initialised. */
    private static SymbolLookup mpiLib, ppLib;
    private static int handleBytes;

    /** The downcalls as constants (the JIT inlines a {@code static final} handle's downcall stub into the loop). */
    private static final class Const {
        static final MethodHandle SEND = bind(mpiLib, "MPI_Send", false, JAVA_LONG, JAVA_INT, handle(), JAVA_INT, JAVA_INT, handle());
        static final MethodHandle RECV = bind(mpiLib, "MPI_Recv", false, JAVA_LONG, JAVA_INT, handle(), JAVA_INT, JAVA_INT, handle(), JAVA_LONG);
        static final MethodHandle ISEND = bind(mpiLib, "MPI_Isend", true, JAVA_LONG, JAVA_INT, handle(), JAVA_INT, JAVA_INT, handle(), JAVA_LONG);
        static final MethodHandle IRECV = bind(mpiLib, "MPI_Irecv", true, JAVA_LONG, JAVA_INT, handle(), JAVA_INT, JAVA_INT, handle(), JAVA_LONG);
        static final MethodHandle TEST = bind(mpiLib, "MPI_Test", true, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        static final MethodHandle BARRIER = bind(mpiLib, "MPI_Barrier", false, handle());
        static final MethodHandle C_LATENCY = Linker.nativeLinker().downcallHandle(ppLib.find("latency").orElseThrow(),
                FunctionDescriptor.of(JAVA_DOUBLE, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT));
        static final MethodHandle C_LATENCY_TEST = Linker.nativeLinker().downcallHandle(ppLib.find("latency_test").orElseThrow(),
                FunctionDescriptor.of(JAVA_DOUBLE, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT));

        private static MemoryLayout handle() {
            return handleBytes == 4 ? JAVA_INT.withName("handle") : JAVA_LONG.withName("handle");
        }

        /** {@code int name(args)} with handle arguments taking a Java long (as {@link FfmCalls} binds them). */
        private static MethodHandle bind(SymbolLookup lib, String name, boolean critical, MemoryLayout... args) {
            FunctionDescriptor d = FunctionDescriptor.of(JAVA_INT, args);
            MemorySegment fn = lib.find(name).orElseThrow();
            MethodHandle mh = critical ? Linker.nativeLinker().downcallHandle(fn, d, Linker.Option.critical(false))
                                       : Linker.nativeLinker().downcallHandle(fn, d);
            MethodType t = mh.type();
            for (int k = 0; k < args.length; k++) if ("handle".equals(args[k].name().orElse(""))) t = t.changeParameterType(k, long.class);
            return MethodHandles.explicitCastArguments(mh, t);
        }
    }

    private final FfmBinding mpi;
    private final long world, byteType, statusIgnore;
    private final MemorySegment buf, flag;
    private final long bufAddress, request, flagAddress;
    private final MpiBinding.Req req;
    private final int size, peer, rank;

    private FfmFloor(FfmBinding mpi, int size, int rank) {
        this.mpi = mpi;
        this.world = mpi.world();
        this.byteType = mpi.byteType();
        this.statusIgnore = mpi.statusIgnore().address();
        this.buf = Arena.global().allocate(Math.max(size, 8), 8);
        this.bufAddress = buf.address();
        this.req = mpi.newRequest();
        this.request = FfmBinding.requestOf(req).address();
        this.flag = Arena.global().allocate(8, 8);
        this.flagAddress = flag.address();
        this.size = size;
        this.rank = rank;
        this.peer = 1 - rank;
    }

    public static void main(String[] args) throws Throwable {
        String libPath = System.getProperty("hpjava.bench.pingpong-lib");
        if (args.length != 3 || libPath == null) {
            System.err.println("usage: java -Dhpjava.bench.pingpong-lib=LIB ... FfmFloor SIZE ITERS REPS");
            System.exit(2);
        }
        int size = Integer.parseInt(args[0]), iters = Integer.parseInt(args[1]), reps = Integer.parseInt(args[2]);
        FfmBinding mpi = (FfmBinding) MpiBinding.load();
        mpi.init(MpiBinding.THREAD_SINGLE);
        int rank = mpi.rank(mpi.world());
        if (mpi.size(mpi.world()) != 2) throw new IllegalArgumentException("FfmFloor needs exactly 2 ranks");
        mpiLib = SymbolLookup.libraryLookup(mpi.abi().library(), Arena.global());
        ppLib = SymbolLookup.libraryLookup(java.nio.file.Path.of(libPath), Arena.global());
        handleBytes = mpi.abi().handleBytes();
        FfmFloor f = new FfmFloor(mpi, size, rank);
        for (int r = -1; r < reps; r++) { // r = -1: warm-up (every side once)
            for (int k = 0; k < SIDES.length; k++) {
                String side = SIDES[(Math.max(r, 0) + k) % SIDES.length];
                double v = f.run(side, iters);
                if (r >= 0 && rank == 0) System.out.printf("floor %s %d %.4f%n", side, size, v);
            }
        }
        mpi.finish();
    }

    private double run(String side, int iters) throws Throwable {
        return switch (side) {
            case "c-blk" -> (double) Const.C_LATENCY.invokeExact(buf, size, iters, rank);
            case "c-test" -> (double) Const.C_LATENCY_TEST.invokeExact(buf, size, iters, rank);
            default -> {
                int rc = (int) Const.BARRIER.invokeExact(world);
                if (rc != 0) throw new IllegalStateException("MPI_Barrier: " + rc);
                long t0 = System.nanoTime();
                switch (side) {
                    case "ffm-blk" -> ffmBlocking(iters);
                    case "ffm-test" -> ffmPolling(iters);
                    case "const-blk" -> constBlocking(iters);
                    case "const-test" -> constPolling(iters);
                    default -> throw new IllegalArgumentException(side);
                }
                yield (System.nanoTime() - t0) / 1e3 / (2.0 * iters);
            }
        };
    }

    private void ffmBlocking(int iters) throws Throwable {
        FfmCalls c = mpi.calls();
        MemorySegment st = mpi.statusIgnore();
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                check((int) c.send.invokeExact(buf, size, byteType, peer, 1, world));
                check((int) c.recv.invokeExact(buf, size, byteType, peer, 1, world, st));
            } else {
                check((int) c.recv.invokeExact(buf, size, byteType, peer, 1, world, st));
                check((int) c.send.invokeExact(buf, size, byteType, peer, 1, world));
            }
        }
    }

    private void ffmPolling(int iters) {
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                mpi.isend(buf, size, peer, 1, world, req);
                while (!req.test()) { }
                mpi.irecv(buf, size, peer, 1, world, req, false);
                while (!req.test()) { }
            } else {
                mpi.irecv(buf, size, peer, 1, world, req, false);
                while (!req.test()) { }
                mpi.isend(buf, size, peer, 1, world, req);
                while (!req.test()) { }
            }
        }
    }

    private void constBlocking(int iters) throws Throwable {
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                check((int) Const.SEND.invokeExact(bufAddress, size, byteType, peer, 1, world));
                check((int) Const.RECV.invokeExact(bufAddress, size, byteType, peer, 1, world, statusIgnore));
            } else {
                check((int) Const.RECV.invokeExact(bufAddress, size, byteType, peer, 1, world, statusIgnore));
                check((int) Const.SEND.invokeExact(bufAddress, size, byteType, peer, 1, world));
            }
        }
    }

    private void constPolling(int iters) throws Throwable {
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                check((int) Const.ISEND.invokeExact(bufAddress, size, byteType, peer, 1, world, request));
                constTestLoop();
                check((int) Const.IRECV.invokeExact(bufAddress, size, byteType, peer, 1, world, request));
                constTestLoop();
            } else {
                check((int) Const.IRECV.invokeExact(bufAddress, size, byteType, peer, 1, world, request));
                constTestLoop();
                check((int) Const.ISEND.invokeExact(bufAddress, size, byteType, peer, 1, world, request));
                constTestLoop();
            }
        }
    }

    private void constTestLoop() throws Throwable {
        do {
            check((int) Const.TEST.invokeExact(request, flagAddress, statusIgnore));
        } while (flag.get(JAVA_INT, 0) == 0);
    }

    private static void check(int rc) {
        if (rc != 0) throw new IllegalStateException("MPI call failed with " + rc);
    }
}
