package mpi;

/**
 * An MPI error: its error class ({@link #getErrorClass()}, one of {@code MPI.ERR_*}) and a message naming the call
 * and the argument at fault. Thrown by every call of this package instead of invoking an error handler that aborts
 * ({@code MPI.ERRORS_RETURN} behaviour, as in Open MPI's Java binding).
 */
public final class MPIException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int errorCode;
    private final int errorClass;

    /** An error of class {@code errorClass} (one of {@code MPI.ERR_*}), its code equal to its class. */
    public MPIException(int errorClass, String message) {
        this(errorClass, errorClass, message);
    }

    /** An error with a code and the class it belongs to. */
    public MPIException(int errorCode, int errorClass, String message) {
        super(message);
        this.errorCode = errorCode;
        this.errorClass = errorClass;
    }

    /** An error of class {@code MPI.ERR_OTHER}. */
    public MPIException(String message) {
        this(ErrorClass.OTHER, message);
    }

    /** An error of class {@code MPI.ERR_OTHER} caused by {@code cause}. */
    public MPIException(Throwable cause) {
        super(cause.getMessage() == null ? cause.toString() : cause.getMessage(), cause);
        this.errorCode = ErrorClass.OTHER;
        this.errorClass = ErrorClass.OTHER;
    }

    /** An error of class {@code errorClass} caused by {@code cause}. */
    public MPIException(int errorClass, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = errorClass;
        this.errorClass = errorClass;
    }

    /** The error code ({@code MPI_Error_class} of it is {@link #getErrorClass()}). */
    public int getErrorCode() {
        return errorCode;
    }

    /** The MPI error class, one of {@code MPI.ERR_*}. */
    public int getErrorClass() {
        return errorClass;
    }

    @Override
    public String getMessage() {
        return super.getMessage() + " [" + ErrorClass.name(errorClass) + "]";
    }
}
