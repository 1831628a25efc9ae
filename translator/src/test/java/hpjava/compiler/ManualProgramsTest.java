package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import hpjava.compiler.parse.SourceUnit;
import hpjava.testsupport.Requires;

/**
 * HPJava 1.0 programs as the manual and the hpjava.org tutorials write them (docs/COMPATIBILITY.md): each program in
 * {@code manual/} checks its own answers and runs at np = 1, 2, 4 on mt; the old notations of {@code manual/legacy/}
 * are reported with the HPJava 1.0 form (golden keys); a program calling MPI stops on mt naming the mpi backend.
 */
class ManualProgramsTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void compileAll() throws Exception {
        HpjavaCompiler.Result r = Harness.compile(dir, "manual/TutorialLaplace.hpj", "manual/Locations.hpj",
                "manual/Splitting.hpj", "manual/Schedules.hpj", "manual/Printing.hpj", "manual/Choleski.hpj", "manual/NumProcs.hpj");
        assertTrue(r.success(), r.formatted());
        assertEquals(List.of("TutorialLaplace", "Locations", "Splitting", "Schedules", "Printing", "Choleski", "NumProcs"),
                r.mainClasses());
    }

    @ParameterizedTest(name = "{0} at np = {1}")
    @CsvSource({"TutorialLaplace, 1", "TutorialLaplace, 2", "TutorialLaplace, 4",
                "Locations, 1", "Locations, 2", "Locations, 4",
                "Splitting, 1", "Splitting, 2", "Splitting, 4",
                "Schedules, 1", "Schedules, 2", "Schedules, 4",
                "Printing, 1", "Printing, 2", "Printing, 4",
                "Choleski, 1", "Choleski, 2", "Choleski, 4"})
    void runsAndChecksItsAnswer(String main, int np) {
        Harness.Run r = Harness.run(dir.resolve("classes"), main, np);
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void theNumberOfProcessesComesFromHpjavaNumprocsAsInHpjava10() {
        String saved = System.getProperty("hpjava.numprocs");
        System.setProperty("hpjava.numprocs", "3");
        try {
            int status = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                    () -> hpjava.mpjdev.Launcher.run("-cp", dir.resolve("classes").toString(), "NumProcs", "3"),
                    Harness::rankStacks);
            assertEquals(0, status);
        } finally {
            if (saved == null) System.clearProperty("hpjava.numprocs"); else System.setProperty("hpjava.numprocs", saved);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"OldNotations", "Location"})
    void oldNotationsAndMisplacedLocationsAreReportedWithTheHpjava10Form(String name) throws Exception {
        SourceUnit u = Harness.unit("manual/legacy/" + name + ".hpj");
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u), HpjavaCompiler.Options.checkOnly());
        assertFalse(r.success());
        assertEquals(Harness.resource("manual/legacy/" + name + ".keys").strip(), DiagnosticsGoldenTest.raw(r.diagnostics()),
                r.formatted());
    }

    @Test
    void oldNotationMessageNamesTheReplacement() throws Exception {
        SourceUnit u = Harness.unit("manual/legacy/OldNotations.hpj");
        String out = HpjavaCompiler.compile(List.of(u), HpjavaCompiler.Options.checkOnly()).formatted();
        assertTrue(out.contains("OldNotations.hpj:8:11: error: '[[#,#]]' is the notation of the 1997-2002 HPJava papers;"
                + " HPJava 1.0 writes [[-,-]]"), out);
        assertTrue(out.contains("OldNotations.hpj:13:21: error: 'x [0 : N/2-1]' is the notation of the 1997-2002 HPJava"
                + " papers; HPJava 1.0 writes x [[0 : N/2-1]]"), out);
        assertFalse(out.contains("syntax error"), out);
    }

    @ParameterizedTest
    @ValueSource(strings = {"MpiDirect", "MpiJavaForms"})
    void aProgramCallingMpiRunsOnMt(String name, @TempDir Path own) throws Exception {
        HpjavaCompiler.Result r = Harness.compile(own, "manual/" + name + ".hpj");
        assertTrue(r.success(), r.formatted());
        Harness.Run run = Harness.run(own.resolve("classes"), name, 2);
        assertEquals(0, run.status(), run.err());
    }
}
