package mpi;

import hpjava.mpi.spi.CommChannel;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.MessageHandle;
import hpjava.mpi.spi.RequestHandle;
import hpjava.mpi.spi.SendMode;
import hpjava.mpi.spi.StatusRecord;

/**
 * Point-to-point communication in Open MPI's names. Buffers are Java primitive arrays ({@code Object[]} for
 * {@code MPI.OBJECT}) or direct NIO buffers, in blocking and nonblocking calls alike; a nonblocking call's buffer
 * belongs to the operation until it completes. Each call checks all its arguments before anything is sent.
 */
abstract class CommPointToPoint extends CommBase {

    CommPointToPoint(CommState fixed, int predefined) {
        super(fixed, predefined);
    }

    // ---- the checked core every form goes through ----

    final void sendCore(String what, SendMode mode, Object buf, int offset, int count, Datatype type, int dest, int tag)
            throws MPIException {
        CommChannel ch = ch(what);
        ArgumentChecks.destRank(what, dest, ch.size());
        ArgumentChecks.sendTag(what, tag, Ranks.engine().tagUpperBound());
        Data d = ArgumentChecks.data(what, buf, offset, count, type);
        if (mode == SendMode.BUFFERED) Buffering.checkRoom(what, d);
        if (dest != MPI.PROC_NULL) ch.send(mode, d, dest, tag);
    }

    final Status recvCore(String what, Object buf, int offset, int count, Datatype type, int source, int tag)
            throws MPIException {
        CommChannel ch = ch(what);
        ArgumentChecks.sourceRank(what, source, ch.size());
        ArgumentChecks.recvTag(what, tag, Ranks.engine().tagUpperBound());
        Data d = ArgumentChecks.data(what, buf, offset, count, type);
        if (source == MPI.PROC_NULL) return Status.empty(MPI.PROC_NULL);
        StatusRecord rec = new StatusRecord();
        ch.recv(d, source, tag, rec);
        return new Status(rec, -1);
    }

    final Request isendCore(String what, SendMode mode, Object buf, int offset, int count, Datatype type, int dest,
            int tag) throws MPIException {
        CommChannel ch = ch(what);
        ArgumentChecks.destRank(what, dest, ch.size());
        ArgumentChecks.sendTag(what, tag, Ranks.engine().tagUpperBound());
        Data d = ArgumentChecks.data(what, buf, offset, count, type);
        if (mode == SendMode.BUFFERED) Buffering.checkRoom(what, d);
        if (dest == MPI.PROC_NULL) return new Request(ArgumentChecks.procNullDone(), null);
        return new Request(ch.isend(mode, d, dest, tag), null);
    }

    final Request irecvCore(String what, Object buf, int offset, int count, Datatype type, int source, int tag)
            throws MPIException {
        CommChannel ch = ch(what);
        ArgumentChecks.sourceRank(what, source, ch.size());
        ArgumentChecks.recvTag(what, tag, Ranks.engine().tagUpperBound());
        Data d = ArgumentChecks.data(what, buf, offset, count, type);
        if (source == MPI.PROC_NULL) return new Request(ArgumentChecks.procNullDone(), null);
        return new Request(ch.irecv(d, source, tag), null);
    }

    final Prequest sendInitCore(String what, SendMode mode, Object buf, int offset, int count, Datatype type, int dest,
            int tag) throws MPIException {
        CommChannel ch = ch(what);
        ArgumentChecks.destRank(what, dest, ch.size());
        ArgumentChecks.sendTag(what, tag, Ranks.engine().tagUpperBound());
        Data d = ArgumentChecks.data(what, buf, offset, count, type);
        if (dest == MPI.PROC_NULL) return new Prequest(() -> ArgumentChecks.procNullDone());
        return new Prequest(() -> {
            if (mode == SendMode.BUFFERED) Buffering.checkRoom("start", d);
            return ch(what).isend(mode, d, dest, tag);
        });
    }

