package mpi;

/** A count that may exceed an int ({@code MPI_Count}). */
public final class Count implements Comparable<Count> {
    private final long count;

    /** A count of {@code count}. */
    public Count(long count) {
        this.count = count;
    }

    /** The value. */
    public long getCount() {
        return count;
    }

    @Override
    public int compareTo(Count o) {
        return Long.compare(count, o.count);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Count c && c.count == count;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(count);
    }

    @Override
    public String toString() {
        return Long.toString(count);
    }
}
