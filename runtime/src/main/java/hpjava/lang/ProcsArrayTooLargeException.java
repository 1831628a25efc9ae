package hpjava.lang;

/** A process grid asked for more processes than its parent group (the APG) has. */
public class ProcsArrayTooLargeException extends RuntimeException {
    private final long needed;
    private final int available;

    public ProcsArrayTooLargeException(String grid, long needed, int available) {
        super(grid + " needs " + needed + " processes but the active process group has only " + available);
        this.needed = needed;
        this.available = available;
    }

    /** Processes the grid needs. */
    public long needed() { return needed; }

    /** Processes the parent group has. */
    public int available() { return available; }
}
