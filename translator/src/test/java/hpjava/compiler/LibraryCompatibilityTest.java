package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import hpjava.compiler.parse.SourceUnit;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;

/**
 * Java compatibility that no one tuned for: the sources of a real library (Apache Commons CLI, fetched from Maven
 * Central by the build into {@code target/compat}, see the pom), renamed to {@code .hpj}, are compiled by hpjavac,
 * and the library's own unit tests (compiled by javac) run against the classes hpjavac produced, in a child JVM
 * whose working directory is laid out as the library's checkout (its tests read their resources from there and
 * from the class path). Every test must pass; none is excluded. The library has a {@code package-info.java}, so {@code package-info.hpj} is covered too.
 */
class LibraryCompatibilityTest {
    static final String LIBRARY = "commons-cli-1.8.0";
    static final Path COMPAT = Path.of(System.getProperty("basedir", "."), "target", "compat");

    @TempDir
    Path dir;

    @Test
    void commonsCliCompiledByHpjavacPassesItsOwnTests() throws Exception {
        Path sourcesJar = COMPAT.resolve(LIBRARY + "-sources.jar");
        Path testsJar = COMPAT.resolve(LIBRARY + "-test-sources.jar");
        assertTrue(Files.isRegularFile(sourcesJar) && Files.isRegularFile(testsJar), "no " + sourcesJar + " or "
                + testsJar + ": the build copies them there in generate-test-resources (maven-dependency-plugin)");
        Path hpj = dir.resolve("hpj"), classes = dir.resolve("classes"), tests = dir.resolve("tests"),
                testClasses = dir.resolve("test-classes");
        int units = unpack(sourcesJar, hpj, ".hpj");
        unpack(testsJar, tests, ".java");

        List<SourceUnit> sources = new ArrayList<>();
        for (Path p : files(hpj, ".hpj")) sources.add(SourceUnit.read(p));
        HpjavaCompiler.Result r = HpjavaCompiler.compile(sources, new HpjavaCompiler.Options(Phase.COMPILE,
                Harness.classPath(), classes, dir.resolve("java")));
        assertTrue(r.success(), r.formatted());
        assertTrue(units > 20 && Files.isRegularFile(classes.resolve("org/apache/commons/cli/package-info.class")),
                units + " sources; package-info.class compiled: " + Files.exists(classes.resolve("org/apache/commons/cli/package-info.class")));

        compileTests(tests, classes, testClasses);
        copyResources(testsJar, testClasses);
        copyResources(testsJar, dir.resolve("src/test/resources"));
        JobRun run = runTests(dir, classes, testClasses);
        System.out.print(run.stdout());
        assertEquals(0, run.exitStatus(), run.describe());
        Matcher m = Pattern.compile("passed (\\d+) failed 0").matcher(run.stdout());
        assertTrue(m.find() && Integer.parseInt(m.group(1)) > 300, "too few tests ran: " + run.describe());
    }

    /** Extracts the .java files of {@code jar} under {@code to}, renamed to end with {@code extension}; their count. */
    static int unpack(Path jar, Path to, String extension) throws IOException {
        int n = 0;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry e : zip.stream().toList()) {
                if (e.isDirectory() || !e.getName().endsWith(".java")) continue;
                String name = e.getName();
                Path out = to.resolve(name.substring(0, name.length() - ".java".length()) + extension).normalize();
                assertTrue(out.startsWith(to), "entry outside the jar's root: " + name);
                Files.createDirectories(out.getParent());
                try (InputStream in = zip.getInputStream(e)) {
                    Files.copy(in, out);
                }
                n++;
            }
        }
        return n;
    }

    /** The test resources of {@code jar} (what is neither .java nor META-INF) under {@code to}, as Maven lays them. */
    static void copyResources(Path jar, Path to) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry e : zip.stream().toList()) {
                if (e.isDirectory() || e.getName().endsWith(".java") || e.getName().startsWith("META-INF/")) continue;
                Path out = to.resolve(e.getName()).normalize();
                assertTrue(out.startsWith(to), "entry outside the jar's root: " + e.getName());
                Files.createDirectories(out.getParent());
                try (InputStream in = zip.getInputStream(e)) {
                    Files.copy(in, out);
                }
            }
        }
    }

    static List<Path> files(Path root, String extension) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(extension)).sorted().toList();
        }
    }

    /** javac on the library's tests, against hpjavac's classes and this JVM's class path (JUnit, commons-io). */
    static void compileTests(Path tests, Path classes, Path testClasses) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-d", testClasses.toString(), "-proc:none", "-nowarn", "-encoding",
                "UTF-8", "-cp", classes + java.io.File.pathSeparator + System.getProperty("java.class.path")));
        for (Path p : files(tests, ".java")) args.add(p.toString());
        StringWriter out = new StringWriter();
        int status = javac.run(null, null, new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                out.write(b);
            }
        }), args.toArray(String[]::new));
        assertEquals(0, status, "javac on the library's tests:\n" + out);
    }

    /**
     * Runs the library's tests in a child JVM (JUnit Platform, {@link LibraryTestRunner}) whose working directory is
     * a checkout-like directory, since some tests read {@code src/test/resources/...} relative to it; its class
     * path is the compiled tests, hpjavac's classes, then this JVM's class path (JUnit, commons-io; never the
     * library's own jar). Returns the runner's output.
     */
    static JobRun runTests(Path checkout, Path classes, Path testClasses) {
        String cp = String.join(java.io.File.pathSeparator, testClasses.toString(), classes.toString(),
                ChildProcess.testClassPath());
        return ChildProcess.java(List.of(), cp, LibraryTestRunner.class.getName(),
                        List.of(testClasses.toString(), classes.toString(), "org.apache.commons.cli.Options"))
                .directory(checkout).timeout(Duration.ofMinutes(5)).describedAs(LIBRARY + "'s own tests").run();
    }
}
