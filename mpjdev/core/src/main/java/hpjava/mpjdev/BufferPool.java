package hpjava.mpjdev;

/**
 * A thread-safe pool of {@link Buffer}s in power-of-two size classes (from 4 KiB). {@link #acquire(long)} takes a
 * free buffer of the right class (allocating only when the class is empty) and {@link Buffer#release()} returns it,
 * so a steady state of acquire/use/release allocates nothing. Each class keeps at most {@code maxFreePerClass}
 * free buffers; beyond that, released buffers are freed. {@link #shared()} is a JVM-wide pool (shared by the ranks
 * of an mt job; fine, since it is thread-safe and buffers carry no rank state).
 */
public final class BufferPool {

    static final int MIN_SHIFT = 12;
    private static final int CLASSES = 63 - MIN_SHIFT;
    private static final BufferPool SHARED = new BufferPool(64);

    private final int maxFreePerClass;
    private final Buffer[] free = new Buffer[CLASSES];
    private final int[] freeCount = new int[CLASSES];

    /** A pool keeping up to {@code maxFreePerClass} free buffers in each size class. */
    public BufferPool(int maxFreePerClass) {
        if (maxFreePerClass < 0) throw new IllegalArgumentException("maxFreePerClass < 0");
        this.maxFreePerClass = maxFreePerClass;
    }

    /** The JVM-wide pool. */
    public static BufferPool shared() {
        return SHARED;
    }

    /** A cleared buffer with capacity of at least {@code minCapacity} bytes. Thread-safe; allocation-free when a free buffer of the class exists. */
    public Buffer acquire(long minCapacity) {
        if (minCapacity < 0) throw new IllegalArgumentException("negative capacity " + minCapacity);
        long cap = classCapacity(Math.max(minCapacity, Buffer.HEADER_BYTES + Buffer.SECTION_HEADER_BYTES));
        int k = classIndex(cap);
        Buffer b;
        synchronized (this) {
            b = free[k];
            if (b != null) {
                free[k] = b.nextFree;
                freeCount[k]--;
                b.nextFree = null;
                b.inPool = false;
            }
        }
        if (b == null) return new Buffer(this, cap);
        b.resetForPool();
        return b;
    }

    /** Number of free buffers held (for tests and diagnostics). */
    public synchronized int freeBuffers() {
        int n = 0;
        for (int c : freeCount) n += c;
        return n;
    }

    void giveBack(Buffer b) {
        if (b.inPool) throw new IllegalStateException("buffer released twice");
        int k = classIndex(b.capacity());
        synchronized (this) {
            if (freeCount[k] < maxFreePerClass) {
                b.inPool = true;
                b.nextFree = free[k];
                free[k] = b;
                freeCount[k]++;
                return;
            }
        }
        b.freeMemory();
    }

    /** The capacity of the size class holding {@code bytes}: the next power of two, at least 4 KiB. */
    static long classCapacity(long bytes) {
        if (bytes <= 1L << MIN_SHIFT) return 1L << MIN_SHIFT;
        return Long.highestOneBit(bytes - 1) << 1;
    }

    /** Size class of a capacity; capacities between classes go to the class below (they hold at least that). */
    private static int classIndex(long capacity) {
        int k = 63 - Long.numberOfLeadingZeros(capacity) - MIN_SHIFT;
        return Math.max(0, Math.min(k, CLASSES - 1));
    }
}
