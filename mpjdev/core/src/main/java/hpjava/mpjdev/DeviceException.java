package hpjava.mpjdev;

/** Base class of the unchecked exceptions thrown by the device layer. */
public class DeviceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DeviceException(String message) {
        super(message);
    }

    public DeviceException(String message, Throwable cause) {
        super(message, cause);
    }
}
