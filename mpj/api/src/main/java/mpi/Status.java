package mpi;

import hpjava.mpi.spi.StatusRecord;
import hpjava.mpi.spi.TypeLayout;

/**
 * The outcome of a receive, probe or completed request. Open MPI's accessors ({@link #getSource()},
 * {@link #getCount(Datatype)}) and mpiJava 1.2's public fields ({@link #source}, {@link #tag}, {@link #index}) and
 * methods ({@link #Get_count(Datatype)}) both work.
 */
public final class Status {

    /** mpiJava: the sender's rank ({@link #getSource()}). */
    public int source;
    /** mpiJava: the message tag ({@link #getTag()}). */
    public int tag;
    /** mpiJava: the index of the request in the array given to {@code Waitany}/{@code Testany}, else -1. */
    public int index = -1;

    private int error;
    private boolean cancelled;
    private long bytes;

    Status(StatusRecord r, int index) {
        this.source = r.source;
        this.tag = r.tag;
        this.error = r.error;
        this.cancelled = r.cancelled;
        this.bytes = r.bytes;
        this.index = index;
    }

    /** The status of an operation with {@code MPI.PROC_NULL}, or of a null request: source PROC_NULL/ANY_SOURCE, no data. */
    static Status empty(int source) {
        return new Status(new StatusRecord().set(source, MPI.ANY_TAG, MPI.SUCCESS, false, 0), -1);
    }

    /** Number of items of {@code datatype} received, or {@code MPI.UNDEFINED} if the data is not a whole number of them. */
    public int getCount(Datatype datatype) throws MPIException {
        TypeLayout t = ArgumentChecks.type("getCount", datatype).layoutForConstruction("getCount");
        if (t.packedBytes() == 0) return bytes == 0 ? 0 : MPI.UNDEFINED;
        return bytes % t.packedBytes() == 0 ? (int) (bytes / t.packedBytes()) : MPI.UNDEFINED;
    }

    /** Number of basic elements received (items may be partial), or {@code MPI.UNDEFINED}. */
    public int getElements(Datatype datatype) throws MPIException {
        TypeLayout t = ArgumentChecks.type("getElements", datatype).layoutForConstruction("getElements");
        if (t.packedBytes() == 0) return bytes == 0 ? 0 : MPI.UNDEFINED;
        long whole = bytes / t.packedBytes();
        long rest = bytes % t.packedBytes();
        long elements = whole * t.elementCount();
        for (int b = 0; b < t.blockCount() && rest > 0; b++) {
            int size = t.blockType(b).byteSize();
            long take = Math.min(t.blockLength(b), rest / size);
            elements += take;
            rest -= take * size;
            if (take < t.blockLength(b)) break;
        }
        return rest == 0 ? (int) elements : MPI.UNDEFINED;
    }

    /** {@link #getElements} as a {@link Count}. */
    public Count getElementsX(Datatype datatype) throws MPIException {
        return new Count(getElements(datatype));
    }

    /** Sets the count as if {@code count} basic elements of {@code datatype} had been received. */
    public void setElements(Datatype datatype, int count) throws MPIException {
        TypeLayout t = ArgumentChecks.type("setElements", datatype).layoutForConstruction("setElements");
        ArgumentChecks.nonNegative("setElements", "count", count);
        bytes = (long) count * (t.elementCount() == 0 ? 0 : t.packedBytes() / t.elementCount());
    }

    /** Whether the request was cancelled. */
    public boolean isCancelled() throws MPIException {
        return cancelled;
    }

    /** Marks the status cancelled or not. */
    public void setCancelled(boolean flag) throws MPIException {
        cancelled = flag;
    }

    /** The sender's rank (for a send: the caller's). */
    public int getSource() {
        return source;
    }

    /** The message tag. */
    public int getTag() {
        return tag;
    }

    /** {@code MPI.SUCCESS} or the error class of this request (after {@code waitAll}/{@code testAll} failed). */
    public int getError() {
        return error;
    }

    /** The index of the request in {@code waitAny}/{@code testAny}'s array, else -1. */
    public int getIndex() {
        return index;
    }

    /** mpiJava: {@link #getCount(Datatype)}. */
    public int Get_count(Datatype datatype) throws MPIException {
        return getCount(datatype);
    }

    /** mpiJava: {@link #getElements(Datatype)}. */
    public int Get_elements(Datatype datatype) throws MPIException {
        return getElements(datatype);
    }

    /** mpiJava: {@link #isCancelled()}. */
    public boolean Test_cancelled() throws MPIException {
        return isCancelled();
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", bytes=" + bytes + (cancelled ? ", cancelled" : "")
                + (error != 0 ? ", error=" + ErrorClass.name(error) : "") + (index >= 0 ? ", index=" + index : "") + "]";
    }
}
