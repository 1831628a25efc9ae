package hpjava.examples;

import hpjava.testsupport.Requires;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import hpjava.tools.Hpjavac;

/**
 * The HPJava 1.0 manual and tutorial programs of {@code translator/src/test/resources/manual} (docs/COMPATIBILITY.md;
 * on mt at np 1, 2, 4 in the translator's ManualProgramsTest) on the ucx and mpi backends at np 2, as child JVMs through
 * {@code hpjava run}; each checks its own results and exits 0. MpiDirect and MpiJavaForms call MPI themselves
 * (package mpi, in Open MPI's and in mpiJava 1.2's names): they run on every backend too.
 */
class ManualProgramsOnBackendsTest {
    static final List<String> PROGRAMS = List.of("TutorialLaplace", "Locations", "Splitting", "Schedules", "Printing",
            "Choleski", "MpiDirect", "MpiJavaForms");
    private static Path classes;

    static Path manualDir() {
        return ExampleJob.examplesDir().resolve("../translator/src/test/resources/manual").normalize();
    }

    @BeforeAll
    static void compile() throws Exception {
        classes = ExampleJob.examplesDir().resolve("target/manual-classes");
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", Libraries.programClassPath()));
        for (String p : PROGRAMS) args.add(manualDir().resolve(p + ".hpj").toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Hpjavac.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, "hpjavac failed on the manual programs:\n" + out.toString(StandardCharsets.UTF_8)
                + err.toString(StandardCharsets.UTF_8));
    }

    static Stream<Arguments> runs() {
        List<Arguments> l = new ArrayList<>();
        for (String backend : List.of("ucx", "mpi:openmpi", "mpi:mpich")) for (String p : PROGRAMS) l.add(Arguments.of(p, backend));
        return l.stream();
    }

    @ParameterizedTest(name = "{0} on {1} at np = 2")
    @MethodSource("runs")
    void runsAndChecksItsAnswer(String program, String backend) {
        Requires.backend(backend);
        ExampleJob job = ExampleJob.runCompiled(classes, program, backend, 2, List.of());
        if (job.timedOut() || job.exitStatus() != 0) fail(job.describe());
        System.out.println(program + " on " + backend + " at np = 2: " + job.elapsed().toMillis() + " ms");
    }
}
