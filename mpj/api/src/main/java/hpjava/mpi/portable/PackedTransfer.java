package hpjava.mpi.portable;

import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.Packing;
import hpjava.mpi.spi.TypeLayout;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.Request;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import mpi.MPIException;

/**
 * Packed arrays between ranks of a collective communicator (one section a message), and their delivery into user
 * buffers with the checks MPI leaves to implementations: the same basic type ({@code ERR_TYPE}) and the same number of
 * elements ({@code ERR_TRUNCATE} when longer, {@code ERR_COUNT} when shorter) as the receiving rank expects.
 */
final class PackedTransfer {

    private final Comm dev;

    PackedTransfer(Comm dev) {
        this.dev = dev;
    }

    private static Buffer pack(Object packed, int off, int len) {
        Buffer b = BufferPool.shared().acquire(128 + Math.min(len * 8L, 1 << 20));
        b.clear();
        Wire.write(b, packed, off, len);
        return b;
    }

    void send(Object packed, int off, int len, int dest, int tag) throws MPIException {
        Buffer b = pack(packed, off, len);
        try {
            dev.send(b, dest, tag);
        } catch (PeerFailedException e) {
            throw new MPIException(mpi.MPI.ERR_PROC_ABORTED, "collective: rank " + dest + " has ended: " + e.getMessage(), e);
        } finally {
            b.release();
        }
    }

    Object recv(int source, int tag) throws MPIException {
        Buffer b = BufferPool.shared().acquire(4096);
        try {
            dev.recv(b, source, tag);
            return Wire.read(b);
        } catch (PeerFailedException e) {
            throw new MPIException(mpi.MPI.ERR_PROC_ABORTED, "collective: rank " + source + " has ended without taking part: " + e.getMessage(), e);
        } finally {
            b.release();
        }
    }

    /** Nonblocking sends started together and completed together. */
    final class Sends {
        private final List<Buffer> buffers = new ArrayList<>();
        private final List<Request> requests = new ArrayList<>();

        void send(Object packed, int len, int dest, int tag) {
            Buffer b = pack(packed, 0, len);
            buffers.add(b);
            requests.add(dev.isend(b, dest, tag));
        }

        void finish() throws MPIException {
            try {
                for (Request r : requests) r.iwait();
            } catch (PeerFailedException e) {
                throw new MPIException(mpi.MPI.ERR_PROC_ABORTED, "collective: a peer has ended: " + e.getMessage(), e);
            } finally {
                for (Buffer b : buffers) b.release();
            }
        }
    }

    Sends startSends() {
        return new Sends();
    }

    /** Stores a received packed array into {@code d}, after checking its type and length. */
    static void deliver(Object packed, Data d, String what) throws MPIException {
        deliverPart(packed, 0, Array.getLength(packed), d, what);
    }

    /** Stores {@code packed[at .. at+len)} into {@code d}, after checking type and length. */
    static void deliverPart(Object packed, int at, int len, Data d, String what) throws MPIException {
        Object expected = Packing.newPacked(d.type(), 0);
        if (packed.getClass() != expected.getClass() && len > 0)
            throw new MPIException(mpi.MPI.ERR_TYPE, what + ": the data is " + packed.getClass().getSimpleName()
                    + " but this rank's datatype " + d.type() + " packs as " + expected.getClass().getSimpleName());
        int room = Packing.packedLength(d);
        if (len > room)
            throw new MPIException(mpi.MPI.ERR_TRUNCATE, what + ": " + len + " elements arrived for a buffer of " + room + " (counts differ between ranks)");
        if (len < room)
            throw new MPIException(mpi.MPI.ERR_COUNT, what + ": " + len + " elements arrived where this rank expects " + room + " (counts differ between ranks)");
        if (len == 0) return;
        Object part = packed;
        if (at != 0 || len != Array.getLength(packed)) {
            part = Array.newInstance(packed.getClass().getComponentType(), len);
            System.arraycopy(packed, at, part, 0, len);
        }
        Packing.scatter(part, len, d);
    }

    /** The parts one after the other, in one packed array of {@code type}'s kind. */
    static Object concat(Object[] parts, int[] lengths, TypeLayout type) {
        int total = 0;
        for (int len : lengths) total += len;
        Object all = Array.newInstance(parts[0].getClass().getComponentType(), total);
        int at = 0;
        for (int r = 0; r < parts.length; r++) {
            System.arraycopy(parts[r], 0, all, at, lengths[r]);
            at += lengths[r];
        }
        return all;
    }

    /** A reduction operand from another rank must have this rank's type and length. */
    static void checkSameShape(Object other, Object mine, String what) throws MPIException {
        if (other.getClass() != mine.getClass())
            throw new MPIException(mpi.MPI.ERR_TYPE, what + ": the operand is " + other.getClass().getSimpleName() + ", this rank's " + mine.getClass().getSimpleName());
        if (Array.getLength(other) != Array.getLength(mine))
            throw new MPIException(mpi.MPI.ERR_COUNT, what + ": the operand has " + Array.getLength(other) + " elements, this rank's " + Array.getLength(mine) + " (counts differ between ranks)");
    }
}
