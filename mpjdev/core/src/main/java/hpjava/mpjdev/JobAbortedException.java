package hpjava.mpjdev;

/** The job is ending (a rank failed or a deadlock was diagnosed); thrown by device calls that were blocked or are made afterwards. */
public class JobAbortedException extends DeviceException {
    private static final long serialVersionUID = 1L;

    public JobAbortedException(String message) {
        super(message);
    }

    public JobAbortedException(String message, Throwable cause) {
        super(message, cause);
    }
}
