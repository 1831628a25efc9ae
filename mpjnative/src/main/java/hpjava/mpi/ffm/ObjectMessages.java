package hpjava.mpi.ffm;

import hpjava.mpi.spi.BasicType;
import hpjava.mpi.spi.Combiner;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.MessageHandle;
import hpjava.mpi.spi.RequestHandle;
import hpjava.mpi.spi.StatusRecord;
import hpjava.mpi.spi.TypeLayout;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import mpi.MPI;
import mpi.MPIException;

/**
 * Point-to-point messages of {@code MPI.OBJECT} (mpiJava's serialized Java objects) on the native path: the items are
 * serialized into one byte message (the object count, then the objects); a receive takes the message out of matching
 * with a matched probe, learns its length, receives and deserializes it. A status counts one byte per object. A
 * nonblocking receive matches when it is waited for or tested. Collectives of objects are refused ({@code ERR_TYPE}).
 */
final class ObjectMessages {
    private ObjectMessages() {}

    static final TypeLayout BYTES = new TypeLayout("MPI_BYTE", BasicType.BYTE, new int[] {0}, new int[] {1}, null, 0, 1,
            Combiner.NAMED, new int[0], new TypeLayout[0]);

    static boolean isObjects(Data d) {
        return d != null && d.type().basic() == BasicType.OBJECT;
    }

    /** The serialized items of {@code d} as a byte message. */
    static Data encode(Data d) throws MPIException {
        Object[] items = (Object[]) d.buffer();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeInt(d.count());
            for (int i = 0; i < d.count(); i++) out.writeObject(items[d.offset() + i]);
        } catch (IOException e) {
            throw new MPIException(MPI.ERR_TYPE, "an MPI.OBJECT item cannot be serialized: " + e, e);
        }
        byte[] b = bytes.toByteArray();
        return new Data(b, 0, b.length, BYTES);
    }

    /** Receives the message {@code m} (its length in {@code probed}) into the objects of {@code d}; fills {@code s}. */
    static void receive(MessageHandle m, StatusRecord probed, Data d, StatusRecord s) throws MPIException {
        byte[] b = new byte[(int) probed.bytes];
        StatusRecord st = new StatusRecord();
        m.recv(new Data(b, 0, b.length, BYTES), st);
        Object[] into = (Object[]) d.buffer();
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b))) {
            int n = in.readInt();
            if (n > d.count()) {
                throw new MPIException(MPI.ERR_TRUNCATE, "a message of " + n + " objects arrived for a receive of "
                        + d.count());
            }
            for (int i = 0; i < n; i++) into[d.offset() + i] = in.readObject();
            if (s != null) s.set(st.source, st.tag, 0, false, n);
        } catch (IOException | ClassNotFoundException e) {
            throw new MPIException(MPI.ERR_TYPE, "a received MPI.OBJECT message cannot be deserialized: " + e, e);
        }
    }

    /** A receive of objects that matches when it is waited for or tested. */
    static RequestHandle irecv(NativeComm comm, Data d, int source, int tag) {
        return new RequestHandle() {
            private boolean cancelled;

            @Override
            public void await(StatusRecord status) throws MPIException {
                if (cancelled) {
                    status.set(source, tag, 0, true, 0);
                    return;
                }
                StatusRecord probed = new StatusRecord();
                receive(comm.mprobe(source, tag, probed), probed, d, status);
            }

            @Override
            public boolean test(StatusRecord status) throws MPIException {
                if (cancelled) {
                    await(status);
                    return true;
                }
                StatusRecord probed = new StatusRecord();
                MessageHandle m = comm.improbe(source, tag, probed);
                if (m == null) return false;
                receive(m, probed, d, status);
                return true;
            }

            @Override
            public void cancel() {
                cancelled = true;
            }

            @Override
            public void free() {
                cancelled = true;
            }
        };
    }
}
