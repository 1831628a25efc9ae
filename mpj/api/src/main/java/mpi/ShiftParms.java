package mpi;

/** The source and destination of a Cartesian shift ({@code MPI.PROC_NULL} off a non-periodic edge). */
public class ShiftParms {
    /** mpiJava: the rank to receive from. */
    public int rank_source;
    /** mpiJava: the rank to send to. */
    public int rank_dest;

    ShiftParms(int source, int dest) {
        this.rank_source = source;
        this.rank_dest = dest;
    }

    /** The rank to receive from. */
    public int getRankSource() {
        return rank_source;
    }

    /** The rank to send to. */
    public int getRankDest() {
        return rank_dest;
    }
}
