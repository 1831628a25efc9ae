package hpjava.mpjdev.mpi;

import hpjava.mpjdev.DeviceException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The second binding: Open MPI's Java bindings ({@code mpi.jar} with {@code libmpi_java.so}), selected with
 * {@code --option binding=jni}; what [OMPI-Java] describes and what a user of an Open MPI &lt;= 5 Java build has.
 * Compiled only when {@code mpi.jar} is installed (see {@code mpjdev/mpi/pom.xml}); loaded by name from
 * {@link MpiBinding#load()}.
 *
 * <p>Communicator handles are indexes into {@link #comms}. The binding takes NIO buffers; a direct
 * {@link ByteBuffer} view of a segment is made once per request slot and segment and kept (a buffer's segment only
 * changes when it grows), so the backend allocates nothing per message; the binding itself allocates a
 * {@code mpi.Request} per operation started and a {@code mpi.Status} per status read.
 */
public final class JniBinding extends MpiBinding {
    private final List<Intracomm> comms = new ArrayList<>();
    private final JniReq probeSink = new JniReq();

    public JniBinding() {
        comms.add(MPI.COMM_WORLD);
    }

    @Override
    String name() {
        return "jni";
    }

    @Override
    String libraryVersion() {
        String v = MPI.getLibVersion();
        int nl = v.indexOf('\n');
        return nl < 0 ? v : v.substring(0, nl);
    }

    @Override
    int init(int requiredLevel) {
        try {
            return MPI.InitThread(new String[0], requiredLevel);
        } catch (MPIException e) {
            throw failed("MPI_Init_thread", e);
        }
    }

    @Override
    long world() {
        return 0;
    }

    private Intracomm comm(long handle) {
        return comms.get((int) handle);
    }

    @Override
    int rank(long comm) {
        try {
            return comm(comm).getRank();
        } catch (MPIException e) {
            throw failed("MPI_Comm_rank", e);
        }
    }

    @Override
    int size(long comm) {
        try {
            return comm(comm).getSize();
        } catch (MPIException e) {
            throw failed("MPI_Comm_size", e);
        }
    }

    @Override
    long dup(long comm) {
        try {
            comms.add(comm(comm).dup());
            return comms.size() - 1;
        } catch (MPIException e) {
            throw failed("MPI_Comm_dup", e);
        }
    }

    @Override
    long createGroup(int[] members, int tag) {
        try {
            Group world = MPI.COMM_WORLD.getGroup();
            Group g = world.incl(members);
            comms.add(MPI.COMM_WORLD.createGroup(g, tag));
            g.free();
            world.free();
            return comms.size() - 1;
        } catch (MPIException e) {
            throw failed("MPI_Comm_create_group", e);
        }
    }

    @Override
    int anySource() {
        return MPI.ANY_SOURCE;
    }

    @Override
    int anyTag() {
        return MPI.ANY_TAG;
    }

    /** Open MPI's (the only implementation with these bindings): its {@code MPI_TAG_UB} is {@code INT_MAX}. */
    @Override
    int tagUpperBound() {
        return Integer.MAX_VALUE;
    }

    @Override
    Req newRequest() {
        return new JniReq();
    }

    @Override
    void isend(MemorySegment data, int bytes, int dest, int tag, long comm, Req r) {
        JniReq q = (JniReq) r;
        try {
            q.start(comm(comm).iSend(q.view(data), bytes, MPI.BYTE, dest, tag), false);
        } catch (MPIException e) {
            throw failed("MPI_Isend", e);
        }
    }

    @Override
    void irecv(MemorySegment data, int bytes, int source, int tag, long comm, Req r, boolean withStatus) {
        JniReq q = (JniReq) r;
        try {
            q.start(comm(comm).iRecv(q.view(data), bytes, MPI.BYTE, source, tag), withStatus);
        } catch (MPIException e) {
            throw failed("MPI_Irecv", e);
        }
    }

    @Override
    void ibarrier(long comm, Req r) {
        try {
            ((JniReq) r).start(comm(comm).iBarrier(), false);
        } catch (MPIException e) {
            throw failed("MPI_Ibarrier", e);
        }
    }

    @Override
    void ibcast(MemorySegment data, int bytes, int root, long comm, Req r) {
        JniReq q = (JniReq) r;
        try {
            q.start(comm(comm).iBcast(q.view(data), bytes, MPI.BYTE, root), false);
        } catch (MPIException e) {
            throw failed("MPI_Ibcast", e);
        }
    }

    @Override
    void igatherInPlace(MemorySegment data, int bytes, int root, boolean isRoot, long comm, Req r) {
        JniReq q = (JniReq) r;
        try { // the binding's in-place form: MPI_IN_PLACE at the root
            q.start(comm(comm).iGather(q.view(data), bytes, MPI.BYTE, root), false);
        } catch (MPIException e) {
            throw failed("MPI_Igather", e);
        }
    }

    @Override
    void iallgatherInPlace(MemorySegment data, int bytes, long comm, Req r) {
        JniReq q = (JniReq) r;
        try { // the binding's in-place form: MPI_IN_PLACE as the send buffer
            q.start(comm(comm).iAllGather(q.view(data), bytes, MPI.BYTE), false);
        } catch (MPIException e) {
            throw failed("MPI_Iallgather", e);
        }
    }

    @Override
    int iprobe(int source, int tag, long comm) {
        try {
            mpi.Status st = comm(comm).iProbe(source, tag);
            return st == null ? -1 : st.getSource();
        } catch (MPIException e) {
            throw failed("MPI_Iprobe", e);
        }
    }

    @Override
    void recvProbed(MemorySegment data, int bytes, int source, int tag, long comm) {
        try {
            comm(comm).recv(probeSink.view(data), bytes, MPI.BYTE, source, tag);
        } catch (MPIException e) {
            throw failed("MPI_Recv", e);
        }
    }

    @Override
    void finish() {
        try {
            MPI.Finalize();
        } catch (MPIException e) {
            throw failed("MPI_Finalize", e);
        }
    }

    @Override
    boolean finished() {
        try {
            return MPI.isFinalized();
        } catch (MPIException e) {
            throw failed("MPI_Finalized", e);
        }
    }

    @Override
    void abort(int status) {
        try {
            MPI.COMM_WORLD.abort(status);
        } catch (MPIException e) {
            throw failed("MPI_Abort", e);
        }
    }

    private static DeviceException failed(String what, MPIException e) {
        return new DeviceException(what + " failed: " + e.getMessage(), e);
    }

    private static final class JniReq extends Req {
        private mpi.Request request;
        private boolean withStatus;
        private int source, tag;
        private MemorySegment viewed;
        private ByteBuffer view;

        ByteBuffer view(MemorySegment seg) {
            if (seg != viewed) {
                view = seg.asByteBuffer();
                viewed = seg;
            }
            return view;
        }

        void start(mpi.Request r, boolean status) {
            request = r;
            withStatus = status;
        }

        @Override
        boolean testNow() {
            try {
                if (withStatus) {
                    mpi.Status st = request.testStatus();
                    if (st == null) return false;
                    source = st.getSource();
                    tag = st.getTag();
                    return true;
                }
                return request.test();
            } catch (MPIException e) {
                throw failed("MPI_Test", e);
            }
        }

        @Override
        int source() {
            return source;
        }

        @Override
        int tag() {
            return tag;
        }
    }
}
