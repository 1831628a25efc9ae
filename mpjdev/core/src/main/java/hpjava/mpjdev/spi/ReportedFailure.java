package hpjava.mpjdev.spi;

/**
 * A rank's failure that its caller reports in full elsewhere: thrown from a rank's main by a harness that runs code on
 * the ranks and shows their exceptions itself (the junit module: as the test's failure, with the trace). The backends
 * then report it in one line, {@code mpjdev: rank R failed: DESCRIPTION (WHERE)} ({@link ProgramRunner#failureReport}),
 * and abort the job as for any failure, so that the user sees the trace once. {@link #toString()} is the description
 * (the original exception's), which is what the other ranks' abort messages quote.
 */
public final class ReportedFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String where;

    /**
     * {@code description}: the original exception ({@code toString()}); {@code where}: where its full report is, e.g.
     * "its stack trace is in the test's failure".
     */
    public ReportedFailure(String description, String where) {
        super(description, null, false, false);
        this.where = where;
    }

    /** Where the full report is. */
    public String where() {
        return where;
    }

    @Override
    public String toString() {
        return getMessage();
    }
}
