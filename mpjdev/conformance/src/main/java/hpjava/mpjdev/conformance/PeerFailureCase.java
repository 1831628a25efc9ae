package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.DeviceException;

/**
 * Peer failure, a launcher-level case run alone (it ends the job): the last rank throws
 * {@link InjectedFailure} as soon as every other rank has told it that it started the case (so the failure cannot
 * end the job before a slow rank has begun: the check needs every survivor's start); every other rank then waits in a blocking receive from it, which must end with a
 * {@link DeviceException} (peer failed, or job aborted) rather than hang or return a message. The job must exit
 * non-zero. Checked by {@link Conformance#assertPeerFailureDetected}.
 */
final class PeerFailureCase implements ConformanceCase {
    /** Text carried by the injected exception, looked for in the job's output. */
    static final String MARKER = "injected failure of the last rank (conformance case peer-failure)";
    private static final int TAG = 300;
    private static final int STARTED_TAG = 301;

    @Override
    public void run(Comm world) {
        int last = world.size() - 1;
        Buffer in = Buffer.allocate(64);
        if (world.id() == last) {
            for (int rank = 0; rank < last; rank++) world.recv(in, rank, STARTED_TAG);
            in.release();
            throw new InjectedFailure(MARKER);
        }
        try {
            in.clear();
            world.send(in, last, STARTED_TAG);
            DeviceException e = Expect.throwsA(DeviceException.class, "a receive from a rank that failed",
                    () -> world.recv(in, last, TAG));
            System.out.println(ResultLine.TRACE_MARKER + "rank=" + world.id() + " observed: " + e);
        } finally {
            if (!in.isLent()) in.release();
        }
    }

    /** The deliberate failure. */
    static final class InjectedFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InjectedFailure(String message) {
            super(message);
        }
    }
}
