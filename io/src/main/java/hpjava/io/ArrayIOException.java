package hpjava.io;

/**
 * A collective I/O operation failed: a bad or unreadable file, a shape or element type that does not match, an
 * unsupported array. Thrown on every process of the active process group with the same message (the first failure in
 * APG member order), so that no process hangs waiting for another and none proceeds with a half-done operation.
 */
public class ArrayIOException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ArrayIOException(String message) { super(message); }
}
