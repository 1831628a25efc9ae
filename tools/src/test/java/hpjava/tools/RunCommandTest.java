package hpjava.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hpjava run's command line: the program rule, several sources, the cache, --jvm-arg, errors before compiling. */
class RunCommandTest {
    @TempDir
    Path dir;

    static final String APP = """
            public class App {
              public static void main(String[] args) {
                System.out.println("grid " + Grid.size() + " args " + String.join(",", args)
                    + " prop " + System.getProperty("app.prop"));
              }
            }
            """;
    static final String GRID = "public class Grid {\n  static int size() { return 42; }\n}\n";

    private Path write(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
        return f;
    }

    private String cache() {
        return "-Dhpjava.cache=" + dir.resolve("cache");
    }

    @Test
    void hugePagesAreAskedForOnlyWhereTheKernelGivesThemOnRequest() {
        assertEquals(java.util.List.of("-XX:+UseTransparentHugePages"), ToolSupport.hugePageArgs("always [madvise] never\n"));
        assertTrue(ToolSupport.hugePageArgs("[always] madvise never\n").isEmpty(), "always: the heap gets them anyway");
        assertTrue(ToolSupport.hugePageArgs("always madvise [never]\n").isEmpty(), "never: the JVM would only warn");
        assertTrue(ToolSupport.hugePageArgs("").isEmpty(), "no such file (not Linux)");
    }

    /** Prints the JVM's CompileCommand arguments (each rank of a job prints its own JVM's). */
    static final String JIT_ARGS_APP = """
            public class JitArgs {
              public static void main(String[] args) {
                String jit = "";
                for (String a : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments())
                  if (a.startsWith("-XX:CompileCommand")) jit += " " + a;
                System.out.println("jit:" + jit);
              }
            }
            """;

    @Test
    void jobJvmsCompileHpjavaClassesEarlyAndQuietly() throws Exception {
        write("JitArgs.hpj", JIT_ARGS_APP);
        // --jvm-arg puts the mt job in a JVM of its own, started with the rank JVMs' arguments (as mpi and ucx ranks)
        ToolRun r = ToolRun.hpjavaJvm(dir, "run", "--np", "2", "--jvm-arg=-Dx=1", "-cp", ToolRun.programClassPath(),
                "JitArgs.hpj");
        assertEquals(0, r.status(), r.toString());
        String line = "jit: -XX:CompileCommand=quiet -XX:CompileCommand=CompileThresholdScaling,hpjava.*::*,0.2\n";
        assertEquals(line + line, r.out(), "the command is in every rank's JVM, and HotSpot does not echo it on stdout");
    }

