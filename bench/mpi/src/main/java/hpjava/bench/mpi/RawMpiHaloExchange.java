package hpjava.bench.mpi;

import hpjava.bench.adlib.HaloEdges;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * The baseline for writeHalo on the mpi backend: the same edges ({@link HaloEdges}) exchanged by hand with the raw
 * Open MPI Java binding, as a careful MPI programmer writes it: per phase, {@code iRecv} into and {@code iSend} from
 * preallocated direct float buffers (the binding hands them to C without a copy), edges packed and unpacked with
 * bulk copies where a row is contiguous, {@code Request.waitAll}. Runs on its own dup of {@code MPI_COMM_WORLD}
 * (grid ranks are world ranks). The binding allocates one {@code mpi.Request} per call; nothing else is allocated.
 */
final class RawMpiHaloExchange {
    private static final int TAG = 17;

    private final Intracomm comm;
    private final float[] dat;
    private final HaloEdges e;
    private final FloatBuffer[][] send = new FloatBuffer[2][2], recv = new FloatBuffer[2][2];
    private final Request[][] reqs = new Request[2][];

    /** Collective over all ranks (dups the world communicator). */
    RawMpiHaloExchange(float[] dat, HaloEdges e) throws MPIException {
        this.comm = MPI.COMM_WORLD.dup();
        this.dat = dat;
        this.e = e;
        for (int dim = 0; dim < 2; dim++) {
            int n = 0;
            for (int side = 0; side < 2; side++) {
                if (e.peer(dim, side) < 0) continue;
                n++;
                send[dim][side] = floats(e.elements(dim));
                recv[dim][side] = floats(e.elements(dim));
            }
            reqs[dim] = new Request[2 * n];
        }
    }

    private static FloatBuffer floats(int n) {
        return ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    void exchange() {
        try {
            for (int dim = 0; dim < 2; dim++) {
                Request[] r = reqs[dim];
                int k = 0;
                for (int side = 0; side < 2; side++) {
                    int peer = e.peer(dim, side);
                    if (peer >= 0) r[k++] = comm.iRecv(recv[dim][side], e.elements(dim), MPI.FLOAT, peer, TAG + dim);
                }
                for (int side = 0; side < 2; side++) {
                    int peer = e.peer(dim, side);
                    if (peer < 0) continue;
                    FloatBuffer f = send[dim][side];
                    pack(dat, e.sendBase(dim, side), e.counts(dim), e.strides(dim), f);
                    r[k++] = comm.iSend(f, e.elements(dim), MPI.FLOAT, peer, TAG + dim);
                }
                if (k > 0) Request.waitAll(r);
                for (int side = 0; side < 2; side++) {
                    if (e.peer(dim, side) >= 0) {
                        unpack(recv[dim][side], dat, e.recvBase(dim, side), e.counts(dim), e.strides(dim));
                    }
                }
            }
        } catch (MPIException ex) {
            throw new IllegalStateException("raw MPI halo exchange failed: " + ex.getMessage(), ex);
        }
    }

    static void pack(float[] dat, int base, int[] count, int[] stride, FloatBuffer f) {
        final int c0 = count[0], c1 = count[1], s0 = stride[0], s1 = stride[1];
        int k = 0;
        if (s1 == 1) {
            for (int i = 0; i < c0; i++, k += c1) f.put(k, dat, base + i * s0, c1);
        } else {
            for (int i = 0; i < c0; i++)
                for (int j = 0; j < c1; j++) f.put(k++, dat[base + i * s0 + j * s1]);
        }
    }

    static void unpack(FloatBuffer f, float[] dat, int base, int[] count, int[] stride) {
        final int c0 = count[0], c1 = count[1], s0 = stride[0], s1 = stride[1];
        int k = 0;
        if (s1 == 1) {
            for (int i = 0; i < c0; i++, k += c1) f.get(k, dat, base + i * s0, c1);
        } else {
            for (int i = 0; i < c0; i++)
                for (int j = 0; j < c1; j++) dat[base + i * s0 + j * s1] = f.get(k++);
        }
    }
}
