package hpjava.mpjdev;

/** Thrown in every rank when the device diagnosed a deadlock (every live rank blocked, nothing in flight); the report names each rank's pending operation. */
public class DeadlockException extends JobAbortedException {
    private static final long serialVersionUID = 1L;

    public DeadlockException(String message) {
        super(message);
    }

    public DeadlockException(String message, Throwable cause) {
        super(message, cause);
    }
}
