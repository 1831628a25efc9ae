package hpjava.mpjdev.ucx.ffm;

/** A UCX call returned an error status; the message names the call and UCX's text for the status. */
public final class UcxException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;

    public UcxException(String call, int status) {
        super(call + " failed: " + Ucp.statusString(status) + " (ucs_status_t " + status + ")");
        this.status = status;
    }

    /** The {@code ucs_status_t} value (negative for errors). */
    public int status() {
        return status;
    }
}
