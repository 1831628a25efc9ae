package mpi;

/** mpiJava 1.2's name for a graph communicator, with its method names; every {@link GraphComm} is one. */
public class Graphcomm extends GraphComm {

    Graphcomm(CommState state, int[] index, int[] edges) {
        super(state, index, edges);
    }

    Graphcomm(CommState state, int[] sources, int[] destinations, int[] sourceWeights, int[] destWeights) {
        super(state, sources, destinations, sourceWeights, destWeights);
    }

    /** mpiJava: {@link #getDims()}. */
    public GraphParms Get() throws MPIException {
        return getDims();
    }

    /** mpiJava: {@link #getNeighbors(int)}. */
    public int[] Neighbours(int rank) throws MPIException {
        return getNeighbors(rank);
    }

    /** mpiJava: {@link #map(int[], int[])}. */
    public int Map(int[] index, int[] edges) throws MPIException {
        return map(index, edges);
    }
}
