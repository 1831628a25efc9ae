    /** Sum of products of corresponding elements of two identically distributed arrays, in {@code @ACC@} arithmetic. */
    public static @ACC@ dotProduct(@A@Multiarray a, @B@Multiarray b) {
        return DotProduct.cached(a, b).run@ACC@(a, b);
    }

