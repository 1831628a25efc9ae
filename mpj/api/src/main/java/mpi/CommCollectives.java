package mpi;

import hpjava.mpi.spi.CollectiveCall;
import hpjava.mpi.spi.CollectiveCall.Kind;
import hpjava.mpi.spi.CommChannel;

/**
 * Collective operations in Open MPI's names, blocking and nonblocking ({@code i...}: the buffers belong to the
 * operation until its request completes; arrays and direct buffers alike). Forms without a send buffer are the
 * in-place forms ({@code MPI_IN_PLACE}). Every member calls every collective in the same order.
 */
abstract class CommCollectives extends CommPointToPoint {

    CommCollectives(CommState fixed, int predefined) {
        super(fixed, predefined);
    }

    final void run(CommChannel ch, CollectiveCall call) throws MPIException {
        ch.collective(call);
    }

    final Request start(CommChannel ch, CollectiveCall call) throws MPIException {
        return new Request(ch.startCollective(call), null);
    }

    /** Blocks until every member has called it. */
    public final void barrier() throws MPIException {
        CommChannel ch = ch("barrier");
        ch.collective(CollectiveCall.of(Kind.BARRIER, null, null, 0));
    }

    /** Nonblocking barrier. */
    public final Request iBarrier() throws MPIException {
        CommChannel ch = ch("iBarrier");
        return start(ch, CollectiveCall.of(Kind.BARRIER, null, null, 0));
    }

