package mpi;

import hpjava.mpi.spi.CollectiveCall.Kind;
import hpjava.mpi.spi.CommChannel;

/**
 * An intracommunicator: creation of sub-communicators and topologies, scans, and the mpiJava 1.2 forms of the
 * collectives ({@code Bcast(buf, offset, count, type, root)}, ...; offsets in elements).
 */
public class Intracomm extends Comm {

    Intracomm(CommState state) {
        super(state, FIXED);
    }

    Intracomm(int predefined) {
        super(null, predefined);
    }

    /** Wraps a new channel ({@code null} gives {@code null}: {@code MPI_COMM_NULL}). */
    static Intracomm of(CommChannel ch) {
        return ch == null ? null : new Intracomm(new CommState(ch, ""));
    }

    @Override
    public Intracomm dup() throws MPIException {
        return (Intracomm) super.dup();
    }

    @Override
    public Intracomm clone() {
        return (Intracomm) super.clone();
    }

    /**
     * Partitions the members by {@code colour} ({@code >= 0}, or {@code MPI.UNDEFINED} to join none: then the result
     * is {@code null}), ordered by {@code key} and then by rank. <b>Collective.</b>
     */
    public final Intracomm split(int colour, int key) throws MPIException {
        CommChannel ch = ch("split");
        if (colour < 0 && colour != MPI.UNDEFINED)
            throw new MPIException(ErrorClass.ARG, "split: colour " + colour + " is negative and not MPI.UNDEFINED");
        return of(ch.split(colour == MPI.UNDEFINED ? CommChannel.UNDEFINED : colour, key));
    }

    /**
     * Splits by shared memory: {@code MPI.COMM_TYPE_SHARED} gives the members that share this one's memory (on the
     * portable path all ranks of the job, which run on one host); {@code MPI.UNDEFINED} gives {@code null}.
     */
    public final Intracomm splitType(int splitType, int key, Info info) throws MPIException {
        if (splitType != MPI.COMM_TYPE_SHARED && splitType != MPI.UNDEFINED)
            throw new MPIException(ErrorClass.ARG, "splitType: " + splitType + " is neither MPI.COMM_TYPE_SHARED nor MPI.UNDEFINED");
        return split(splitType == MPI.UNDEFINED ? MPI.UNDEFINED : 0, key);
    }

    /** The communicator of {@code group}'s members (a subset of this one's); {@code null} elsewhere. <b>Collective.</b> */
    public final Intracomm create(Group group) throws MPIException {
        CommChannel ch = ch("create");
        return of(ch.create(membersOf("create", ch, group)));
    }

    /** As {@link #create} but called only by the members of {@code group} ({@code tag >= 0}). */
    public final Intracomm createGroup(Group group, int tag) throws MPIException {
        CommChannel ch = ch("createGroup");
        if (tag < 0) throw new MPIException(ErrorClass.TAG, "createGroup: tag " + tag + " is negative");
        int[] members = membersOf("createGroup", ch, group);
        boolean in = false;
        for (int m : members) in |= m == ch.rank();
        if (!in) throw new MPIException(ErrorClass.GROUP, "createGroup: the caller is not a member of the group");
        return of(ch.createGroup(members, tag));
    }

    /** The ranks in this communicator of {@code group}'s members ({@code ERR_GROUP} if one is not a member here). */
    static int[] membersOf(String what, CommChannel ch, Group group) throws MPIException {
        ArgumentChecks.notNull(what, "group", group);
        int[] world = ch.worldRanks();
        int[] g = group.members();
        int[] out = new int[g.length];
        for (int i = 0; i < g.length; i++) {
            out[i] = -1;
            for (int r = 0; r < world.length; r++) if (world[r] == g[i]) out[i] = r;
            if (out[i] < 0)
                throw new MPIException(ErrorClass.GROUP, what + ": member " + i + " of the group (world rank " + g[i] + ") is not in this communicator");
        }
        return out;
    }

