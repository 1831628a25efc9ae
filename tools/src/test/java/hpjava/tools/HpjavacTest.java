package hpjava.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hpjavac's command line: exit statuses, short usage errors, --version, and clear messages for bad input. */
class HpjavacTest {
    @TempDir
    Path dir;

    static final String HELLO = """
            public class Hello {
              public static void main(String[] args) {
                System.out.println("hello");
              }
            }
            """;

    private Path write(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
        return f;
    }

    private String out() {
        return dir.resolve("out").toString();
    }

    @Test
    void usageErrorsExitWith2AndPrintOneLineOfUsage() {
        for (String[] args : new String[][] {{}, {"--bogus", "x.hpj"}, {dir.resolve("missing.hpj").toString()}, {"-d"},
                {"Hello.java"}}) {
            ToolRun r = ToolRun.hpjavac(args);
            assertEquals(2, r.status(), r.toString());
            String[] lines = r.err().split("\n");
            assertEquals(3, lines.length, "error, synopsis, pointer to --help:\n" + r.err());
            assertTrue(lines[0].startsWith("hpjavac: "), r.err());
            assertTrue(lines[1].startsWith("Usage: hpjavac "), r.err());
            assertEquals("Try 'hpjavac --help' for more information.", lines[2]);
        }
        ToolRun help = ToolRun.hpjavac("--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("--emit-java=DIR") && help.out().contains("Exit status:"), help.out());
    }

    @Test
    void versionNamesTheBuildTheJdkAndTheBackends() {
        ToolRun r = ToolRun.hpjavac("--version");
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().startsWith("HPJava " + VersionInfo.version() + "\n"), r.out());
        assertTrue(r.out().contains("JDK " + Runtime.version()), r.out());
        assertTrue(r.out().contains("  mt   available: "), r.out());
        assertFalse(VersionInfo.version().equals("unknown"));
    }

    @Test
    void compileErrorsArePrintedAtHpjPositionsAndExitWith1() throws Exception {
        Path f = write("Bad.hpj", "public class Bad {\n  void f() { int x = ; }\n}\n");
        ToolRun r = ToolRun.hpjavac("-d", out(), f.toString());
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains(f + ":2:22: error: syntax error"), r.err());
        assertTrue(r.err().endsWith("1 error\n"), r.err());
    }

    @Test
    void compilesAndKeepsTheGeneratedJava() throws Exception {
        Path f = write("Hello.hpj", HELLO);
        ToolRun r = ToolRun.hpjavac("-d", out(), "-cp", ToolRun.programClassPath(), "--emit-java", dir.resolve("java").toString(),
                f.toString());
        assertEquals(0, r.status(), r.toString());
        assertTrue(Files.isRegularFile(dir.resolve("out/Hello.class")));
        assertTrue(Files.readString(dir.resolve("java/Hello.java")).contains("class Hello"));
    }

    @Test
    void badInputGetsAClearMessage() throws Exception {
        Path hello = write("Hello.hpj", HELLO);
        Path file = write("notadir", "");
        ToolRun r = ToolRun.hpjavac("-d", file.toString(), hello.toString());
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().startsWith("hpjavac: -d: '" + file + "' is a file, not a directory\n"), r.err());

        r = ToolRun.hpjavac("-d", out(), hello.toString(), dir.resolve(".").resolve("Hello.hpj").toString());
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().startsWith("hpjavac: '" + dir.resolve(".").resolve("Hello.hpj") + "' is given twice (also as '" + hello + "')"), r.err());

        byte[] latin1 = "public class Latin {\n  // caf\u00e9\n}\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Path latin = dir.resolve("Latin.hpj");
        Files.write(latin, latin1);
        r = ToolRun.hpjavac("-d", out(), latin.toString());
        assertEquals(1, r.status(), r.toString());
        assertEquals("hpjavac: " + latin + ":2:9: error: the file is not UTF-8: byte 0xE9 at offset 29 is not valid UTF-8"
                + " (save the file as UTF-8)\n", r.err());

        Path dash = write("my-prog.hpj", "public class MyProg {}\n");
        r = ToolRun.hpjavac("-d", out(), dash.toString());
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().startsWith(dash + ":1:1: error: the file name 'my-prog.hpj' is not a Java identifier: a .hpj file"
                + " is named after its class, rename it (e.g. to MyProg.hpj)"), r.err());
        assertFalse(r.err().contains("$$hpj"), r.err());

        Files.createDirectories(dir.resolve("Dir.hpj"));
        r = ToolRun.hpjavac("-d", out(), dir.resolve("Dir.hpj").toString());
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().startsWith("hpjavac: '" + dir.resolve("Dir.hpj") + "' is not a file"), r.err());
    }

    @Test
    void anUnreadableFileIsNamed() throws Exception {
        Path f = write("Secret.hpj", HELLO.replace("Hello", "Secret"));
        f.toFile().setReadable(false, false);
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isReadable(f), "running as root: every file is readable");
        ToolRun r = ToolRun.hpjavac("-d", out(), f.toString());
        assertEquals(1, r.status(), r.toString());
        assertEquals("hpjavac: " + f + ": error: cannot read the file: permission denied\n", r.err());
    }
}
