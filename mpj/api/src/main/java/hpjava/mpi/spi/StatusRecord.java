package hpjava.mpi.spi;

/**
 * What an implementation reports about a completed receive, probe or send: {@code MPI_Status}'s fields. Mutable and
 * owned by the caller, who passes it in to be filled; implementations set every field on completion.
 */
public final class StatusRecord {
    /** The sender's rank in the communicator (for sends: the caller's own rank). */
    public int source;
    /** The message tag. */
    public int tag;
    /** {@code MPI.SUCCESS} or the error class of this operation (set by wait/test All/Some on failure). */
    public int error;
    /** Whether the operation was cancelled ({@link RequestHandle#cancel()}) instead of completing. */
    public boolean cancelled;
    /** Size of the message's data in packed bytes ({@link BasicType#byteSize()} per element; 1 per object). */
    public long bytes;

    /** Sets every field. */
    public StatusRecord set(int source, int tag, int error, boolean cancelled, long bytes) {
        this.source = source;
        this.tag = tag;
        this.error = error;
        this.cancelled = cancelled;
        this.bytes = bytes;
        return this;
    }

    /** Copies every field of {@code other}. */
    public StatusRecord copyFrom(StatusRecord other) {
        return set(other.source, other.tag, other.error, other.cancelled, other.bytes);
    }

    @Override
    public String toString() {
        return "StatusRecord[source=" + source + ", tag=" + tag + ", error=" + error + ", cancelled=" + cancelled
                + ", bytes=" + bytes + "]";
    }
}
