package mpi;

/** The caller's in- and out-neighbours in a distributed graph, with weights if given. */
public final class DistGraphNeighbors {
    private final int[] sources, sourceWeights, destinations, destWeights;

    DistGraphNeighbors(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights) {
        this.sources = sources;
        this.sourceWeights = sourceWeights;
        this.destinations = destinations;
        this.destWeights = destWeights;
    }

    /** Number of in-neighbours. */
    public int getInDegree() {
        return sources.length;
    }

    /** Number of out-neighbours. */
    public int getOutDegree() {
        return destinations.length;
    }

    /** Whether weights were given. */
    public boolean isWeighted() {
        return sourceWeights != null || destWeights != null;
    }

    /** In-neighbour {@code i}. */
    public int getSource(int i) {
        return sources[i];
    }

    /** Out-neighbour {@code i}. */
    public int getDestination(int i) {
        return destinations[i];
    }

    /** Weight of in-neighbour {@code i} (1 without weights). */
    public int getSourceWeight(int i) {
        return sourceWeights == null ? 1 : sourceWeights[i];
    }

    /** Weight of out-neighbour {@code i} (1 without weights). */
    public int getDestinationWeight(int i) {
        return destWeights == null ? 1 : destWeights[i];
    }
}
