package hpjava.mpi.spi;

/**
 * A reduction operation as the API hands it to implementations: a predefined one ({@link #predefined()} non-null),
 * or a user function ({@link #user()} non-null). The API has checked that a predefined operation applies to the
 * datatype's basic type (arithmetic to numbers and chars, logical to booleans, bitwise to integers and bytes).
 *
 * @param predefined the predefined operation, or {@code null} for a user function
 * @param user the user function, or {@code null} for a predefined operation
 * @param commutative whether operands may be combined in any order (always true for predefined operations but
 *        {@link PredefinedOp#REPLACE}); a non-commutative reduction combines in rank order
 */
public record Reduction(PredefinedOp predefined, UserReduction user, boolean commutative) {

    /** The predefined reduction operations. MINLOC/MAXLOC apply to the pair datatypes ({@code MPI.INT2}, ...). */
    public enum PredefinedOp {
        MAX, MIN, SUM, PROD, LAND, BAND, LOR, BOR, LXOR, BXOR, MINLOC, MAXLOC, REPLACE, NO_OP
    }

    /**
     * A user-defined combining function ({@code mpi.UserFunction} wrapped with its datatype): combines {@code in}
     * into {@code inOut}, element-wise over {@code count} items. Implementations call one of the two forms: the array
     * form with arrays of the datatype's basic type holding {@code count} items from index 0 (the portable
     * implementation), or the buffer form with direct byte buffers in native order (a native implementation).
     */
    public interface UserReduction {
        /** {@code inOut[i] = in[i] op inOut[i]} over {@code count} items held in Java arrays from index 0. */
        void combineArrays(Object in, Object inOut, int count) throws mpi.MPIException;

        /** The same over direct byte buffers in native order, positioned at 0. */
        void combineBuffers(java.nio.ByteBuffer in, java.nio.ByteBuffer inOut, int count) throws mpi.MPIException;
    }
}
