package hpjava.mpjdev;

/**
 * Element-wise combination for {@link NativeCollectives#allreduce}. Integral types combine with Java's wrapping
 * arithmetic, floating types with IEEE arithmetic; {@code MIN}/{@code MAX} follow {@link Math#min}/{@link Math#max}
 * (NaN wins, -0.0 &lt; 0.0). Bitwise operations apply to integral types and to {@code boolean} (where BAND = and,
 * BOR = or, BXOR = exclusive or); SUM and PROD are not defined for {@code boolean}.
 */
public enum ReduceOp {
    SUM, PROD, MIN, MAX, BAND, BOR, BXOR
}
