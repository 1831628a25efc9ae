package hpjava.mpjdev.ucx;

import hpjava.testsupport.Requires;

/**
 * The ucx tests' names for {@link Requires}: outside CI a missing UCX skips the test with the reason; in CI
 * ({@code CI=true}) it fails it, so that CI never passes by skipping.
 */
public final class UcxTestSupport {
    private static final String SETUP = "run bin/setup-ucx.sh";

    private UcxTestSupport() {}

    public static boolean inCi() {
        return Requires.inCi();
    }

    public static void requireUcx() {
        Requires.ucx();
    }

    /** Skips (outside CI) or fails (in CI) the current test, with {@code reason}. */
    public static void unavailable(String reason) {
        Requires.that("a prerequisite of the ucx tests", reason, SETUP);
    }
}