    @Test
    void severalSourcesAndDirectoriesCompileTogether() throws Exception {
        write("src/App.hpj", APP);
        write("src/Grid.hpj", GRID);
        ToolRun r = ToolRun.hpjavaJvm(dir, "run", "--np", "2", "-cp", ToolRun.programClassPath(), "src/App.hpj",
                "src/Grid.hpj", "a", "b");
        assertEquals(0, r.status(), r.toString());
        assertEquals("grid 42 args a,b prop null\ngrid 42 args a,b prop null\n", r.out());

        write("src/Other.hpj", "public class Other {\n  public static void main(String[] a) {}\n}\n");
        r = ToolRun.hpjavaJvm(dir, "run", "-cp", ToolRun.programClassPath(), "src/");
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().startsWith("hpjava: several classes declare main (App, Other): choose one with --main CLASS\n"), r.err());
        r = ToolRun.hpjavaJvm(dir, "run", "-cp", ToolRun.programClassPath(), "--main", "App", "src", "--", "--np", "3");
        assertEquals(0, r.status(), r.toString());
        assertEquals("grid 42 args --np,3 prop null\n", r.out());
    }

    @Test
    void jvmArgsReachTheJobsJvmOnMt() throws Exception {
        write("App.hpj", APP);
        write("Grid.hpj", GRID);
        ToolRun r = ToolRun.hpjavaJvm(dir, "run", "--np", "2", "--jvm-arg=-Dapp.prop=fromJvmArg", "--jvm-arg", "-Xmx256m",
                "-cp", ToolRun.programClassPath(), "App.hpj", "Grid.hpj");
        assertEquals(0, r.status(), r.toString());
        assertEquals("grid 42 args  prop fromJvmArg\ngrid 42 args  prop fromJvmArg\n", r.out());
    }

    @Test
    void optionsAfterTheProgramAreRefusedWithAHint() throws Exception {
        Path app = write("App.hpj", APP);
        for (String opt : new String[] {"--np", "--np=4", "-cp", "--debug", "-Dx=1", "--backend"}) {
            ToolRun r = ToolRun.hpjava("run", cache(), app.toString(), "x", opt, "4");
            assertEquals(2, r.status(), r.toString());
            assertEquals("hpjava: '" + opt + "' comes after the program: put options before the program, or write -- before"
                    + " it to pass it to the program\nUsage: hpjava run [OPTIONS] (FILE.hpj|DIR)... | MAINCLASS [--] [ARGS...]\n"
                    + "Try 'hpjava run --help' for more information.\n", r.err());
        }
        assertFalse(Files.exists(dir.resolve("cache")), "refused before compiling");
    }

    @Test
    void theProcessCountBackendAndDebugAreCheckedBeforeCompiling() throws Exception {
        Path bad = write("Bad.hpj", "class Bad { int x = ; }\n");
        String[][] cases = {
                {"--np", "0"}, {"--np", "four"}, {"--backend", "lapi"}, {"--backend", "ucx", "--debug"}, {"--debug=70000"},
                {"--timeout", "-1"}};
        String[] expected = {
                "hpjava: --np: the number of ranks must be at least 1, not 0",
                "hpjava: Invalid value for option '--np': 'four' is not an int",
                "hpjava: --backend: unknown backend 'lapi'; available: ",
                "hpjava: --debug works on the mt backend (the debugging mode), not on ucx",
                "hpjava: --debug: the port must be between 1 and 65535, not 70000",
                "hpjava: --timeout: the number of seconds must be >= 0 (0: no timeout), not -1"};
        for (int i = 0; i < cases.length; i++) {
            String[] args = new String[cases[i].length + 3];
            args[0] = "run";
            args[1] = cache();
            System.arraycopy(cases[i], 0, args, 2, cases[i].length);
            args[args.length - 1] = bad.toString();
            ToolRun r = ToolRun.hpjava(args);
            assertEquals(2, r.status(), r.toString());
            assertTrue(r.err().startsWith(expected[i]), r.err());
            assertFalse(r.err().contains("error:"), "nothing was compiled:\n" + r.err());
        }
    }

    @Test
    void compileErrorsExitWith1AndTheCacheIsReused() throws Exception {
        Path bad = write("Bad.hpj", "class Bad { int x = ; }\n");
        ToolRun r = ToolRun.hpjava("run", cache(), bad.toString());
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().startsWith(bad + ":1:21: error: syntax error"), r.err());

        write("App.hpj", APP);
        write("Grid.hpj", GRID);
        r = ToolRun.hpjavaJvm(dir, "run", "-cp", ToolRun.programClassPath(), cache(), "App.hpj", "Grid.hpj");
        assertEquals(0, r.status(), r.toString());
        long entries;
        try (var s = Files.list(dir.resolve("cache"))) {
            entries = s.count();
        }
        r = ToolRun.hpjavaJvm(dir, "run", "-cp", ToolRun.programClassPath(), cache(), "App.hpj", "Grid.hpj");
        assertEquals(0, r.status(), r.toString());
        try (var s = Files.list(dir.resolve("cache"))) {
            assertEquals(entries, s.count(), "the second run reuses the cached classes");
        }
    }

    @Test
    void javaHelpersBesideTheProgramAreCompiledAndAnEditRecompiles() throws Exception {
        write("prog/App.hpj", APP);
        write("prog/Grid.java", GRID);
        write("prog/Unused.java", "this file is not Java and no class uses it\n");
        ToolRun r = ToolRun.hpjavaJvm(dir, "run", "-cp", ToolRun.programClassPath(), cache(), "prog/App.hpj", "x");
        assertEquals(0, r.status(), r.toString());
        assertEquals("grid 42 args x prop null\n", r.out());
        write("prog/Grid.java", GRID.replace("42", "43"));
        r = ToolRun.hpjavaJvm(dir, "run", "-cp", ToolRun.programClassPath(), cache(), "prog/App.hpj", "x");
        assertEquals(0, r.status(), r.toString());
        assertEquals("grid 43 args x prop null\n", r.out(), "an edited helper is compiled again");
        write("prog/Grid.java", "public class Grid { static int size() { return ; } }\n");
        r = ToolRun.hpjavaJvm(dir, "run", "-cp", ToolRun.programClassPath(), cache(), "prog/App.hpj");
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("Grid.java:1:"), r.err());
    }

    @Test
    void aSourceThatIsNotUtf8IsNamedWithoutATrace() throws Exception {
        Path latin = dir.resolve("Latin.hpj");
        Files.write(latin, "public class Latin {\n  // caf\u00e9\n}\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        ToolRun r = ToolRun.hpjava("run", cache(), latin.toString());
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().startsWith("hpjava: " + latin + ":2:9: error: the file is not UTF-8: byte 0xE9 at offset 29"), r.err());
    }

    @Test
    void versionAndNoCommand() {
        ToolRun r = ToolRun.hpjava("--version");
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("backends:\n"), r.out());
        assertEquals(0, ToolRun.hpjava("run", "--version").status());
        r = ToolRun.hpjava();
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().startsWith("hpjava: no command given (the command is: hpjava run ...)\n"), r.err());
        r = ToolRun.hpjava("compile", "x");
        assertEquals(2, r.status(), r.toString());
    }
}
