package mpi;

import hpjava.mpi.spi.CollectiveCall;
import hpjava.mpi.spi.CollectiveCall.Kind;
import hpjava.mpi.spi.CommChannel;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.Reduction;
import hpjava.mpi.spi.TypeLayout;

/**
 * Checks the arguments of collective calls and builds the {@link CollectiveCall}s. Arguments that MPI says matter
 * only at the root are checked only there. A {@code null} buffer object stands for {@code MPI_IN_PLACE} as the
 * implementation interface documents.
 */
final class CollectiveArgs {

    private CollectiveArgs() {
    }

    /** {@code count} items at the start of {@code buf}, checked as room for {@code blocks} such blocks. */
    static Data blocksOf(String what, Object buf, int offset, int count, Datatype type, int blocks) throws MPIException {
        ArgumentChecks.nonNegative(what, "count", count);
        Data all = ArgumentChecks.data(what, buf, offset, Math.multiplyExact(count, blocks), type);
        return new Data(all.buffer(), offset, count, all.type());
    }

    static CollectiveCall bcast(String what, CommChannel ch, Object buf, int offset, int count, Datatype type, int root)
            throws MPIException {
        ArgumentChecks.root(what, root, ch.size());
        return CollectiveCall.of(Kind.BCAST, null, ArgumentChecks.data(what, buf, offset, count, type), root);
    }

    /** Gather (allGather when {@code root < 0}); {@code sendbuf == IN_PLACE} marks the in-place form. */
    static CollectiveCall gather(String what, CommChannel ch, boolean inPlace, Object sendbuf, int soff, int sendcount,
            Datatype sendtype, Object recvbuf, int roff, int recvcount, Datatype recvtype, int root) throws MPIException {
        boolean all = root < 0;
        if (!all) ArgumentChecks.root(what, root, ch.size());
        boolean receives = all || ch.rank() == root;
        Data recv = receives ? blocksOf(what, recvbuf, roff, recvcount, recvtype, ch.size()) : null;
        Data send = inPlace && receives ? null : ArgumentChecks.data(what, sendbuf, soff, sendcount, sendtype);
        return CollectiveCall.of(all ? Kind.ALLGATHER : Kind.GATHER, send, recv, Math.max(root, 0));
    }

    static CollectiveCall gatherv(String what, CommChannel ch, boolean inPlace, Object sendbuf, int soff, int sendcount,
            Datatype sendtype, Object recvbuf, int roff, int[] recvcounts, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        boolean all = root < 0;
        if (!all) ArgumentChecks.root(what, root, ch.size());
        boolean receives = all || ch.rank() == root;
        Data recv = receives ? ArgumentChecks.blocks(what, recvbuf, roff, recvcounts, displs, recvtype, ch.size()) : null;
        Data send = inPlace && receives ? null : ArgumentChecks.data(what, sendbuf, soff, sendcount, sendtype);
        return new CollectiveCall(all ? Kind.ALLGATHERV : Kind.GATHERV, send, recv, null, null,
                receives ? recvcounts.clone() : null, receives ? displs.clone() : null, Math.max(root, 0), null);
    }

    static CollectiveCall scatter(String what, CommChannel ch, boolean inPlace, Object sendbuf, int soff, int sendcount,
            Datatype sendtype, Object recvbuf, int roff, int recvcount, Datatype recvtype, int root) throws MPIException {
        ArgumentChecks.root(what, root, ch.size());
        boolean sends = ch.rank() == root;
        Data send = sends ? blocksOf(what, sendbuf, soff, sendcount, sendtype, ch.size()) : null;
        Data recv = inPlace && sends ? null : ArgumentChecks.data(what, recvbuf, roff, recvcount, recvtype);
        return CollectiveCall.of(Kind.SCATTER, send, recv, root);
    }

    static CollectiveCall scatterv(String what, CommChannel ch, boolean inPlace, Object sendbuf, int soff,
            int[] sendcounts, int[] displs, Datatype sendtype, Object recvbuf, int roff, int recvcount, Datatype recvtype,
            int root) throws MPIException {
        ArgumentChecks.root(what, root, ch.size());
        boolean sends = ch.rank() == root;
        Data send = sends ? ArgumentChecks.blocks(what, sendbuf, soff, sendcounts, displs, sendtype, ch.size()) : null;
        Data recv = inPlace && sends ? null : ArgumentChecks.data(what, recvbuf, roff, recvcount, recvtype);
        return new CollectiveCall(Kind.SCATTERV, send, recv, sends ? sendcounts.clone() : null,
                sends ? displs.clone() : null, null, null, root, null);
    }

    static CollectiveCall allToAll(String what, CommChannel ch, Object sendbuf, int soff, int sendcount,
            Datatype sendtype, Object recvbuf, int roff, int recvcount, Datatype recvtype) throws MPIException {
        Data send = blocksOf(what, sendbuf, soff, sendcount, sendtype, ch.size());
        Data recv = blocksOf(what, recvbuf, roff, recvcount, recvtype, ch.size());
        return CollectiveCall.of(Kind.ALLTOALL, send, recv, 0);
    }

