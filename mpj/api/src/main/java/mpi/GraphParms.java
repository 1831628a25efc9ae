package mpi;

/** A graph topology's index and edges arrays (Open MPI accessors, mpiJava fields). */
public class GraphParms {
    /** mpiJava: cumulative neighbour counts. */
    public int[] index;
    /** mpiJava: the neighbours, node by node. */
    public int[] edges;

    GraphParms(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }

    /** Number of nodes. */
    public int getIndexCount() {
        return index.length;
    }

    /** {@code index[i]}. */
    public int getIndex(int i) {
        return index[i];
    }

    /** Number of edges. */
    public int getEdgeCount() {
        return edges.length;
    }

    /** {@code edges[i]}. */
    public int getEdge(int i) {
        return edges[i];
    }
}
