package hpjava.mpjdev.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import hpjava.bench.mpi.MpjdevPingPong;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * Where the mpi backend's streaming bandwidth goes, measured <em>in the same job</em>: a program of the mpi backend
 * (started by {@code hpjava.mpjdev.Launcher}) whose ranks alternate, repetition by repetition in a rotated order, the
 * OMB-style window loop (64 non-blocking messages of SIZE payload bytes, wait for all, 1-byte ack) done by
 * <ul>
 *   <li>{@code device}: the device ({@code MpjdevPingPong.bandwidth}, pooled buffers as in bench/mpi/ffm.sh);</li>
 *   <li>{@code ffm-dev}: the FFM binding alone ({@code MPI_Isend}/{@code MPI_Irecv}, then an {@code MPI_Test} loop per
 *       request in order) on the device's own buffers with the device's counts (send: the wire length SIZE + 32;
 *       receive: the buffer's whole capacity), on {@code MPI_COMM_WORLD}, which the device does not use; only for
 *       SIZE + 32 within {@link MpiFraming#INLINE_MAX}, where the device sends one MPI message;</li>
 *   <li>{@code c}: C's loop ({@code bandwidth} of libpingpong: one contiguous allocation, SIZE bytes each way);</li>
 *   <li>{@code c-dev}: C's loop on the device's buffers with the device's counts ({@code bandwidth_bufs});</li>
 *   <li>{@code c-devx}: the same with receives of exactly the wire length (what the count of {@code c-dev} costs);</li>
 *   <li>{@code c-aN} (N = 8, 64, 4096): C's loop ({@code bandwidth_bufs}, SIZE bytes each way) on 64 segments allocated
 *       one by one as a pooled {@link Buffer} allocates its memory ({@code Arena.ofShared().allocate}, the pool's
 *       capacity) but with alignment N (the Buffer's is 8): what the placement of the buffers costs;</li>
 *   <li>{@code c-a4096w}: {@code c-a4096} with the device's wire length (SIZE + 32) each way, and {@code c-devs}:
 *       {@code c-devx} with SIZE bytes each way (the wire length against the memory);</li>
 *   <li>{@code c-z}: {@code c-a4096} on memory holding zeros (the others hold ones, as pingpong.c's does), and
 *       {@code device1}: the device with a payload of ones (MpjdevPingPong's payload is zeros).</li>
 * </ul>
 * The machine's fast and slow states last seconds and hit all sides of a repetition alike, so the ratios of one
 * launch are the device's own cost, and {@code c-dev}/{@code c} tells what the memory layout and counts alone cost.
 * <pre>Launcher --backend mpi --np 2 --option jvm-args=-Dhpjava.bench.pingpong-lib=LIB hpjava.mpjdev.mpi.BandwidthFloor SIZE ITERS REPS</pre>
 * Rank 0 prints "bwfloor SIDE SIZE VALUE REP" (MB/s of payload) per side and repetition after one warm-up repetition.
 * With {@code -Dhpjava.bench.faults=true} every rank also prints "bwfaults RANK SIDE REP FAULTS": the minor page
 * faults of its process during the side's repetition; {@code -Dhpjava.bench.smaps=true} prints rank 0's mappings
 * holding the buffers; {@code -Dhpjava.bench.ones-first=true} takes device1's buffers from the pool first.
 */
public final class BandwidthFloor {
    private static final int WINDOW = 64;
    /** What the device puts on the wire beyond the payload: message header 16, section header 16. */
    private static final int WIRE_EXTRA = 32;

    private BandwidthFloor() {}

    public static void main(String[] args) throws Throwable {
        String lib = System.getProperty("hpjava.bench.pingpong-lib");
        if (args.length != 3 || lib == null) {
            System.err.println("usage: ... --option jvm-args=-Dhpjava.bench.pingpong-lib=LIB hpjava.mpjdev.mpi.BandwidthFloor SIZE ITERS REPS");
            System.exit(2);
        }
        int size = Integer.parseInt(args[0]), iters = Integer.parseInt(args[1]), reps = Integer.parseInt(args[2]);
        Comm world = Comm.world();
        if (world.size() != 2) throw new IllegalArgumentException("BandwidthFloor needs exactly 2 ranks");
        MpiBinding mpi = MpiDevice.start().mpi;
        SymbolLookup pp = SymbolLookup.libraryLookup(java.nio.file.Path.of(lib), Arena.global());
        MethodHandle cBw = Linker.nativeLinker().downcallHandle(pp.find("bandwidth").orElseThrow(),
                FunctionDescriptor.of(JAVA_DOUBLE, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT));
        MethodHandle cBufs = Linker.nativeLinker().downcallHandle(pp.find("bandwidth_bufs").orElseThrow(),
                FunctionDescriptor.of(JAVA_DOUBLE, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
        int rank = world.id();
        // -Dhpjava.bench.ones-first=true: the buffers of device1 are taken from the pool first (allocation order
        // against payload)
        Buffer[] bufs = new Buffer[WINDOW], bufs1 = new Buffer[WINDOW];
        byte[] payload = new byte[size], ones = new byte[size];
        java.util.Arrays.fill(ones, (byte) 1);
        boolean onesFirst = Boolean.getBoolean("hpjava.bench.ones-first");
        fill(onesFirst ? bufs1 : bufs, onesFirst ? ones : payload);
        fill(onesFirst ? bufs : bufs1, onesFirst ? payload : ones);
        Buffer ack = BufferPool.shared().acquire(64);
        ack.clear();
        Request[] reqs = new Request[WINDOW];
        MemorySegment contiguous = Arena.global().allocate((long) size * WINDOW, 64);
        contiguous.fill((byte) 1);
        MemorySegment pointers = Arena.global().allocate(ADDRESS, WINDOW);
        MpiBinding.Req[] slots = new MpiBinding.Req[WINDOW];
        for (int k = 0; k < WINDOW; k++) slots[k] = mpi.newRequest();
        MpiBinding.Req ackSlot = mpi.newRequest();
        MemorySegment ackByte = Arena.global().allocate(8, 8);
        long poolCapacity = bufs[0].capacity();
        MemorySegment[] aligned = new MemorySegment[4];
        int[] alignments = {8, 64, 4096, 4096};
        for (int a = 0; a < alignments.length; a++) {
            aligned[a] = Arena.global().allocate(ADDRESS, WINDOW);
            for (int w = 0; w < WINDOW; w++) {
                MemorySegment m = Arena.ofShared().allocate(poolCapacity, alignments[a]);
                m.fill((byte) (a == 3 ? 0 : 1));
                aligned[a].setAtIndex(ADDRESS, w, m);
            }
        }
        if (Boolean.getBoolean("hpjava.bench.smaps") && rank == 0) {
            printMapping("bufs[0]", bufs[0].segment().address());
            printMapping("bufs[63]", bufs[WINDOW - 1].segment().address());
            printMapping("bufs1[0]", bufs1[0].segment().address());
            for (int a = 0; a < aligned.length; a++) printMapping("aligned" + a, aligned[a].getAtIndex(ADDRESS, 0).address());
            printMapping("contiguous", contiguous.address());
        }
        boolean traceFaults = Boolean.getBoolean("hpjava.bench.faults");
        boolean inline = size + WIRE_EXTRA <= MpiFraming.INLINE_MAX;
        String[] sides = inline ? new String[] {"device", "ffm-dev", "c", "c-dev", "c-devx", "c-a8", "c-a64", "c-a4096", "c-a4096w", "c-devs", "c-z", "device1"}
                                : new String[] {"device", "c", "c-dev", "c-devx", "c-a8", "c-a64", "c-a4096", "c-a4096w", "c-devs", "c-z", "device1"};
        for (int r = -1; r < reps; r++) { // r = -1: warm-up
            for (int k = 0; k < sides.length; k++) {
                String side = sides[(Math.max(r, 0) + k) % sides.length];
                // the device's capacity and wire length, read each time: a receive may have grown a buffer
                for (int w = 0; w < WINDOW; w++) pointers.setAtIndex(ADDRESS, w, bufs[w].segment());
                int recvCount = (int) Math.min(bufs[0].capacity(), Integer.MAX_VALUE);
                long faults0 = traceFaults ? minorFaults() : 0;
                double v = switch (side) {
                    case "device" -> MpjdevPingPong.bandwidth(world, rank, bufs, ack, reqs, size, iters);
                    case "ffm-dev" -> binding(world, mpi, rank, bufs, slots, ackSlot, ackByte, size, recvCount, iters);
                    case "c" -> (double) cBw.invokeExact(contiguous, size, iters, rank);
                    case "c-dev" -> (double) cBufs.invokeExact(pointers, size, size + WIRE_EXTRA, recvCount, iters, rank);
                    case "c-devx" -> (double) cBufs.invokeExact(pointers, size, size + WIRE_EXTRA, size + WIRE_EXTRA, iters, rank);
                    case "c-a8" -> (double) cBufs.invokeExact(aligned[0], size, size, size, iters, rank);
                    case "c-a64" -> (double) cBufs.invokeExact(aligned[1], size, size, size, iters, rank);
                    case "c-a4096" -> (double) cBufs.invokeExact(aligned[2], size, size, size, iters, rank);
                    case "c-a4096w" -> (double) cBufs.invokeExact(aligned[2], size, size + WIRE_EXTRA, size + WIRE_EXTRA, iters, rank);
                    case "c-z" -> (double) cBufs.invokeExact(aligned[3], size, size, size, iters, rank);
                    case "device1" -> MpjdevPingPong.bandwidth(world, rank, bufs1, ack, reqs, size, iters);
                    default -> (double) cBufs.invokeExact(pointers, size, size, size, iters, rank);
                };
                if (r >= 0 && rank == 0) System.out.printf("bwfloor %s %d %.4f %d%n", side, size, v, r);
                if (traceFaults) System.out.print(String.format("bwfaults %d %s %d %d%n", rank, side, r, minorFaults() - faults0));
            }
        }
        for (Buffer b : bufs) b.release();
        for (Buffer b : bufs1) b.release();
        ack.release();
    }

    /** This process's minor page faults so far (field 10 of /proc/self/stat). */
    private static long minorFaults() {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
            return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[7]);
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    private static void fill(Buffer[] bufs, byte[] payload) {
        for (int k = 0; k < bufs.length; k++) {
            bufs[k] = BufferPool.shared().acquire(payload.length + 64);
            bufs[k].clear().write(payload);
        }
    }

    /** Prints the /proc/self/smaps entry (range, Size, Rss, AnonHugePages) of the mapping holding {@code address}. */
    private static void printMapping(String what, long address) throws java.io.IOException {
        java.util.List<String> lines = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/smaps"));
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            int dash = l.indexOf('-'), sp = l.indexOf(' ');
            if (dash <= 0 || sp < dash || !l.substring(0, dash).matches("[0-9a-f]+")) continue;
            long lo = Long.parseUnsignedLong(l.substring(0, dash), 16), hi = Long.parseUnsignedLong(l.substring(dash + 1, sp), 16);
            if (address < lo || address >= hi) continue;
            StringBuilder b = new StringBuilder("smaps " + what + " @" + Long.toHexString(address) + ": " + l);
            for (int j = i + 1; j < lines.size() && !lines.get(j).matches("^[0-9a-f]+-.*"); j++) {
                String f = lines.get(j);
                if (f.startsWith("Size:") || f.startsWith("Rss:") || f.startsWith("AnonHugePages:") || f.startsWith("THPeligible")) b.append(" | ").append(f.replaceAll("\\s+", " "));
            }
            System.out.println(b);
            return;
        }
        System.out.println("smaps " + what + ": no mapping");
    }

    /** The window loop over the binding alone, on the device's buffers and with its counts (see the class comment). */
    private static double binding(Comm comm, MpiBinding mpi, int rank, Buffer[] bufs, MpiBinding.Req[] slots,
                                  MpiBinding.Req ackSlot, MemorySegment ackByte, int size, int recvCount, int iters) {
        final int peer = 1 - rank;
        final long w = mpi.world();
        comm.collectives().orElseThrow().barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            for (int k = 0; k < WINDOW; k++) {
                if (rank == 0) mpi.isend(bufs[k].segment(), size + WIRE_EXTRA, peer, 2, w, slots[k]);
                else mpi.irecv(bufs[k].segment(), recvCount, peer, 2, w, slots[k], false);
            }
            for (int k = 0; k < WINDOW; k++) while (!slots[k].test()) { }
            if (rank == 0) mpi.irecv(ackByte, 1, peer, 3, w, ackSlot, false);
            else mpi.isend(ackByte, 1, peer, 3, w, ackSlot);
            while (!ackSlot.test()) { }
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        return (double) size * WINDOW * iters / secs / 1e6;
    }
}