    static CollectiveCall allToAllv(String what, CommChannel ch, Object sendbuf, int soff, int[] sendcounts,
            int[] sdispls, Datatype sendtype, Object recvbuf, int roff, int[] recvcounts, int[] rdispls,
            Datatype recvtype) throws MPIException {
        Data send = ArgumentChecks.blocks(what, sendbuf, soff, sendcounts, sdispls, sendtype, ch.size());
        Data recv = ArgumentChecks.blocks(what, recvbuf, roff, recvcounts, rdispls, recvtype, ch.size());
        return new CollectiveCall(Kind.ALLTOALLV, send, recv, sendcounts.clone(), sdispls.clone(), recvcounts.clone(),
                rdispls.clone(), 0, null);
    }

    /**
     * Reduce ({@code kind} REDUCE, result at {@code root}), ALLREDUCE, SCAN or EXSCAN. {@code inPlace}: the data is
     * in {@code recvbuf} (at the root only, for REDUCE; elsewhere {@code recvbuf} is what is sent).
     */
    static CollectiveCall reduce(String what, CommChannel ch, Kind kind, boolean inPlace, Object sendbuf, int soff,
            Object recvbuf, int roff, int count, Datatype type, Op op, int root) throws MPIException {
        ArgumentChecks.notNull(what, "op", op);
        if (kind == Kind.REDUCE) ArgumentChecks.root(what, root, ch.size());
        boolean receives = kind != Kind.REDUCE || ch.rank() == root;
        TypeLayout layout = ArgumentChecks.type(what, type).layoutForUse(what);
        Reduction r = op.forType(what, type, layout);
        if (kind == Kind.REDUCE && inPlace && !receives) {
            return new CollectiveCall(kind, ArgumentChecks.data(what, recvbuf, roff, count, type), null, null, null, null, null, root, r);
        }
        Data recv = receives ? ArgumentChecks.data(what, recvbuf, roff, count, type) : null;
        Data send = inPlace ? null : ArgumentChecks.data(what, sendbuf, soff, count, type);
        if (!inPlace && receives && sendbuf != null && sendbuf == recvbuf && count > 0)
            throw new MPIException(ErrorClass.BUFFER, what + ": the send and receive buffers are the same object; use the in-place form");
        return new CollectiveCall(kind, send, recv, null, null, null, null, root, r);
    }

    static CollectiveCall reduceScatter(String what, CommChannel ch, boolean inPlace, Object sendbuf, int soff,
            Object recvbuf, int roff, int[] recvcounts, Datatype type, Op op) throws MPIException {
        ArgumentChecks.notNull(what, "op", op);
        ArgumentChecks.notNull(what, "recvcounts", recvcounts);
        if (recvcounts.length < ch.size())
            throw new MPIException(ErrorClass.ARG, what + ": recvcounts has " + recvcounts.length + " entries for " + ch.size() + " ranks");
        long total = 0;
        for (int i = 0; i < ch.size(); i++) {
            ArgumentChecks.nonNegative(what, "recvcounts[" + i + "]", recvcounts[i]);
            total += recvcounts[i];
        }
        int all = Math.toIntExact(total);
        TypeLayout layout = ArgumentChecks.type(what, type).layoutForUse(what);
        Reduction r = op.forType(what, type, layout);
        Data send, recv;
        if (inPlace) {
            send = null;
            recv = ArgumentChecks.data(what, recvbuf, roff, all, type);
        } else {
            send = ArgumentChecks.data(what, sendbuf, soff, all, type);
            recv = ArgumentChecks.data(what, recvbuf, roff, recvcounts[ch.rank()], type);
        }
        return new CollectiveCall(Kind.REDUCE_SCATTER, send, recv, null, null, recvcounts.clone(), null, 0, r);
    }

    static CollectiveCall reduceScatterBlock(String what, CommChannel ch, boolean inPlace, Object sendbuf, int soff,
            Object recvbuf, int roff, int recvcount, Datatype type, Op op) throws MPIException {
        ArgumentChecks.notNull(what, "op", op);
        TypeLayout layout = ArgumentChecks.type(what, type).layoutForUse(what);
        Reduction r = op.forType(what, type, layout);
        Data send = inPlace ? null : blocksOf(what, sendbuf, soff, recvcount, type, ch.size());
        Data recv = inPlace ? blocksOf(what, recvbuf, roff, recvcount, type, ch.size()) : ArgumentChecks.data(what, recvbuf, roff, recvcount, type);
        return new CollectiveCall(Kind.REDUCE_SCATTER_BLOCK, send, recv, null, null, null, null, 0, r);
    }
}
