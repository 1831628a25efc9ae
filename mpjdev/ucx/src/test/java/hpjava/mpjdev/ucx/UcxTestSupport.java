package hpjava.mpjdev.ucx;

import hpjava.mpjdev.ucx.ffm.UcxLibrary;
import hpjava.mpjdev.ucx.ffm.UcxUnavailableException;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Tests that need UCX call {@link #requireUcx()}: outside CI a missing UCX skips the test with the reason; in CI
 * ({@code CI=true}) it fails it, so that CI never passes by skipping.
 */
public final class UcxTestSupport {
    private UcxTestSupport() {}

    public static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    public static void requireUcx() {
        try {
            UcxLibrary.require();
        } catch (UcxUnavailableException e) {
            unavailable("UCX is unavailable: " + e.getMessage());
        }
    }

    /** Skips (outside CI) or fails (in CI) the current test, with {@code reason}. */
    public static void unavailable(String reason) {
        if (inCi()) Assertions.fail(reason + " (CI=true: a missing prerequisite fails the build; run bin/setup-ucx.sh)");
        System.err.println("SKIPPED (not in CI): " + reason + "; run bin/setup-ucx.sh to install UCX");
        Assumptions.abort(reason + "; run bin/setup-ucx.sh to install UCX");
    }
}
