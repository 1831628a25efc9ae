package hpjava.testsupport;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** A missing requirement skips outside CI and fails under CI=true, with the same message; a met one does nothing. */
class RequiresTest {

    @Test
    void outsideCiAMissingRequirementSkipsTheTestWithTheMessage() {
        TestAbortedException e = assertThrows(TestAbortedException.class,
                () -> Requires.enforce("the frob backend", "libfrob.so is missing", "apt-get install libfrob", Map.of()));
        assertTrue(e.getMessage().contains("the frob backend is not available here: libfrob.so is missing; to install: "
                + "apt-get install libfrob"), e.getMessage());
    }

    @Test
    void underCiAMissingRequirementFailsTheTestWithTheSameMessage() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> Requires.enforce("the frob backend", "libfrob.so is missing", "apt-get install libfrob", Map.of("CI", "true")));
        assertEquals("CI=true, where a missing requirement fails the test: the frob backend is not available here: "
                + "libfrob.so is missing; to install: apt-get install libfrob", e.getMessage());
    }

    @Test
    void aMetRequirementDoesNothingInOrOutOfCi() {
        assertDoesNotThrow(() -> Requires.enforce("x", null, "y", Map.of("CI", "true")));
        assertDoesNotThrow(() -> Requires.enforce("x", null, "y", Map.of()));
    }

    /** The real environment variable, read by a child JVM: CI=true fails, CI unset skips. */
    @Test
    void theCiVariableOfTheEnvironmentDecides() {
        JobRun ci = probe().env("CI", "true").run();
        assertTrue(ci.stdout().startsWith("org.opentest4j.AssertionFailedError: CI=true, where a missing requirement fails"
                + " the test: the command hpjava-no-such-command is not available here: hpjava-no-such-command is not on the"
                + " PATH; to install: nothing installs it"), ci.describe());
        JobRun local = probe().unsetEnv("CI").run();
        assertTrue(local.stdout().startsWith("org.opentest4j.TestAbortedException: the command"
                + " hpjava-no-such-command is not available here"), local.describe());
        assertTrue(local.stderr().contains("SKIPPED (not in CI): the command hpjava-no-such-command"), local.describe());
    }

    private static ChildProcess probe() {
        return ChildProcess.java(List.of("-XX:TieredStopAtLevel=1"), ChildProcess.testClassPath(),
                RequirementProbe.class.getName(), List.of()).timeout(Duration.ofMinutes(1));
    }

    @Test
    void commandsAreLookedUpOnThePath() {
        assertNull(Requires.commandProblem("sh", "/no/such/dir:/bin:/usr/bin"));
        assertEquals("sh is not on the PATH", Requires.commandProblem("sh", "/no/such/dir"));
        assertEquals("/no/such/sh is not an executable file", Requires.commandProblem("/no/such/sh", "/bin"));
    }

    @Test
    void backendsAreFoundThroughTheSpi() {
        assertDoesNotThrow(() -> Requires.backend("mt"));
        Throwable t = assertThrows(Throwable.class, () -> Requires.backend("frob"));
        assertTrue(t.getMessage().contains("the frob backend is not available here: the backend 'frob' is not on the test"
                + " class path"), t.getMessage());
        assertEquals(Requires.inCi() ? AssertionFailedError.class : TestAbortedException.class, t.getClass());
    }
}
