package hpjava.junit;

/** The rank a test body runs as: handed to {@link RankBody}, {@link RankFunction} and {@link HpjavaTest} methods. */
public final class HpjavaRank {
    private final int rank;
    private final int np;
    private final String backend;

    HpjavaRank(int rank, int np, String backend) {
        this.rank = rank;
        this.np = np;
        this.backend = backend;
    }

    /** This rank's number, {@code 0 <= rank() < np()}. */
    public int rank() {
        return rank;
    }

    /** Number of ranks of the job. */
    public int np() {
        return np;
    }

    /** The mpjdev backend the job runs on ({@code mt}, {@code mpi}, {@code ucx}). */
    public String backend() {
        return backend;
    }

    @Override
    public String toString() {
        return "rank " + rank + " of " + np + " (" + backend + ")";
    }
}
