package mpi;

import hpjava.mpi.spi.CommChannel;

/** A communicator with a graph topology ({@code createGraph}) or a distributed graph ({@code createDistGraphAdjacent}). */
public class GraphComm extends Intracomm {

    private final int[] index, edges;
    private final int[] sources, destinations, sourceWeights, destWeights;

    GraphComm(CommState state, int[] index, int[] edges) {
        super(state);
        this.index = index;
        this.edges = edges;
        this.sources = this.destinations = this.sourceWeights = this.destWeights = null;
    }

    GraphComm(CommState state, int[] sources, int[] destinations, int[] sourceWeights, int[] destWeights) {
        super(state);
        this.index = this.edges = null;
        this.sources = sources;
        this.destinations = destinations;
        this.sourceWeights = sourceWeights == null ? null : sourceWeights.clone();
        this.destWeights = destWeights == null ? null : destWeights.clone();
    }

    @Override
    public int getTopology() throws MPIException {
        st("getTopology");
        return index != null ? MPI.GRAPH : MPI.DIST_GRAPH;
    }

    private void graphOnly(String what) throws MPIException {
        st(what);
        if (index == null) throw new MPIException(ErrorClass.TOPOLOGY, what + ": this is a distributed graph; use getDistGraphNeighbors");
    }

    /** The index and edges arrays. */
    public GraphParms getDims() throws MPIException {
        graphOnly("getDims");
        return new GraphParms(index.clone(), edges.clone());
    }

    /** The neighbours of {@code rank}. */
    public int[] getNeighbors(int rank) throws MPIException {
        graphOnly("getNeighbors");
        ArgumentChecks.rank("getNeighbors", "rank", rank, index.length);
        int from = rank == 0 ? 0 : index[rank - 1];
        return java.util.Arrays.copyOfRange(edges, from, index[rank]);
    }

    /** The caller's in- and out-neighbours (for a graph: its neighbours both ways). */
    public DistGraphNeighbors getDistGraphNeighbors() throws MPIException {
        CommChannel ch = ch("getDistGraphNeighbors");
        if (index != null) {
            int[] n = getNeighbors(ch.rank());
            return new DistGraphNeighbors(n, null, n, null);
        }
        return new DistGraphNeighbors(sources.clone(), sourceWeights, destinations.clone(), destWeights);
    }

    /** The rank the caller would have in the graph (without reordering), or {@code MPI.UNDEFINED}. */
    public int map(int[] index, int[] edges) throws MPIException {
        CommChannel ch = ch("map");
        Topologies.checkGraph("map", index, edges, ch.size());
        return ch.rank() < index.length ? ch.rank() : MPI.UNDEFINED;
    }
}
