package hpjava.mpjdev.conformance;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.DeviceException;

/**
 * Peer failure, a launcher-level case run alone (it ends the job): the last rank throws
 * {@link InjectedFailure} at once; every other rank then waits in a blocking receive from it, which must end with a
 * {@link DeviceException} (peer failed, or job aborted) rather than hang or return a message. The job must exit
 * non-zero. Checked by {@link Conformance#assertPeerFailureDetected}.
 */
final class PeerFailureCase implements ConformanceCase {
    /** Text carried by the injected exception, looked for in the job's output. */
    static final String MARKER = "injected failure of the last rank (conformance case peer-failure)";
    private static final int TAG = 300;

    @Override
    public void run(Comm world) {
        int last = world.size() - 1;
        if (world.id() == last) throw new InjectedFailure(MARKER);
        Buffer in = Buffer.allocate(64);
        try {
            DeviceException e = Check.throwsA(DeviceException.class, "a receive from a rank that failed",
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
