package hpjava.mpjdev;

/**
 * Element-wise combination for {@link NativeCollectives#allreduce}. Integral types combine with Java's wrapping
 * arithmetic, floating types with IEEE arithmetic; {@code MIN}/{@code MAX} follow {@link Math#min}/{@link Math#max}
 * (NaN wins, -0.0 &lt; 0.0). Bitwise operations apply to integral types and to {@code boolean} (where BAND = and,
 * BOR = or, BXOR = exclusive or); SUM and PROD are not defined for {@code boolean}.
 */
public enum ReduceOp {
    SUM, PROD, MIN, MAX, BAND, BOR, BXOR;

    /**
     * Checks that this operation is defined for elements of type {@code t}; every backend's {@code allreduce} calls it
     * first, so all refuse the same calls with the same message.
     *
     * @throws IllegalArgumentException for objects, a bitwise operation on floating types, or SUM/PROD on boolean
     */
    public void checkDefinedFor(SectionType t) {
        if (t == SectionType.OBJECT) throw new IllegalArgumentException("allreduce: objects cannot be reduced");
        boolean floating = t == SectionType.FLOAT || t == SectionType.DOUBLE;
        if (floating && isBitwise()) throw new IllegalArgumentException("allreduce: " + this + " is not defined for " + t + " arrays");
        if (t == SectionType.BOOLEAN && (this == SUM || this == PROD))
            throw new IllegalArgumentException("allreduce: " + this + " is not defined for boolean arrays (use BAND, BOR, BXOR)");
    }

    private boolean isBitwise() {
        return this == BAND || this == BOR || this == BXOR;
    }

    /**
     * {@code x op y} for integral and boolean (0/1) elements widened to {@code long}: narrowing the result back gives
     * Java's wrapping arithmetic of the element type exactly. The one scalar kernel of every backend.
     */
    public long apply(long x, long y) {
        return switch (this) {
            case SUM -> x + y;
            case PROD -> x * y;
            case MIN -> Math.min(x, y);
            case MAX -> Math.max(x, y);
            case BAND -> x & y;
            case BOR -> x | y;
            case BXOR -> x ^ y;
        };
    }

    /**
     * {@code x op y} for floating elements widened to {@code double}: a float sum, product, min or max computed in
     * double and rounded once to float equals the float operation (double carries more than twice float's precision).
     *
     * @throws IllegalArgumentException for a bitwise operation (see {@link #checkDefinedFor})
     */
    public double apply(double x, double y) {
        return switch (this) {
            case SUM -> x + y;
            case PROD -> x * y;
            case MIN -> Math.min(x, y);
            case MAX -> Math.max(x, y);
            case BAND, BOR, BXOR -> throw new IllegalArgumentException(this + " is not defined for floating point");
        };
    }
}
