package hpjava.mpjdev.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import hpjava.bench.mpi.MpjdevPingPong;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The mpi backend's 8-byte half round trip against C's loop and the bare binding <em>in the same job</em>: a program
 * of the mpi backend (started by {@code hpjava.mpjdev.Launcher}) whose ranks alternate, repetition by repetition in
 * a rotated order, the device's blocking ping-pong ({@code Comm.send}/{@code recv} of a pooled buffer, as
 * {@code MpjdevPingPong}), the binding alone ({@code MPI_Isend}/{@code MPI_Irecv} + an {@code MPI_Test} loop through
 * {@link FfmBinding}, on {@code MPI_COMM_WORLD}, which the device does not use) and C's loops from {@code libpingpong}
 * (pingpong.c built with {@code -DPINGPONG_LIB}: {@code MPI_Send}/{@code MPI_Recv}, and the {@code MPI_Test} loop,
 * also with 40-byte messages, the size the device puts on the wire for 8 bytes of data: {@code c-test40}).
 * The machine's fast and slow states last a whole launch and hit all four alike, so the ratios of one launch are
 * the device's own cost.
 * <pre>Launcher --backend mpi --np 2 --option jvm-args=-Dhpjava.bench.pingpong-lib=LIB hpjava.mpjdev.mpi.DeviceFloor ITERS REPS</pre>
 * Rank 0 prints "devfloor SIDE 8 VALUE" (microseconds) per side and repetition after one warm-up repetition. With
 * {@code -Dhpjava.bench.trace=true} every rank also prints, per side and repetition (warm-up: -1),
 * "devtrace RANK SIDE REP VALUE UPTIME0 UPTIME1 CPU0 CPU1": the JVM's uptime in ms (to line up with
 * {@code -Xlog:jit*} or {@code -XX:+PrintCompilation} output) and the processor its main thread was on, before and
 * after the repetition.
 */
public final class DeviceFloor {
    private static final String[] SIDES = {"device", "ffm-test", "c-blk", "c-test", "c-test40"};
    /** The device's wire size for an 8-byte message: header 16, section header 16, data 8 (side c-test40). */
    private static final int DEVICE_WIRE = 40;
    private static final int SIZE = 8;

    private DeviceFloor() {}

    public static void main(String[] args) throws Throwable {
        String lib = System.getProperty("hpjava.bench.pingpong-lib");
        if (args.length != 2 || lib == null) {
            System.err.println("usage: ... --option jvm-args=-Dhpjava.bench.pingpong-lib=LIB hpjava.mpjdev.mpi.DeviceFloor ITERS REPS");
            System.exit(2);
        }
        int iters = Integer.parseInt(args[0]), reps = Integer.parseInt(args[1]);
        boolean trace = Boolean.getBoolean("hpjava.bench.trace");
        Comm world = Comm.world();
        if (world.size() != 2) throw new IllegalArgumentException("DeviceFloor needs exactly 2 ranks");
        MpiBinding mpi = MpiDevice.start().mpi;
        SymbolLookup pp = SymbolLookup.libraryLookup(java.nio.file.Path.of(lib), Arena.global());
        FunctionDescriptor d = FunctionDescriptor.of(JAVA_DOUBLE, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT);
        MethodHandle cBlocking = Linker.nativeLinker().downcallHandle(pp.find("latency").orElseThrow(), d);
        MethodHandle cTest = Linker.nativeLinker().downcallHandle(pp.find("latency_test").orElseThrow(), d);
        int rank = world.id();
        Buffer buf = BufferPool.shared().acquire(SIZE + 64);
        buf.clear().write(new byte[SIZE]);
        MemorySegment raw = Arena.global().allocate(DEVICE_WIRE, 8);
        MpiBinding.Req req = mpi.newRequest();
        for (int r = -1; r < reps; r++) { // r = -1: warm-up
            for (int k = 0; k < SIDES.length; k++) {
                String side = SIDES[(Math.max(r, 0) + k) % SIDES.length];
                long up0 = trace ? uptimeMs() : 0;
                int cpu0 = trace ? cpu() : -1;
                double v = switch (side) {
                    case "device" -> device(world, rank, buf, iters);
                    case "ffm-test" -> binding(world, mpi, rank, raw, req, iters);
                    case "c-blk" -> (double) cBlocking.invokeExact(raw, SIZE, iters, rank);
                    case "c-test" -> (double) cTest.invokeExact(raw, SIZE, iters, rank);
                    default -> (double) cTest.invokeExact(raw, DEVICE_WIRE, iters, rank);
                };
                if (r >= 0 && rank == 0) System.out.printf("devfloor %s %d %.4f%n", side, SIZE, v);
                if (trace) System.out.print(String.format("devtrace %d %s %d %.4f %d %d %d %d%n", rank, side, r, v, up0, uptimeMs(), cpu0, cpu())); // one write: the ranks share the launcher's stdout
            }
        }
        buf.release();
    }

    private static long uptimeMs() {
        return java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
    }

    /** The processor the calling thread last ran on (field 39 of /proc/thread-self/stat), or -1. */
    private static int cpu() {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/thread-self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(f[36]); // fields after the command start at field 3
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The device's blocking ping-pong: the same loop as {@link MpjdevPingPong#latency}. */
    private static double device(Comm comm, int rank, Buffer buf, int iters) {
        return MpjdevPingPong.latency(comm, rank, buf, iters);
    }

    /** The binding alone on MPI_COMM_WORLD (the device sends on its own dups), without the device's lock. */
    private static double binding(Comm comm, MpiBinding mpi, int rank, MemorySegment raw, MpiBinding.Req req, int iters) {
        final int peer = 1 - rank;
        final long w = mpi.world();
        comm.collectives().orElseThrow().barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                mpi.isend(raw, SIZE, peer, 1, w, req);
                while (!req.test()) { }
                mpi.irecv(raw, SIZE, peer, 1, w, req, false);
                while (!req.test()) { }
            } else {
                mpi.irecv(raw, SIZE, peer, 1, w, req, false);
                while (!req.test()) { }
                mpi.isend(raw, SIZE, peer, 1, w, req);
                while (!req.test()) { }
            }
        }
        return (System.nanoTime() - t0) / 1e3 / (2.0 * iters);
    }
}
