package hpjava.mpjdev.mt;

/**
 * How many ranks an mt job can hold: each rank costs heap whatever the program does (its class loader and its
 * copies of the program's classes, its thread's stack when virtual, the device's and Adlib's per-rank state), so a
 * job that cannot fit is refused before any rank starts, with the memory it would need, instead of grinding to an
 * {@link OutOfMemoryError} (an {@code --np 100000} job once ran for minutes up to 6.6 GB before failing).
 */
final class MtCapacity {
    /**
     * Heap per rank of a small program, whatever the job's size (Jacobi with writeHalo and reductions, 4x4 points a
     * rank, on virtual threads: class loader and classes, stack, device and Adlib state, process groups). Measured as
     * the live heap of whole jobs: 130 MB at 4096 ranks, 420 MB at 16384 (about 24 KiB a rank, flat; the process
     * groups hold no tables of N ints since the runtime computes members from the grid shape), plus a third for
     * headroom (docs/benchmarks/HISTORY.md, "mt at scale"). Platform threads cost the same heap plus a kernel thread and its
     * stack.
     */
    static final long BYTES_PER_RANK = 32 * 1024;
    /** Heap kept for the JVM and the program's data beyond the per-rank cost. */
    static final long RESERVE_BYTES = 64L << 20;

    private MtCapacity() {
    }

    /**
     * @throws IllegalArgumentException if {@code np} ranks cannot fit in {@code maxHeap} bytes, naming the limit, the
     *                                  memory it would need and how to give it
     */
    static void check(int np, long maxHeap) {
        long need = need(np);
        if (need <= maxHeap) return;
        int fits = 0;
        for (int step = 1 << 30; step > 0; step >>= 1)
            if (fits + step < np && need(fits + step) <= maxHeap) fits += step;
        throw new IllegalArgumentException("mt: " + np + " ranks need about " + mib(need) + " of heap (" + BYTES_PER_RANK / 1024
                + " KiB a rank), but this JVM may use at most " + mib(maxHeap) + ", enough for about " + fits
                + " ranks; give the job more heap (hpjava run --jvm-arg=-Xmx" + gib(need) + "g) or use fewer ranks");
    }

    /** The heap a job of {@code np} ranks needs, in bytes (may exceed any JVM's: saturates rather than overflows). */
    static long need(long np) {
        double bytes = RESERVE_BYTES + (double) np * BYTES_PER_RANK;
        return bytes >= Long.MAX_VALUE / 2 ? Long.MAX_VALUE / 2 : (long) bytes;
    }

    private static String mib(long bytes) {
        return bytes >= 10L << 30 ? (bytes >> 30) + " GiB" : (bytes >> 20) + " MiB";
    }

    private static long gib(long bytes) {
        return (bytes + (1L << 30) - 1) >> 30;
    }
}
