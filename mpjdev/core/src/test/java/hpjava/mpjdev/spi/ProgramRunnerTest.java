package hpjava.mpjdev.spi;

import hpjava.mpjdev.JobAbortedException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Finding a program's main method, and what the user is told when there is none to call. */
class ProgramRunnerTest {
    /** Has a main method, but the class is not public. */
    static class Hidden {
        static int calls;

        public static void main(String[] args) {
            calls++;
        }
    }

    /** Public, but without a main method. */
    public static class NoMain {}

    /** Fails in a method of its own, with a cause thrown further down. */
    public static class Failing {
        public static void main(String[] args) {
            step();
        }

        static void step() {
            try {
                Integer.parseInt("x");
            } catch (NumberFormatException e) {
                throw new IllegalStateException("bad input", e);
            }
        }
    }

    /** A proper program. */
    public static class Program {
        public static void main(String[] args) {}
    }

    /** A compact source file's shape: an instance main without parameters; counts instances and calls. */
    static class InstanceMain {
        static int instances;
        static int calls;
        final int serial = ++instances;

        void main() {
            calls += serial;
        }
    }

    /** Both forms: the launcher calls main(String[]). */
    static class BothForms {
        static String called = "";

        void main() {
            called = "main()";
        }

        static void main(String[] args) {
            called = "main(" + String.join(",", args) + ")";
        }
    }

    /** An instance main the launcher cannot call: no constructor without arguments. */
    static class NoConstructor {
        NoConstructor(int x) {}

        void main() {}
    }

    private static final ClassLoader LOADER = ProgramRunnerTest.class.getClassLoader();

    @Test
    void findsThePublicStaticMainOfAPublicClass() {
        assertNotNull(ProgramRunner.findMain(LOADER, Program.class.getName()));
    }

    @Test
    void theMainOfAClassThatIsNotPublicRunsAsWithTheJavaLauncher() throws Throwable {
        ProgramRunner.invoke(ProgramRunner.findMain(LOADER, Hidden.class.getName()), new String[] {"x"});
        assertEquals(1, Hidden.calls);
    }

    @Test
    void anInstanceMainWithoutParametersRunsOnAFreshInstanceEachCall() throws Throwable {
        var main = ProgramRunner.findMain(LOADER, InstanceMain.class.getName());
        ProgramRunner.invoke(main, new String[0]);
        ProgramRunner.invoke(main, new String[] {"ignored"});
        assertEquals(2, InstanceMain.instances);
        assertEquals(1 + 2, InstanceMain.calls);
    }

    @Test
    void mainWithParametersIsChosenBeforeMainWithout() throws Throwable {
        ProgramRunner.invoke(ProgramRunner.findMain(LOADER, BothForms.class.getName()), new String[] {"a", "b"});
        assertEquals("main(a,b)", BothForms.called);
    }

    @Test
    void anInstanceMainWithoutAUsableConstructorIsExplained() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> ProgramRunner.findMain(LOADER, NoConstructor.class.getName()));
        assertTrue(e.getMessage().contains("no non-private constructor without arguments"), e.getMessage());
    }

    @Test
    void aClassWithoutMainIsNamedAsSuch() {
        var e = assertThrows(IllegalArgumentException.class, () -> ProgramRunner.findMain(LOADER, NoMain.class.getName()));
        assertEquals("class " + NoMain.class.getName() + " has no main method that can be launched: "
                + "void main(String[]) or void main(), static or with a no-argument constructor", e.getMessage());
    }

    @Test
    void aFailureReportEndsAtTheProgramsMainWithoutTheLauncherFrames() {
        Throwable t = assertThrows(IllegalStateException.class,
                () -> ProgramRunner.invoke(ProgramRunner.findMain(LOADER, Failing.class.getName()), new String[0]));
        String report = ProgramRunner.failureReport(3, t);

        String[] lines = report.split("\\R");
        assertEquals("mpjdev: rank 3 failed: java.lang.IllegalStateException: bad input", lines[0]);
        assertTrue(report.contains("at " + Failing.class.getName() + ".step("), report);
        assertTrue(report.contains("at " + Failing.class.getName() + ".main("), report);
        assertTrue(report.contains("Caused by: java.lang.NumberFormatException"), report);
        // the frames below main: ProgramRunner.invoke, then this test and JUnit, as a rank thread would be
        assertFalse(report.contains("ProgramRunner.invoke"), report);
        assertFalse(report.contains(getClass().getName() + ".lambda$"), report);
        assertFalse(report.contains("org.junit"), report);
        assertFalse(report.contains("... "), report);
        assertTrue(lines[lines.length - 1].strip().startsWith("at " + Failing.class.getName() + ".step("),
                "the cause's trace ends at the program's frame: " + report);
    }

    @Test
    void aRankStoppedByTheEndingJobGetsOneLine() {
        String report = ProgramRunner.failureReport(0, new JobAbortedException("rank 1 failed (exit status 1)"));
        assertEquals("mpjdev: rank 0 stopped because the job is ending: rank 1 failed (exit status 1)"
                + System.lineSeparator(), report);
    }
}
