package mpi;

import java.nio.ByteBuffer;

/**
 * A user-defined reduction ({@code new Op(function, commute)}): override the form your program uses. The array form
 * receives arrays of the datatype's base type holding {@code count} items from index 0 (the portable implementation
 * calls it; a native one may too, copying); the buffer form receives direct byte buffers in native order. Combine
 * {@code inVec} into {@code inOutVec}: {@code inOutVec[i] = inVec[i] op inOutVec[i]}.
 */
public abstract class UserFunction {

    /** Combines arrays. The default refuses ({@code ERR_OP}): override it or the buffer form. */
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) throws MPIException {
        throw new MPIException(ErrorClass.OP, getClass().getName() + " does not override UserFunction.call(Object, Object, int, Datatype)");
    }

    /** Combines direct byte buffers. The default refuses ({@code ERR_OP}). */
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) throws MPIException {
        throw new MPIException(ErrorClass.OP, getClass().getName() + " does not override UserFunction.call(ByteBuffer, ByteBuffer, int, Datatype)");
    }
}
