    // ---------------------------------------------------------------- @ELEM@ reductions (generated from AdlibNumeric.frag)

    /** Sum of the elements ({@code @ELEM@} arithmetic, fixed order: see {@code Reducer}). */
    public static @ELEM@ sum(@NAME@Multiarray a) {
        return ((@ELEM@[]) Reduction.cached(Reduction.Op.SUM, a, null).run(a, null))[0];
    }

    /** Sum of the elements where {@code mask} is true. */
    public static @ELEM@ sum(@NAME@Multiarray a, BooleanMultiarray mask) {
        return ((@ELEM@[]) Reduction.cached(Reduction.Op.SUM, a, mask).run(a, mask))[0];
    }

    /** Product of the elements. */
    public static @ELEM@ product(@NAME@Multiarray a) {
        return ((@ELEM@[]) Reduction.cached(Reduction.Op.PRODUCT, a, null).run(a, null))[0];
    }

    /** Product of the elements where {@code mask} is true. */
    public static @ELEM@ product(@NAME@Multiarray a, BooleanMultiarray mask) {
        return ((@ELEM@[]) Reduction.cached(Reduction.Op.PRODUCT, a, mask).run(a, mask))[0];
    }

    /** Greatest element (as {@link Math#max}: NaN wins); {@code @LOWEST@} for an empty array. */
    public static @ELEM@ maxval(@NAME@Multiarray a) {
        return ((@ELEM@[]) Reduction.cached(Reduction.Op.MAXVAL, a, null).run(a, null))[0];
    }

    /** Greatest element where {@code mask} is true. */
    public static @ELEM@ maxval(@NAME@Multiarray a, BooleanMultiarray mask) {
        return ((@ELEM@[]) Reduction.cached(Reduction.Op.MAXVAL, a, mask).run(a, mask))[0];
    }

    /** Least element (as {@link Math#min}); {@code @HIGHEST@} for an empty array. */
    public static @ELEM@ minval(@NAME@Multiarray a) {
        return ((@ELEM@[]) Reduction.cached(Reduction.Op.MINVAL, a, null).run(a, null))[0];
    }

    /** Least element where {@code mask} is true. */
    public static @ELEM@ minval(@NAME@Multiarray a, BooleanMultiarray mask) {
        return ((@ELEM@[]) Reduction.cached(Reduction.Op.MINVAL, a, mask).run(a, mask))[0];
    }

    /** Greatest element; {@code loc} (length = rank) receives its global subscripts, the first in row-major order on ties. */
    public static @ELEM@ maxloc(int[] loc, @NAME@Multiarray a) {
        return locate(true, loc, a, null);
    }

    /** Greatest element where {@code mask} is true, and its subscripts (-1s if none). */
    public static @ELEM@ maxloc(int[] loc, @NAME@Multiarray a, BooleanMultiarray mask) {
        return locate(true, loc, a, mask);
    }

    /** Least element and its subscripts. */
    public static @ELEM@ minloc(int[] loc, @NAME@Multiarray a) {
        return locate(false, loc, a, null);
    }

    /** Least element where {@code mask} is true, and its subscripts (-1s if none). */
    public static @ELEM@ minloc(int[] loc, @NAME@Multiarray a, BooleanMultiarray mask) {
        return locate(false, loc, a, mask);
    }

    private static @ELEM@ locate(boolean max, int[] loc, @NAME@Multiarray a, BooleanMultiarray mask) {
        Locate l = Locate.cached(max, a, mask);
        l.checkLoc(loc);
        @ELEM@ v = ((@ELEM@[]) l.run(a, mask))[0];
        l.locationInto(loc);
        return v;
    }

    /** {@code res = } the sums of {@code src} along dimension {@code dim} (res aligned with src without dim). */
    public static void sumDim(@NAME@Multiarray res, @NAME@Multiarray src, int dim) {
        DimReduction.cached(Reduction.Op.SUM, res, src, dim).run(res, src);
    }

    /** {@code res = } the products of {@code src} along dimension {@code dim}. */
    public static void productDim(@NAME@Multiarray res, @NAME@Multiarray src, int dim) {
        DimReduction.cached(Reduction.Op.PRODUCT, res, src, dim).run(res, src);
    }

    /** {@code res = } the greatest elements of {@code src} along dimension {@code dim}. */
    public static void maxvalDim(@NAME@Multiarray res, @NAME@Multiarray src, int dim) {
        DimReduction.cached(Reduction.Op.MAXVAL, res, src, dim).run(res, src);
    }

    /** {@code res = } the least elements of {@code src} along dimension {@code dim}. */
    public static void minvalDim(@NAME@Multiarray res, @NAME@Multiarray src, int dim) {
        DimReduction.cached(Reduction.Op.MINVAL, res, src, dim).run(res, src);
    }

