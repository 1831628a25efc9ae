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
        profile.sent(1, 0);
        long t = System.nanoTime();
        try {
            c.barrier();
        } finally {
            profile.waited(System.nanoTime() - t);
        }
    }

    @Override
    public void broadcast(Object array, int offset, int count, int root) {
        if (root == me) profile.sent(1, count * elementBytes(array));
        long t = System.nanoTime();
        try {
            c.broadcast(array, offset, count, root);
        } finally {
            profile.waited(System.nanoTime() - t);
        }
    }

    @Override
    public void allreduce(Object array, int offset, int count, ReduceOp op) {
        profile.sent(1, count * elementBytes(array));
        long t = System.nanoTime();
        try {
            c.allreduce(array, offset, count, op);
        } finally {
            profile.waited(System.nanoTime() - t);
        }
    }

    @Override
    public boolean allreduceChecked(Object array, int offset, int count, ReduceOp op, long sig, long seq) {
        profile.sent(1, count * elementBytes(array));
        long t = System.nanoTime();
        try {
            return c.allreduceChecked(array, offset, count, op, sig, seq);
        } finally {
            profile.waited(System.nanoTime() - t);
        }
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
