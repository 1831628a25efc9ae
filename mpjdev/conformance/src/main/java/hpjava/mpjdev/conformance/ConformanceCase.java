package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Comm;

/**
 * One conformance case: SPMD code run by every rank of the job with the world communicator. A case checks its own
 * rank's results; returning normally means PASS on this rank, any exception means FAIL. A case leaves no message
 * unreceived and no request unwaited, so cases can follow each other on the same communicator.
 */
@FunctionalInterface
public interface ConformanceCase {
    void run(Comm world) throws Exception;
}
