package mpiapibench;

import java.nio.ByteBuffer;
import java.util.Arrays;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * The Java side of bench/mpi-api: the loops of src/c/osu_loops.c written against the {@code mpi} API, which both
 * this project's implementation and Open MPI's JNI binding ({@code mpi.jar}) provide; run.sh compiles this one
 * source against each. usage: OsuLoops LABEL MODE TEST SIZE ITERS REPS [TEST SIZE ITERS REPS ...], MODE {@code arr}
 * (Java arrays) or {@code dir} (direct buffers). Rank 0 prints "LABEL-MODE TEST SIZE MEDIAN".
 */
public final class OsuLoops {
    private static final int WINDOW = 64;
    private static int rank, size;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        size = MPI.COMM_WORLD.getSize();
        boolean direct = args[1].equals("dir");
        for (int k = 2; k + 3 < args.length; k += 4) {
            String test = args[k];
            int bytes = Integer.parseInt(args[k + 1]), iters = Integer.parseInt(args[k + 2]), reps = Integer.parseInt(args[k + 3]);
            double[] v = new double[reps];
            Object[] bufs = new Object[2 * WINDOW];
            for (int w = 0; w < bufs.length; w++) bufs[w] = direct ? MPI.newByteBuffer(bytes + 8) : new byte[bytes + 8];
            Object a = direct ? MPI.newByteBuffer(bytes * size + 8) : new byte[bytes * size + 8];
            Object b = direct ? MPI.newByteBuffer(bytes * size + 8) : new byte[bytes * size + 8];
            for (int r = -1; r < reps; r++) {
                double x = run(test, bytes, iters, bufs, a, b);
                if (r >= 0) v[r] = x;
            }
            Arrays.sort(v);
            if (rank == 0) System.out.printf("%s-%s %s %d %.4f%n", args[0], args[1], test, bytes, v[reps / 2]);
        }
        MPI.Finalize();
    }

    private static double run(String test, int bytes, int iters, Object[] bufs, Object a, Object b) throws MPIException {
        return switch (test) {
            case "lat" -> lat(bufs[0], bytes, iters);
            case "bw" -> bw(bufs, bytes, iters, false);
            case "bibw" -> bw(bufs, bytes, iters, true);
            case "allreduce" -> allreduce(a, b, bytes, iters);
            case "bcast" -> bcast(a, bytes, iters);
            case "alltoall" -> alltoall(a, b, bytes, iters);
            default -> throw new IllegalArgumentException("test " + test);
        };
    }

    private static double lat(Object buf, int bytes, int iters) throws MPIException {
        MPI.COMM_WORLD.barrier();
        long t = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                MPI.COMM_WORLD.send(buf, bytes, MPI.BYTE, 1, 1);
                MPI.COMM_WORLD.recv(buf, bytes, MPI.BYTE, 1, 1);
            } else if (rank == 1) {
                MPI.COMM_WORLD.recv(buf, bytes, MPI.BYTE, 0, 1);
                MPI.COMM_WORLD.send(buf, bytes, MPI.BYTE, 0, 1);
            }
        }
        return (System.nanoTime() - t) / 1e3 / (2.0 * iters);
    }

    private static double bw(Object[] bufs, int bytes, int iters, boolean both) throws MPIException {
        Request[] req = new Request[both ? 2 * WINDOW : WINDOW];
        byte[] ack = new byte[4];
        MPI.COMM_WORLD.barrier();
        long t = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (rank > 1) continue;
            int peer = 1 - rank, n = 0;
            if (rank == 1 || both) for (int w = 0; w < WINDOW; w++) req[n++] = irecv(bufs[WINDOW + w], bytes, peer);
            if (rank == 0 || both) for (int w = 0; w < WINDOW; w++) req[n++] = isend(bufs[w], bytes, peer);
            Request.waitAll(req);
            if (!both) {
                if (rank == 0) MPI.COMM_WORLD.recv(ack, 4, MPI.BYTE, 1, 3);
                else MPI.COMM_WORLD.send(ack, 4, MPI.BYTE, 0, 3);
            }
        }
        double s = (System.nanoTime() - t) / 1e9;
        return (both ? 2.0 : 1.0) * bytes * WINDOW * iters / s / 1e6;
    }

    private static Request isend(Object buf, int bytes, int peer) throws MPIException {
        return buf instanceof ByteBuffer d ? MPI.COMM_WORLD.iSend(d, bytes, MPI.BYTE, peer, 2)
                                           : ArrayRequests.isend((byte[]) buf, bytes, peer, 2);
    }

    private static Request irecv(Object buf, int bytes, int peer) throws MPIException {
        return buf instanceof ByteBuffer d ? MPI.COMM_WORLD.iRecv(d, bytes, MPI.BYTE, peer, 2)
                                           : ArrayRequests.irecv((byte[]) buf, bytes, peer, 2);
    }

    private static double allreduce(Object a, Object b, int bytes, int iters) throws MPIException {
        Object x = a instanceof ByteBuffer d ? d.asDoubleBuffer() : new double[bytes / 8];
        Object y = b instanceof ByteBuffer d ? d.asDoubleBuffer() : new double[bytes / 8];
        MPI.COMM_WORLD.barrier();
        long t = System.nanoTime();
        for (int i = 0; i < iters; i++) MPI.COMM_WORLD.allReduce(x, y, bytes / 8, MPI.DOUBLE, MPI.SUM);
        return (System.nanoTime() - t) / 1e3 / iters;
    }

    private static double bcast(Object a, int bytes, int iters) throws MPIException {
        MPI.COMM_WORLD.barrier();
        long t = System.nanoTime();
        for (int i = 0; i < iters; i++) MPI.COMM_WORLD.bcast(a, bytes, MPI.BYTE, 0);
        return (System.nanoTime() - t) / 1e3 / iters;
    }

    private static double alltoall(Object a, Object b, int bytes, int iters) throws MPIException {
        MPI.COMM_WORLD.barrier();
        long t = System.nanoTime();
        for (int i = 0; i < iters; i++) MPI.COMM_WORLD.allToAll(a, bytes, MPI.BYTE, b, bytes, MPI.BYTE);
        return (System.nanoTime() - t) / 1e3 / iters;
    }
}
