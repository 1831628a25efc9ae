package hpjava.mpi.spi;

/** The four send modes of MPI point-to-point communication. */
public enum SendMode {
    /** May complete before a matching receive is posted (buffered by the implementation) or only after. */
    STANDARD,
    /** Completes only after a matching receive has started to receive the message. */
    SYNCHRONOUS,
    /**
     * Completes locally, whether or not a receive is posted, using the buffer the user attached
     * ({@link MpiEngine#attachBuffer}); the API has checked that the attached buffer has room.
     */
    BUFFERED,
    /** The user promises a matching receive is already posted; an implementation may treat it as standard. */
    READY
}
