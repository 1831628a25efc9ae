package hpjava.mpjdev.profile;

import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.ReduceOp;

/**
 * Native collectives counted into a {@link ProfileRecorder}: each call is one message of this rank's contribution
 * ({@code count} elements; none for a barrier, the data for a broadcast's root only), and the whole call is waiting.
 */
final class ProfiledCollectives implements NativeCollectives {
    private final NativeCollectives c;
    private final ProfileRecorder profile;
    private final int me;

    /** For the rank of id {@code me} in the communicator of {@code c}. */
    ProfiledCollectives(NativeCollectives c, ProfileRecorder profile, int me) {
        this.c = c;
        this.profile = profile;
        this.me = me;
    }

    @Override
    public void barrier() {
        long t = start(1, 0);
        try {
            c.barrier();
        } finally {
            end(t);
        }
    }

    @Override
    public void broadcast(Object array, int offset, int count, int root) {
        long t = start(root == me ? 1 : 0, root == me ? count * elementBytes(array) : 0);
        try {
            c.broadcast(array, offset, count, root);
        } finally {
            end(t);
        }
    }

    @Override
    public void allreduce(Object array, int offset, int count, ReduceOp op) {
        long t = start(1, count * elementBytes(array));
        try {
            c.allreduce(array, offset, count, op);
        } finally {
            end(t);
        }
    }

    @Override
    public boolean allreduceChecked(Object array, int offset, int count, ReduceOp op, long sig, long seq) {
        long t = start(1, count * elementBytes(array));
        try {
            return c.allreduceChecked(array, offset, count, op, sig, seq);
        } finally {
            end(t);
        }
    }

    /** Counts what the call sends; returns the start of its wait. */
    private long start(int messages, long bytes) {
        profile.sent(messages, bytes);
        return System.nanoTime();
    }

    private void end(long start) {
        profile.waited(System.nanoTime() - start);
    }

    /** Bytes of one element of a primitive array. */
    static long elementBytes(Object array) {
        return switch (array) {
            case long[] x -> 8;
            case double[] x -> 8;
            case int[] x -> 4;
            case float[] x -> 4;
            case short[] x -> 2;
            case char[] x -> 2;
            default -> 1;
        };
    }
}
