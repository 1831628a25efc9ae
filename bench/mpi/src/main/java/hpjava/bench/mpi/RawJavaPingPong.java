package hpjava.bench.mpi;

import java.nio.ByteBuffer;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Raw Open MPI Java binding baseline for the mpi backend benchmark: the same protocol as {@code pingpong.c}, on direct
 * {@link ByteBuffer}s (the binding passes them to C without a copy).
 *
 * <pre>mpirun -np 2 java ... hpjava.bench.mpi.RawJavaPingPong lat|bw SIZE ITERS REPS</pre>
 * {@code lat}: half round trip of a blocking ping-pong in microseconds; {@code bw}: osu_bw-style streaming with a
 * window of 64 non-blocking sends and a 1-byte acknowledgement, in MB/s. Rank 0 prints "java-raw MODE SIZE VALUE"
 * per repetition after one warm-up repetition ("java-raw-mt" with {@code -Dhpjava.bench.threadMultiple=true},
 * "java-raw-LEVEL" with {@code -Dhpjava.bench.threadLevel=LEVEL}).
 */
public final class RawJavaPingPong {
    static final int WINDOW = 64;

    private RawJavaPingPong() {}

    public static void main(String[] args) throws MPIException {
        // -Dhpjava.bench.threadMultiple=true: initialise with MPI_THREAD_MULTIPLE (as the mpi backend did before it
        // serialised its own calls); -Dhpjava.bench.threadLevel=single|funneled|serialized: MPI_Init_thread at that level.
        boolean multiple = Boolean.getBoolean("hpjava.bench.threadMultiple");
        String level = System.getProperty("hpjava.bench.threadLevel", "");
        String name = "java-raw";
        if (multiple) {
            MPI.InitThread(args, MPI.THREAD_MULTIPLE);
            name = "java-raw-mt";
        } else if (!level.isEmpty()) {
            int l = switch (level) {
                case "single" -> MPI.THREAD_SINGLE;
                case "funneled" -> MPI.THREAD_FUNNELED;
                case "serialized" -> MPI.THREAD_SERIALIZED;
                default -> throw new IllegalArgumentException("hpjava.bench.threadLevel: single, funneled or serialized, not " + level);
            };
            MPI.InitThread(args, l);
            name = "java-raw-" + level;
        } else {
            MPI.Init(args);
        }
        int rank = MPI.COMM_WORLD.getRank();
        try {
            BenchArgs a = BenchArgs.parse("RawJavaPingPong", args, MPI.COMM_WORLD.getSize());
            ByteBuffer buf = ByteBuffer.allocateDirect(a.size() * (a.bandwidth() ? WINDOW : 1));
            ByteBuffer ack = ByteBuffer.allocateDirect(1);
            Request[] reqs = new Request[WINDOW];
            for (int r = -1; r < a.reps(); r++) { // r = -1: warm-up
                double v = a.bandwidth() ? bandwidth(MPI.COMM_WORLD, rank, buf, ack, reqs, a.size(), a.iters())
                                         : latency(MPI.COMM_WORLD, rank, buf, a.size(), a.iters());
                if (r >= 0 && rank == 0) a.print(name, v);
            }
        } catch (IllegalArgumentException e) {
            if (rank == 0) System.err.println(e.getMessage());
            MPI.COMM_WORLD.abort(2);
        }
        MPI.Finalize();
    }

    static double latency(Comm comm, int rank, ByteBuffer buf, int size, int iters) throws MPIException {
        final int peer = 1 - rank;
        comm.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                comm.send(buf, size, MPI.BYTE, peer, 1);
                comm.recv(buf, size, MPI.BYTE, peer, 1);
            } else {
                comm.recv(buf, size, MPI.BYTE, peer, 1);
                comm.send(buf, size, MPI.BYTE, peer, 1);
            }
        }
        return (System.nanoTime() - t0) / 1e3 / (2.0 * iters);
    }

    static double bandwidth(Comm comm, int rank, ByteBuffer buf, ByteBuffer ack, Request[] reqs, int size, int iters)
            throws MPIException {
        final int peer = 1 - rank;
        ByteBuffer[] slices = new ByteBuffer[WINDOW];
        for (int w = 0; w < WINDOW; w++) slices[w] = buf.slice(w * size, size);
        comm.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            for (int w = 0; w < WINDOW; w++) {
                reqs[w] = rank == 0 ? comm.iSend(slices[w], size, MPI.BYTE, peer, 2)
                                    : comm.iRecv(slices[w], size, MPI.BYTE, peer, 2);
            }
            Request.waitAll(reqs);
            if (rank == 0) comm.recv(ack, 1, MPI.BYTE, peer, 3);
            else comm.send(ack, 1, MPI.BYTE, peer, 3);
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        return (double) size * WINDOW * iters / secs / 1e6;
    }
}
