package hpjava.mpjdev;

/** A device call waited for a rank that has finished or failed; the operation can never complete. */
public class PeerFailedException extends DeviceException {
    private static final long serialVersionUID = 1L;

    public PeerFailedException(String message) {
        super(message);
    }

    public PeerFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