    /** Broadcasts {@code count} items of {@code buf} from {@code root}. */
    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        CommChannel ch = ch("bcast");
        run(ch, CollectiveArgs.bcast("bcast", ch, buf, 0, count, type, root));
    }

    /** Nonblocking broadcast. */
    public final Request iBcast(Object buf, int count, Datatype type, int root) throws MPIException {
        CommChannel ch = ch("iBcast");
        return start(ch, CollectiveArgs.bcast("iBcast", ch, buf, 0, count, type, root));
    }

    /** Gathers {@code sendcount} items from each member into {@code recvbuf} at {@code root}, in rank order. */
    public final void gather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("gather");
        run(ch, CollectiveArgs.gather("gather", ch, false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, root));
    }

    /** In-place gather: the root's own block is already in {@code buf}; other members send {@code buf}. */
    public final void gather(Object buf, int count, Datatype type, int root) throws MPIException {
        CommChannel ch = ch("gather");
        run(ch, CollectiveArgs.gather("gather", ch, true, buf, 0, count, type, buf, 0, count, type, root));
    }

    /** Nonblocking gather. */
    public final Request iGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("iGather");
        return start(ch, CollectiveArgs.gather("iGather", ch, false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, root));
    }

    /** Nonblocking in-place gather. */
    public final Request iGather(Object buf, int count, Datatype type, int root) throws MPIException {
        CommChannel ch = ch("iGather");
        return start(ch, CollectiveArgs.gather("iGather", ch, true, buf, 0, count, type, buf, 0, count, type, root));
    }

    /** Gathers a varying number of items: member {@code r}'s go to {@code displs[r]} (items) of {@code recvbuf}. */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount,
            int[] displs, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("gatherv");
        run(ch, CollectiveArgs.gatherv("gatherv", ch, false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, displs, recvtype, root));
    }

    /** In-place gatherv, at the root (its block is already in place). */
    public final void gatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("gatherv");
        run(ch, CollectiveArgs.gatherv("gatherv", ch, true, null, 0, 0, recvtype, recvbuf, 0, recvcount, displs, recvtype, root));
    }

    /** Gatherv at a member that is not the root (the receive arguments do not matter there). */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        CommChannel ch = ch("gatherv");
        notAtRoot("gatherv", ch, root);
        run(ch, CollectiveArgs.gatherv("gatherv", ch, false, sendbuf, 0, sendcount, sendtype, null, 0, null, null, sendtype, root));
    }

    /** Nonblocking gatherv. */
    public final Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount,
            int[] displs, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("iGatherv");
        return start(ch, CollectiveArgs.gatherv("iGatherv", ch, false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, displs, recvtype, root));
    }

    /** Nonblocking in-place gatherv at the root. */
    public final Request iGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("iGatherv");
        return start(ch, CollectiveArgs.gatherv("iGatherv", ch, true, null, 0, 0, recvtype, recvbuf, 0, recvcount, displs, recvtype, root));
    }

    /** Nonblocking gatherv at a member that is not the root. */
    public final Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        CommChannel ch = ch("iGatherv");
        notAtRoot("iGatherv", ch, root);
        return start(ch, CollectiveArgs.gatherv("iGatherv", ch, false, sendbuf, 0, sendcount, sendtype, null, 0, null, null, sendtype, root));
    }

    static void notAtRoot(String what, CommChannel ch, int root) throws MPIException {
        ArgumentChecks.root(what, root, ch.size());
        if (ch.rank() == root)
            throw new MPIException(ErrorClass.ROOT, what + ": this form has no receive buffer and is for members other than the root (" + root + ")");
    }

    /** Scatters blocks of {@code sendcount} items from {@code sendbuf} at {@code root}, block {@code r} to member {@code r}. */
    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("scatter");
        run(ch, CollectiveArgs.scatter("scatter", ch, false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, root));
    }

    /** In-place scatter: the root keeps its block in {@code buf}; other members receive into {@code buf}. */
    public final void scatter(Object buf, int count, Datatype type, int root) throws MPIException {
        CommChannel ch = ch("scatter");
        run(ch, CollectiveArgs.scatter("scatter", ch, true, buf, 0, count, type, buf, 0, count, type, root));
    }

    /** Nonblocking scatter. */
    public final Request iScatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("iScatter");
        return start(ch, CollectiveArgs.scatter("iScatter", ch, false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, root));
    }

    /** Nonblocking in-place scatter. */
    public final Request iScatter(Object buf, int count, Datatype type, int root) throws MPIException {
        CommChannel ch = ch("iScatter");
        return start(ch, CollectiveArgs.scatter("iScatter", ch, true, buf, 0, count, type, buf, 0, count, type, root));
    }

    /** Scatters varying blocks: member {@code r} gets {@code sendcount[r]} items from {@code displs[r]}. */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("scatterv");
        run(ch, CollectiveArgs.scatterv("scatterv", ch, false, sendbuf, 0, sendcount, displs, sendtype, recvbuf, 0, recvcount, recvtype, root));
    }

    /** In-place scatterv at the root. */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) throws MPIException {
        CommChannel ch = ch("scatterv");
        run(ch, CollectiveArgs.scatterv("scatterv", ch, true, sendbuf, 0, sendcount, displs, sendtype, null, 0, 0, sendtype, root));
    }

    /** Scatterv at a member that is not the root. */
    public final void scatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("scatterv");
        notAtRoot("scatterv", ch, root);
        run(ch, CollectiveArgs.scatterv("scatterv", ch, false, null, 0, null, null, recvtype, recvbuf, 0, recvcount, recvtype, root));
    }

    /** Nonblocking scatterv. */
    public final Request iScatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("iScatterv");
        return start(ch, CollectiveArgs.scatterv("iScatterv", ch, false, sendbuf, 0, sendcount, displs, sendtype, recvbuf, 0, recvcount, recvtype, root));
    }

    /** Nonblocking in-place scatterv at the root. */
    public final Request iScatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) throws MPIException {
        CommChannel ch = ch("iScatterv");
        return start(ch, CollectiveArgs.scatterv("iScatterv", ch, true, sendbuf, 0, sendcount, displs, sendtype, null, 0, 0, sendtype, root));
    }

    /** Nonblocking scatterv at a member that is not the root. */
    public final Request iScatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("iScatterv");
        notAtRoot("iScatterv", ch, root);
        return start(ch, CollectiveArgs.scatterv("iScatterv", ch, false, null, 0, null, null, recvtype, recvbuf, 0, recvcount, recvtype, root));
    }

    /** Gathers every member's {@code sendcount} items into every member's {@code recvbuf}. */
    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        CommChannel ch = ch("allGather");
        run(ch, CollectiveArgs.gather("allGather", ch, false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, -1));
    }

    /** In-place allGather: each member's block is already at its place in {@code buf}. */
    public final void allGather(Object buf, int count, Datatype type) throws MPIException {
        CommChannel ch = ch("allGather");
        run(ch, CollectiveArgs.gather("allGather", ch, true, null, 0, 0, type, buf, 0, count, type, -1));
    }

    /** Nonblocking allGather. */
    public final Request iAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        CommChannel ch = ch("iAllGather");
        return start(ch, CollectiveArgs.gather("iAllGather", ch, false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, -1));
    }

    /** Nonblocking in-place allGather. */
    public final Request iAllGather(Object buf, int count, Datatype type) throws MPIException {
        CommChannel ch = ch("iAllGather");
        return start(ch, CollectiveArgs.gather("iAllGather", ch, true, null, 0, 0, type, buf, 0, count, type, -1));
    }

    /** allGather with varying counts and displacements. */
    public final void allGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount,
            int[] displs, Datatype recvtype) throws MPIException {
        CommChannel ch = ch("allGatherv");
        run(ch, CollectiveArgs.gatherv("allGatherv", ch, false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, displs, recvtype, -1));
    }

    /** In-place allGatherv. */
    public final void allGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        CommChannel ch = ch("allGatherv");
        run(ch, CollectiveArgs.gatherv("allGatherv", ch, true, null, 0, 0, recvtype, recvbuf, 0, recvcount, displs, recvtype, -1));
    }

    /** Nonblocking allGatherv. */
    public final Request iAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        CommChannel ch = ch("iAllGatherv");
        return start(ch, CollectiveArgs.gatherv("iAllGatherv", ch, false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, displs, recvtype, -1));
    }

    /** Nonblocking in-place allGatherv. */
    public final Request iAllGatherv(Object buf, int[] count, int[] displs, Datatype type) throws MPIException {
        CommChannel ch = ch("iAllGatherv");
        return start(ch, CollectiveArgs.gatherv("iAllGatherv", ch, true, null, 0, 0, type, buf, 0, count, displs, type, -1));
    }

    /** Block {@code r} of {@code sendbuf} goes to member {@code r}; block {@code r} of {@code recvbuf} comes from it. */
    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        CommChannel ch = ch("allToAll");
        run(ch, CollectiveArgs.allToAll("allToAll", ch, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype));
    }

    /** Nonblocking allToAll. */
    public final Request iAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        CommChannel ch = ch("iAllToAll");
        return start(ch, CollectiveArgs.allToAll("iAllToAll", ch, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype));
    }

    /** allToAll with varying counts and displacements (in items). */
    public final void allToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf,
            int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        CommChannel ch = ch("allToAllv");
        run(ch, CollectiveArgs.allToAllv("allToAllv", ch, sendbuf, 0, sendcount, sdispls, sendtype, recvbuf, 0, recvcount, rdispls, recvtype));
    }

    /** Nonblocking allToAllv. */
    public final Request iAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        CommChannel ch = ch("iAllToAllv");
        return start(ch, CollectiveArgs.allToAllv("iAllToAllv", ch, sendbuf, 0, sendcount, sdispls, sendtype, recvbuf, 0, recvcount, rdispls, recvtype));
    }

    /** Combines every member's {@code count} items with {@code op}; the result in {@code recvbuf} at {@code root}. */
    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root) throws MPIException {
        CommChannel ch = ch("reduce");
        run(ch, CollectiveArgs.reduce("reduce", ch, Kind.REDUCE, false, sendbuf, 0, recvbuf, 0, count, type, op, root));
    }

    /** In-place reduce: the root's operand and result are in {@code buf}; other members send {@code buf}. */
    public final void reduce(Object buf, int count, Datatype type, Op op, int root) throws MPIException {
        CommChannel ch = ch("reduce");
        run(ch, CollectiveArgs.reduce("reduce", ch, Kind.REDUCE, true, null, 0, buf, 0, count, type, op, root));
    }

    /** Nonblocking reduce. */
    public final Request iReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root) throws MPIException {
        CommChannel ch = ch("iReduce");
        return start(ch, CollectiveArgs.reduce("iReduce", ch, Kind.REDUCE, false, sendbuf, 0, recvbuf, 0, count, type, op, root));
    }

    /** Nonblocking in-place reduce. */
    public final Request iReduce(Object buf, int count, Datatype type, Op op, int root) throws MPIException {
        CommChannel ch = ch("iReduce");
        return start(ch, CollectiveArgs.reduce("iReduce", ch, Kind.REDUCE, true, null, 0, buf, 0, count, type, op, root));
    }

    /** Reduce with the result at every member. */
    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("allReduce");
        run(ch, CollectiveArgs.reduce("allReduce", ch, Kind.ALLREDUCE, false, sendbuf, 0, recvbuf, 0, count, type, op, 0));
    }

    /** In-place allReduce. */
    public final void allReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("allReduce");
        run(ch, CollectiveArgs.reduce("allReduce", ch, Kind.ALLREDUCE, true, null, 0, buf, 0, count, type, op, 0));
    }

    /** Nonblocking allReduce. */
    public final Request iAllReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("iAllReduce");
        return start(ch, CollectiveArgs.reduce("iAllReduce", ch, Kind.ALLREDUCE, false, sendbuf, 0, recvbuf, 0, count, type, op, 0));
    }

    /** Nonblocking in-place allReduce. */
    public final Request iAllReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("iAllReduce");
        return start(ch, CollectiveArgs.reduce("iAllReduce", ch, Kind.ALLREDUCE, true, null, 0, buf, 0, count, type, op, 0));
    }

    /** Reduces, then scatters the result: member {@code r} gets {@code recvcounts[r]} items. */
    public final void reduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("reduceScatter");
        run(ch, CollectiveArgs.reduceScatter("reduceScatter", ch, false, sendbuf, 0, recvbuf, 0, recvcounts, type, op));
    }

    /** In-place reduceScatter. */
    public final void reduceScatter(Object buf, int[] counts, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("reduceScatter");
        run(ch, CollectiveArgs.reduceScatter("reduceScatter", ch, true, null, 0, buf, 0, counts, type, op));
    }

    /** Nonblocking reduceScatter. */
    public final Request iReduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("iReduceScatter");
        return start(ch, CollectiveArgs.reduceScatter("iReduceScatter", ch, false, sendbuf, 0, recvbuf, 0, recvcounts, type, op));
    }

    /** Nonblocking in-place reduceScatter. */
    public final Request iReduceScatter(Object buf, int[] counts, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("iReduceScatter");
        return start(ch, CollectiveArgs.reduceScatter("iReduceScatter", ch, true, null, 0, buf, 0, counts, type, op));
    }

    /** reduceScatter with {@code recvcount} items for every member. */
    public final void reduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("reduceScatterBlock");
        run(ch, CollectiveArgs.reduceScatterBlock("reduceScatterBlock", ch, false, sendbuf, 0, recvbuf, 0, recvcount, type, op));
    }

    /** In-place reduceScatterBlock. */
    public final void reduceScatterBlock(Object buf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("reduceScatterBlock");
        run(ch, CollectiveArgs.reduceScatterBlock("reduceScatterBlock", ch, true, null, 0, buf, 0, count, type, op));
    }

    /** Nonblocking reduceScatterBlock. */
    public final Request iReduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("iReduceScatterBlock");
        return start(ch, CollectiveArgs.reduceScatterBlock("iReduceScatterBlock", ch, false, sendbuf, 0, recvbuf, 0, recvcount, type, op));
    }

    /** Nonblocking in-place reduceScatterBlock. */
    public final Request iReduceScatterBlock(Object buf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("iReduceScatterBlock");
        return start(ch, CollectiveArgs.reduceScatterBlock("iReduceScatterBlock", ch, true, null, 0, buf, 0, count, type, op));
    }
}