    final Prequest recvInitCore(String what, Object buf, int offset, int count, Datatype type, int source, int tag)
            throws MPIException {
        CommChannel ch = ch(what);
        ArgumentChecks.sourceRank(what, source, ch.size());
        ArgumentChecks.recvTag(what, tag, Ranks.engine().tagUpperBound());
        Data d = ArgumentChecks.data(what, buf, offset, count, type);
        if (source == MPI.PROC_NULL) return new Prequest(() -> ArgumentChecks.procNullDone());
        return new Prequest(() -> ch(what).irecv(d, source, tag));
    }

    final Status sendRecvCore(String what, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
            int sendtag, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        CommChannel ch = ch(what);
        int ub = Ranks.engine().tagUpperBound();
        ArgumentChecks.destRank(what, dest, ch.size());
        ArgumentChecks.sendTag(what, sendtag, ub);
        ArgumentChecks.sourceRank(what, source, ch.size());
        ArgumentChecks.recvTag(what, recvtag, ub);
        Data s = ArgumentChecks.data(what, sendbuf, sendoffset, sendcount, sendtype);
        Data r = ArgumentChecks.data(what, recvbuf, recvoffset, recvcount, recvtype);
        if (sendbuf != null && sendbuf == recvbuf && sendcount > 0 && recvcount > 0)
            throw new MPIException(ErrorClass.BUFFER, what + ": the send and receive buffers are the same object; use sendRecvReplace");
        StatusRecord rec = new StatusRecord();
        if (dest == MPI.PROC_NULL && source == MPI.PROC_NULL) return Status.empty(MPI.PROC_NULL);
        if (dest == MPI.PROC_NULL) {
            ch.recv(r, source, recvtag, rec);
        } else if (source == MPI.PROC_NULL) {
            ch.send(SendMode.STANDARD, s, dest, sendtag);
            return Status.empty(MPI.PROC_NULL);
        } else {
            ch.sendRecv(s, dest, sendtag, r, source, recvtag, rec);
        }
        return new Status(rec, -1);
    }

    final Status sendRecvReplaceCore(String what, Object buf, int offset, int count, Datatype type, int dest,
            int sendtag, int source, int recvtag) throws MPIException {
        ArgumentChecks.data(what, buf, offset, count, type);
        Object copy = Buffers.copyOf(buf);
        return sendRecvCore(what, copy, offset, count, type, dest, sendtag, buf, offset, count, type, source, recvtag);
    }

    final Status probeCore(String what, int source, int tag, boolean block) throws MPIException {
        CommChannel ch = ch(what);
        ArgumentChecks.sourceRank(what, source, ch.size());
        ArgumentChecks.recvTag(what, tag, Ranks.engine().tagUpperBound());
        if (source == MPI.PROC_NULL) return Status.empty(MPI.PROC_NULL);
        StatusRecord rec = new StatusRecord();
        if (block) {
            ch.probe(source, tag, rec);
            return new Status(rec, -1);
        }
        return ch.iprobe(source, tag, rec) ? new Status(rec, -1) : null;
    }

    final MessageHandle mprobeCore(String what, int source, int tag, boolean block, StatusRecord rec) throws MPIException {
        CommChannel ch = ch(what);
        ArgumentChecks.sourceRank(what, source, ch.size());
        ArgumentChecks.recvTag(what, tag, Ranks.engine().tagUpperBound());
        if (block) return ch.mprobe(source, tag, rec);
        return ch.improbe(source, tag, rec);
    }

    // ---- Open MPI forms ----

    /** Standard-mode blocking send of {@code count} items of {@code type} from {@code buf} to {@code dest}. */
    public final void send(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        sendCore("send", SendMode.STANDARD, buf, 0, count, type, dest, tag);
    }

