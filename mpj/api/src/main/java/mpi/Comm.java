package mpi;

import hpjava.mpi.spi.CommChannel;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.Packing;
import hpjava.mpi.spi.Reduction;
import hpjava.mpi.spi.ReductionKernels;
import hpjava.mpi.spi.SendMode;
import hpjava.mpi.spi.TypeLayout;

/**
 * A communicator. Open MPI's Java API (point-to-point and collectives in {@code lowerCamelCase}, buffers without
 * offsets, {@code MPI.slice} for one) and mpiJava 1.2's ({@code Send(buf, offset, count, type, dest, tag)},
 * {@code Rank()}, ...; offsets in elements) are both here, on every backend. See {@code docs/MPI.md}.
 */
public class Comm extends CommCollectives {

    Comm(CommState fixed, int predefined) {
        super(fixed, predefined);
    }

    /** A new communicator with the same members and a new context; attributes are copied. <b>Collective.</b> */
    public Comm dup() throws MPIException {
        CommState s = st("dup");
        CommState d = new CommState(s.channel.dup(), "");
        s.attributes.copyInto(d.attributes);
        d.errhandler = s.errhandler;
        return new Intracomm(d);
    }

    @Override
    public Comm clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** Applies {@code op} locally: {@code inOutBuf = inBuf op inOutBuf} over {@code count} items. */
    public static void reduceLocal(Object inBuf, Object inOutBuf, int count, Datatype type, Op op) throws MPIException {
        ArgumentChecks.notNull("reduceLocal", "op", op);
        Data in = ArgumentChecks.data("reduceLocal", inBuf, 0, count, type);
        Data inOut = ArgumentChecks.data("reduceLocal", inOutBuf, 0, count, type);
        TypeLayout layout = in.type();
        Reduction r = op.forType("reduceLocal", type, layout);
        Object a = Packing.gather(in), b = Packing.gather(inOut);
        ReductionKernels.apply(r, layout, a, b, count);
        Packing.scatter(b, Packing.packedLength(inOut), inOut);
    }

    // ---- mpiJava 1.2 forms (offsets in elements of the buffer) ----

    /** mpiJava: the caller's rank. */
    public final int Rank() throws MPIException {
        return getRank();
    }

    /** mpiJava: the number of processes. */
    public final int Size() throws MPIException {
        return getSize();
    }

    /** mpiJava: the group. */
    public final Group Group() throws MPIException {
        return getGroup();
    }

    /** mpiJava: {@link #compare}. */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        return compare(comm1, comm2);
    }

    /** mpiJava: {@link #free()}. */
    public void Free() throws MPIException {
        free();
    }

    /** mpiJava: {@link #isNull()}. */
    public final boolean Is_null() {
        return isNull();
    }

    /** mpiJava: {@link #isInter()}. */
    public final boolean Test_inter() throws MPIException {
        return isInter();
    }

    /** mpiJava: {@link #getTopology()}. */
    public final int Topo_test() throws MPIException {
        return getTopology();
    }

    /** mpiJava: {@link #abort(int)}. */
    public final void Abort(int errorcode) throws MPIException {
        abort(errorcode);
    }

    /** mpiJava: standard-mode send of {@code count} items from {@code buf[offset..]}. */
    public final void Send(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        sendCore("Send", SendMode.STANDARD, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: buffered-mode send. */
    public final void Bsend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        sendCore("Bsend", SendMode.BUFFERED, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: synchronous-mode send. */
    public final void Ssend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        sendCore("Ssend", SendMode.SYNCHRONOUS, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: ready-mode send. */
    public final void Rsend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        sendCore("Rsend", SendMode.READY, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: blocking receive into {@code buf[offset..]}. */
    public final Status Recv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MPIException {
        return recvCore("Recv", buf, offset, count, type, source, tag);
    }

    /** mpiJava: send and receive at once. */
    public final Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
            int sendtag, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        return sendRecvCore("Sendrecv", sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, recvbuf, recvoffset,
                recvcount, recvtype, source, recvtag);
    }

    /** mpiJava: send and receive in one buffer. */
    public final Status Sendrecv_replace(Object buf, int offset, int count, Datatype type, int dest, int sendtag,
            int source, int recvtag) throws MPIException {
        return sendRecvReplaceCore("Sendrecv_replace", buf, offset, count, type, dest, sendtag, source, recvtag);
    }

    /** mpiJava: starts a standard-mode send. */
    public final Request Isend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        return isendCore("Isend", SendMode.STANDARD, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: starts a buffered-mode send. */
    public final Request Ibsend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        return isendCore("Ibsend", SendMode.BUFFERED, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: starts a synchronous-mode send. */
    public final Request Issend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        return isendCore("Issend", SendMode.SYNCHRONOUS, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: starts a ready-mode send. */
    public final Request Irsend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        return isendCore("Irsend", SendMode.READY, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: starts a receive. */
    public final Request Irecv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MPIException {
        return irecvCore("Irecv", buf, offset, count, type, source, tag);
    }

    /** mpiJava: a persistent standard-mode send. */
    public final Prequest Send_init(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        return sendInitCore("Send_init", SendMode.STANDARD, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: a persistent buffered-mode send. */
    public final Prequest Bsend_init(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        return sendInitCore("Bsend_init", SendMode.BUFFERED, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: a persistent synchronous-mode send. */
    public final Prequest Ssend_init(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        return sendInitCore("Ssend_init", SendMode.SYNCHRONOUS, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: a persistent ready-mode send. */
    public final Prequest Rsend_init(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        return sendInitCore("Rsend_init", SendMode.READY, buf, offset, count, type, dest, tag);
    }

    /** mpiJava: a persistent receive. */
    public final Prequest Recv_init(Object buf, int offset, int count, Datatype type, int source, int tag) throws MPIException {
        return recvInitCore("Recv_init", buf, offset, count, type, source, tag);
    }

    /** mpiJava: {@link #probe}. */
    public final Status Probe(int source, int tag) throws MPIException {
        return probeCore("Probe", source, tag, true);
    }

    /** mpiJava: {@link #iProbe} ({@code null} when no message matches). */
    public final Status Iprobe(int source, int tag) throws MPIException {
        return probeCore("Iprobe", source, tag, false);
    }

    /** mpiJava: packs {@code incount} items from {@code inbuf[offset..]} into {@code outbuf} at {@code position}. */
    public final int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position)
            throws MPIException {
        st("Pack");
        return Buffers.pack("Pack", inbuf, offset, incount, datatype, outbuf, position);
    }

    /** mpiJava: unpacks {@code outcount} items into {@code outbuf[offset..]}. */
    public final int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype)
            throws MPIException {
        st("Unpack");
        return Buffers.unpack("Unpack", inbuf, position, outbuf, offset, outcount, datatype);
    }

    /** mpiJava: {@link #packSize}. */
    public final int Pack_size(int incount, Datatype datatype) throws MPIException {
        return packSize(incount, datatype);
    }

    /** mpiJava: {@link #barrier()}. */
    public final void Barrier() throws MPIException {
        barrier();
    }

    CommChannel channelFor(String what) throws MPIException {
        return ch(what);
    }
}
