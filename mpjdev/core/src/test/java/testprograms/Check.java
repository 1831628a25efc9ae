package testprograms;

/** Assertion helper for test programs (AssertionError ends the rank, so the job exits 1). */
final class Check {
    private Check() {
    }

    static void that(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }

    static void equal(Object expected, Object actual, String what) {
        if (!java.util.Objects.deepEquals(expected, actual))
            throw new AssertionError(what + ": expected " + str(expected) + " but got " + str(actual));
    }

    private static String str(Object o) {
        return o instanceof Object[] a ? java.util.Arrays.deepToString(a)
                : o != null && o.getClass().isArray() ? java.util.Arrays.deepToString(new Object[] {o}) : String.valueOf(o);
    }
}
