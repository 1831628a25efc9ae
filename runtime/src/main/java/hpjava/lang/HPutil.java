package hpjava.lang;

/** Utilities on distributed arrays that need no communication. */
public final class HPutil {
    private HPutil() {}

    /**
     * {@code dst = src} elementwise for identically distributed arrays of the same element type
     * ({@link Multiarray#sameDistribution}); each process copies the elements it holds (not ghost cells).
     *
     * @throws IllegalArgumentException if the element types or the distributions differ
     */
    public static void copy(Multiarray dst, Multiarray src) {
        if (dst == null) throw new IllegalArgumentException("HPutil.copy: destination array is null");
        dst.copyFrom(src);
    }
}
