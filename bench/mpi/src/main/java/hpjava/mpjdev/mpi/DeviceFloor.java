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
 * (pingpong.c built with {@code -DPINGPONG_LIB}: {@code MPI_Send}/{@code MPI_Recv}, and the {@code MPI_Test} loop).
 * The machine's fast and slow states last a whole launch and hit all four alike, so the ratios of one launch are
 * the device's own cost.
 * <pre>Launcher --backend mpi --np 2 --option jvm-args=-Dhpjava.bench.pingpong-lib=LIB hpjava.mpjdev.mpi.DeviceFloor ITERS REPS</pre>
 * Rank 0 prints "devfloor SIDE 8 VALUE" (microseconds) per side and repetition after one warm-up repetition.
 */
public final class DeviceFloor {
    private static final String[] SIDES = {"device", "ffm-test", "c-blk", "c-test"};
    private static final int SIZE = 8;

    private DeviceFloor() {}

    public static void main(String[] args) throws Throwable {
        String lib = System.getProperty("hpjava.bench.pingpong-lib");
        if (args.length != 2 || lib == null) {
            System.err.println("usage: ... --option jvm-args=-Dhpjava.bench.pingpong-lib=LIB hpjava.mpjdev.mpi.DeviceFloor ITERS REPS");
            System.exit(2);
        }
        int iters = Integer.parseInt(args[0]), reps = Integer.parseInt(args[1]);
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
        MemorySegment raw = Arena.global().allocate(SIZE, 8);
        MpiBinding.Req req = mpi.newRequest();
        for (int r = -1; r < reps; r++) { // r = -1: warm-up
            for (int k = 0; k < SIDES.length; k++) {
                String side = SIDES[(Math.max(r, 0) + k) % SIDES.length];
                double v = switch (side) {
                    case "device" -> device(world, rank, buf, iters);
                    case "ffm-test" -> binding(world, mpi, rank, raw, req, iters);
                    case "c-blk" -> (double) cBlocking.invokeExact(raw, SIZE, iters, rank);
                    default -> (double) cTest.invokeExact(raw, SIZE, iters, rank);
                };
                if (r >= 0 && rank == 0) System.out.printf("devfloor %s %d %.4f%n", side, SIZE, v);
            }
        }
        buf.release();
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
