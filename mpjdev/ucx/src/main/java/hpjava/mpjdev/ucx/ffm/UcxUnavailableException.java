package hpjava.mpjdev.ucx.ffm;

/** UCX cannot be used in this process: libucp.so.0 is missing, or is a release the bindings were not built for. */
public final class UcxUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UcxUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
