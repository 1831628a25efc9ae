package hpjava.mpjdev;

/**
 * The outcome of a completed send or receive. A status belongs to the {@link Buffer} it describes
 * ({@link Buffer#status()}) and is overwritten when that buffer takes part in another operation: copy out what must
 * outlive that. This is what makes completion allocation-free.
 */
public final class Status {
    int source = -1;
    int tag = -1;
    int index = -1;
    long byteCount;
    long elementCount;
    int sectionCount;

    Status() {
    }

    /** For a receive: the id of the sending rank in the communicator. For a send: the caller's own id. */
    public int source() {
        return source;
    }

    /** The message tag. */
    public int tag() {
        return tag;
    }

    /** The index of this request in the array given to {@link Request#iwaitany}, else {@code -1}. */
    public int index() {
        return index;
    }

    /** Length of the message in bytes, headers included (the wire size, {@link Buffer#length()}). */
    public long byteCount() {
        return byteCount;
    }

    /** Total number of elements over all sections (primitive elements and objects). */
    public long elementCount() {
        return elementCount;
    }

    /** Number of sections in the message. */
    public int sectionCount() {
        return sectionCount;
    }

    void set(int source, int tag, long byteCount, long elementCount, int sectionCount) {
        this.source = source;
        this.tag = tag;
        this.index = -1;
        this.byteCount = byteCount;
        this.elementCount = elementCount;
        this.sectionCount = sectionCount;
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", index=" + index + ", bytes=" + byteCount
                + ", elements=" + elementCount + ", sections=" + sectionCount + "]";
    }
}
