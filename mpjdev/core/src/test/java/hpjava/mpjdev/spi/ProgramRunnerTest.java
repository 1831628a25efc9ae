package hpjava.mpjdev.spi;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

    /** A proper program. */
    public static class Program {
        public static void main(String[] args) {}
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
    void aClassWithoutMainIsNamedAsSuch() {
        var e = assertThrows(IllegalArgumentException.class, () -> ProgramRunner.findMain(LOADER, NoMain.class.getName()));
        assertEquals("class " + NoMain.class.getName() + " has no public static void main(String[]) method",
                e.getMessage());
    }
}