    /** A Cartesian topology of {@code dims} (row-major ranks); members beyond its size get {@code null}. <b>Collective.</b> */
    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        CommChannel ch = ch("createCart");
        int n = Topologies.checkCart("createCart", dims, periods, ch.size());
        CommChannel c = ch.split(ch.rank() < n ? 0 : CommChannel.UNDEFINED, ch.rank());
        return c == null ? null : new Cartcomm(new CommState(c, ""), dims.clone(), periods.clone());
    }

    /** A graph topology: node {@code i}'s neighbours are {@code edges[index[i-1] .. index[i]-1]}. <b>Collective.</b> */
    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder) throws MPIException {
        CommChannel ch = ch("createGraph");
        Topologies.checkGraph("createGraph", index, edges, ch.size());
        CommChannel c = ch.split(ch.rank() < index.length ? 0 : CommChannel.UNDEFINED, ch.rank());
        return c == null ? null : new Graphcomm(new CommState(c, ""), index.clone(), edges.clone());
    }

    /** A distributed graph given by each member's own in- and out-neighbours. <b>Collective.</b> */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations,
            int[] destWeights, Info info, boolean reorder) throws MPIException {
        CommChannel ch = ch("createDistGraphAdjacent");
        ArgumentChecks.notNull("createDistGraphAdjacent", "sources", sources);
        ArgumentChecks.notNull("createDistGraphAdjacent", "destinations", destinations);
        for (int s : sources) ArgumentChecks.rank("createDistGraphAdjacent", "source", s, ch.size());
        for (int d : destinations) ArgumentChecks.rank("createDistGraphAdjacent", "destination", d, ch.size());
        return new Graphcomm(new CommState(ch.dup(), ""), sources.clone(), destinations.clone(), sourceWeights, destWeights);
    }

    /** As {@link #createDistGraphAdjacent(int[], int[], int[], int[], Info, boolean)} without weights. */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info, boolean reorder)
            throws MPIException {
        return createDistGraphAdjacent(sources, null, destinations, null, info, reorder);
    }

    /** Inclusive prefix reduction: member {@code r} gets the reduction over members {@code 0..r}. */
    public final void scan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("scan");
        run(ch, CollectiveArgs.reduce("scan", ch, Kind.SCAN, false, sendbuf, 0, recvbuf, 0, count, type, op, 0));
    }

    /** In-place scan. */
    public final void scan(Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("scan");
        run(ch, CollectiveArgs.reduce("scan", ch, Kind.SCAN, true, null, 0, recvbuf, 0, count, type, op, 0));
    }

    /** Nonblocking scan. */
    public final Request iScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("iScan");
        return start(ch, CollectiveArgs.reduce("iScan", ch, Kind.SCAN, false, sendbuf, 0, recvbuf, 0, count, type, op, 0));
    }

    /** Nonblocking in-place scan. */
    public final Request iScan(Object buf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("iScan");
        return start(ch, CollectiveArgs.reduce("iScan", ch, Kind.SCAN, true, null, 0, buf, 0, count, type, op, 0));
    }

    /** Exclusive prefix reduction: member {@code r > 0} gets the reduction over {@code 0..r-1}; rank 0's is unchanged. */
    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("exScan");
        run(ch, CollectiveArgs.reduce("exScan", ch, Kind.EXSCAN, false, sendbuf, 0, recvbuf, 0, count, type, op, 0));
    }

    /** In-place exScan. */
    public final void exScan(Object buf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("exScan");
        run(ch, CollectiveArgs.reduce("exScan", ch, Kind.EXSCAN, true, null, 0, buf, 0, count, type, op, 0));
    }

    /** Nonblocking exScan. */
    public final Request iExScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("iExScan");
        return start(ch, CollectiveArgs.reduce("iExScan", ch, Kind.EXSCAN, false, sendbuf, 0, recvbuf, 0, count, type, op, 0));
    }

    /** Nonblocking in-place exScan. */
    public final Request iExScan(Object buf, int count, Datatype type, Op op) throws MPIException {
        CommChannel ch = ch("iExScan");
        return start(ch, CollectiveArgs.reduce("iExScan", ch, Kind.EXSCAN, true, null, 0, buf, 0, count, type, op, 0));
    }

    // ---- mpiJava 1.2 forms ----

    /** mpiJava: {@link #dup()}. */
    public Intracomm Dup() throws MPIException {
        return dup();
    }

    /** mpiJava: {@link #split}. */
    public final Intracomm Split(int colour, int key) throws MPIException {
        return split(colour, key);
    }

    /** mpiJava: {@link #create}. */
    public final Intracomm Creat(Group group) throws MPIException {
        return create(group);
    }

    /** mpiJava: {@link #createCart}. */
    public final Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        return (Cartcomm) createCart(dims, periods, reorder);
    }

    /** mpiJava: {@link #createGraph}. */
    public final Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) throws MPIException {
        return (Graphcomm) createGraph(index, edges, reorder);
    }

    /** mpiJava: broadcast of {@code buf[offset..]}. */
    public final void Bcast(Object buf, int offset, int count, Datatype type, int root) throws MPIException {
        CommChannel ch = ch("Bcast");
        run(ch, CollectiveArgs.bcast("Bcast", ch, buf, offset, count, type, root));
    }

    /** mpiJava: reduce to {@code root}. */
    public final void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype datatype, Op op, int root) throws MPIException {
        CommChannel ch = ch("Reduce");
        run(ch, CollectiveArgs.reduce("Reduce", ch, Kind.REDUCE, false, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, root));
    }

    /** mpiJava: reduce to every member. */
    public final void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype datatype, Op op) throws MPIException {
        CommChannel ch = ch("Allreduce");
        run(ch, CollectiveArgs.reduce("Allreduce", ch, Kind.ALLREDUCE, false, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, 0));
    }

    /** mpiJava: inclusive prefix reduction. */
    public final void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype datatype, Op op) throws MPIException {
        CommChannel ch = ch("Scan");
        run(ch, CollectiveArgs.reduce("Scan", ch, Kind.SCAN, false, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, 0));
    }

    /** mpiJava: reduce, then scatter {@code recvcounts[r]} items to member {@code r}. */
    public final void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
            Datatype datatype, Op op) throws MPIException {
        CommChannel ch = ch("Reduce_scatter");
        run(ch, CollectiveArgs.reduceScatter("Reduce_scatter", ch, false, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, datatype, op));
    }

    /** mpiJava: gather to {@code root}. */
    public final void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("Gather");
        run(ch, CollectiveArgs.gather("Gather", ch, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root));
    }

    /** mpiJava: gather of varying counts. */
    public final void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("Gatherv");
        run(ch, CollectiveArgs.gatherv("Gatherv", ch, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype, root));
    }

    /** mpiJava: scatter from {@code root}. */
    public final void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("Scatter");
        run(ch, CollectiveArgs.scatter("Scatter", ch, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root));
    }

    /** mpiJava: scatter of varying counts. */
    public final void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        CommChannel ch = ch("Scatterv");
        run(ch, CollectiveArgs.scatterv("Scatterv", ch, false, sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf, recvoffset, recvcount, recvtype, root));
    }

    /** mpiJava: gather to every member. */
    public final void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        CommChannel ch = ch("Allgather");
        run(ch, CollectiveArgs.gather("Allgather", ch, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, -1));
    }

    /** mpiJava: gather of varying counts to every member. */
    public final void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        CommChannel ch = ch("Allgatherv");
        run(ch, CollectiveArgs.gatherv("Allgatherv", ch, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype, -1));
    }

    /** mpiJava: all-to-all exchange of blocks. */
    public final void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        CommChannel ch = ch("Alltoall");
        run(ch, CollectiveArgs.allToAll("Alltoall", ch, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype));
    }

    /** mpiJava: all-to-all exchange of varying blocks. */
    public final void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        CommChannel ch = ch("Alltoallv");
        run(ch, CollectiveArgs.allToAllv("Alltoallv", ch, sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype));
    }
}
