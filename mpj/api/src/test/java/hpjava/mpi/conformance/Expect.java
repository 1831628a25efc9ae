package hpjava.mpi.conformance;

import mpi.MPI;
import mpi.MPIException;

/** Assertions of the conformance programs: a failure throws, which ends the rank and fails the job with the message. */
final class Expect {

    private Expect() {
    }

    /** An MPI call for {@link #error}. */
    interface Call {
        void run() throws MPIException;
    }

    static void that(boolean ok, String what) throws MPIException {
        if (!ok) throw new AssertionError("rank " + MPI.COMM_WORLD.getRank() + ": " + what);
    }

    static void equal(long expected, long actual, String what) throws MPIException {
        that(expected == actual, what + ": expected " + expected + ", got " + actual);
    }

    static void equal(double expected, double actual, String what) throws MPIException {
        that(expected == actual, what + ": expected " + expected + ", got " + actual);
    }

    static void equal(Object expected, Object actual, String what) throws MPIException {
        that(java.util.Objects.deepEquals(expected, actual), what + ": expected " + str(expected) + ", got " + str(actual));
    }

    private static String str(Object o) {
        if (o instanceof int[] a) return java.util.Arrays.toString(a);
        if (o instanceof double[] a) return java.util.Arrays.toString(a);
        if (o instanceof long[] a) return java.util.Arrays.toString(a);
        if (o instanceof Object[] a) return java.util.Arrays.deepToString(a);
        return String.valueOf(o);
    }

    /** {@code call} must throw an {@link MPIException} of {@code errorClass}. */
    static void error(int errorClass, String what, Call call) throws MPIException {
        try {
            call.run();
        } catch (MPIException e) {
            that(e.getErrorClass() == errorClass, what + ": expected error class " + errorClass + ", got " + e.getErrorClass() + " (" + e.getMessage() + ")");
            that(e.getMessage() != null && !e.getMessage().isBlank(), what + ": the exception has no message");
            return;
        }
        throw new AssertionError("rank " + MPI.COMM_WORLD.getRank() + ": " + what + ": no MPIException was thrown");
    }
}
