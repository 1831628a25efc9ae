package hpjava.mpjdev.conformance;

import java.util.Objects;

/** Assertions for SPMD case code: a failed check throws {@link CheckFailure} with a message saying what differed. */
final class Expect {
    private Expect() {}

    static void that(boolean condition, String what) {
        if (!condition) throw new CheckFailure("expected: " + what);
    }

    static void equal(long expected, long actual, String what) {
        if (expected != actual) throw new CheckFailure(what + ": expected " + expected + " but was " + actual);
    }

    static void equal(Object expected, Object actual, String what) {
        if (!Objects.deepEquals(expected, actual)) throw new CheckFailure(what + ": expected " + expected + " but was " + actual);
    }

    /** Runs {@code body} and returns the exception it throws, which must be of {@code type}. */
    static <T extends Throwable> T throwsA(Class<T> type, String what, ThrowingRunnable body) {
        try {
            body.run();
        } catch (Throwable t) {
            if (type.isInstance(t)) return type.cast(t);
            throw new CheckFailure(what + ": expected " + type.getName() + " but got " + t, t);
        }
        throw new CheckFailure(what + ": expected " + type.getName() + " but nothing was thrown");
    }

    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** A failed conformance check. */
    static final class CheckFailure extends AssertionError {
        private static final long serialVersionUID = 1L;

        CheckFailure(String message) {
            super(message);
        }

        CheckFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
