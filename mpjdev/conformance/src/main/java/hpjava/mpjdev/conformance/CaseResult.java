package hpjava.mpjdev.conformance;

/**
 * One result line of the conformance driver: what one rank reported for one case.
 *
 * @param rank     the reporting rank (its id in the world communicator)
 * @param np       the number of ranks of the run, as that rank saw it
 * @param caseName the case's name (see {@link ConformanceCases#names()})
 * @param status   {@link Status#START} when the rank began the case, then {@link Status#PASS} or {@link Status#FAIL}
 * @param micros   wall time the rank spent in the case (0 for START)
 * @param message  for FAIL, the exception's class and message (one line); otherwise empty
 */
public record CaseResult(int rank, int np, String caseName, Status status, long micros, String message) {

    /** What a rank reported for a case. */
    public enum Status { START, PASS, FAIL }
}