    /** Blocking receive; the status says who sent what. */
    public final Status recv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        return recvCore("recv", buf, 0, count, type, source, tag);
    }

    /** Sends and receives at once. */
    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
            Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag) throws MPIException {
        return sendRecvCore("sendRecv", sendbuf, 0, sendcount, sendtype, dest, sendtag, recvbuf, 0, recvcount, recvtype, source, recvtag);
    }

    /** Sends {@code buf} and receives into it. */
    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest, int sendtag, int source,
            int recvtag) throws MPIException {
        return sendRecvReplaceCore("sendRecvReplace", buf, 0, count, type, dest, sendtag, source, recvtag);
    }

    /** Buffered-mode send (needs {@code MPI.attachBuffer} with room for the message). */
    public final void bSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        sendCore("bSend", SendMode.BUFFERED, buf, 0, count, type, dest, tag);
    }

    /** Synchronous-mode send: returns once the receiver has matched it. */
    public final void sSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        sendCore("sSend", SendMode.SYNCHRONOUS, buf, 0, count, type, dest, tag);
    }

    /** Ready-mode send (a matching receive must be posted). */
    public final void rSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        sendCore("rSend", SendMode.READY, buf, 0, count, type, dest, tag);
    }

    /** Starts a standard-mode send. */
    public final Request iSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return isendCore("iSend", SendMode.STANDARD, buf, 0, count, type, dest, tag);
    }

    /** Starts a buffered-mode send. */
    public final Request ibSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return isendCore("ibSend", SendMode.BUFFERED, buf, 0, count, type, dest, tag);
    }

    /** Starts a synchronous-mode send. */
    public final Request isSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return isendCore("isSend", SendMode.SYNCHRONOUS, buf, 0, count, type, dest, tag);
    }

    /** Starts a ready-mode send. */
    public final Request irSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return isendCore("irSend", SendMode.READY, buf, 0, count, type, dest, tag);
    }

    /** Starts a receive. */
    public final Request iRecv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        return irecvCore("iRecv", buf, 0, count, type, source, tag);
    }

    /** A persistent standard-mode send. */
    public final Prequest sendInit(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return sendInitCore("sendInit", SendMode.STANDARD, buf, 0, count, type, dest, tag);
    }

    /** A persistent buffered-mode send. */
    public final Prequest bSendInit(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return sendInitCore("bSendInit", SendMode.BUFFERED, buf, 0, count, type, dest, tag);
    }

    /** A persistent synchronous-mode send. */
    public final Prequest sSendInit(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return sendInitCore("sSendInit", SendMode.SYNCHRONOUS, buf, 0, count, type, dest, tag);
    }

    /** A persistent ready-mode send. */
    public final Prequest rSendInit(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return sendInitCore("rSendInit", SendMode.READY, buf, 0, count, type, dest, tag);
    }

    /** A persistent receive. */
    public final Prequest recvInit(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        return recvInitCore("recvInit", buf, 0, count, type, source, tag);
    }

    /** Blocks until a matching message can be received; its status. */
    public final Status probe(int source, int tag) throws MPIException {
        return probeCore("probe", source, tag, true);
    }

    /** The status of a matching message that can be received now, or {@code null}. */
    public final Status iProbe(int source, int tag) throws MPIException {
        return probeCore("iProbe", source, tag, false);
    }

    /** Packs {@code incount} items into {@code outbuf} from byte {@code position}; returns the new position. */
    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position) throws MPIException {
        st("pack");
        return Buffers.pack("pack", inbuf, 0, incount, type, outbuf, position);
    }

    /** Unpacks {@code outcount} items from {@code inbuf} at byte {@code position}; returns the new position. */
    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount, Datatype type) throws MPIException {
        st("unpack");
        return Buffers.unpack("unpack", inbuf, position, outbuf, 0, outcount, type);
    }

    /** Bytes that packing {@code incount} items of {@code type} takes. */
    public final int packSize(int incount, Datatype type) throws MPIException {
        st("packSize");
        ArgumentChecks.nonNegative("packSize", "incount", incount);
        return Math.toIntExact(incount * ArgumentChecks.type("packSize", type).layoutForUse("packSize").packedBytes());
    }
}
