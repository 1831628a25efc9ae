package mpi;

/** mpiJava 1.2's user reduction: {@code Call} combines {@code count} items at the given offsets. */
public abstract class User_function {

    /** Combines {@code invec[inoffset..]} into {@code inoutvec[inoutoffset..]} over {@code count} items. */
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype)
            throws MPIException;
}
