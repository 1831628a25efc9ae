package hpjava.mpjdev.mt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/** Programs on a user class path that the launching JVM does not have, loaded once per rank. */
class ClassPathTest {

    @Test
    void programOnlyOnTheUserClassPathRunsWithArgumentsAndPerRankStatics(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("src/cpdemo/Hello.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
                package cpdemo;
                public class Hello {
                    static int runs;
                    public static void main(String[] args) {
                        runs++;
                        System.out.print("hello " + hpjava.mpjdev.Comm.world().id() + " runs=" + runs + " arg=" + args[0]);
                    }
                }
                """);
        Path classes = dir.resolve("classes");
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path"), src.toString());
        assertEquals(0, rc, "test program compiles");
        MtRun r = MtRun.launch(Duration.ofSeconds(60), "--np", "3", "--prefix-output", "-cp", classes.toString(), "cpdemo.Hello", "x y");
        assertEquals(0, r.status, r::toString);
        for (int k = 0; k < 3; k++)
            assertTrue(r.out.contains("[" + k + "] hello " + k + " runs=1 arg=x y\n"), r::toString); // partial last line flushed
    }

    @Test
    void missingClassPathEntryIsAUsageError(@TempDir Path dir) {
        MtRun r = MtRun.launch(Duration.ofSeconds(30), "-cp", dir.resolve("nope").toString(), "cpdemo.Hello");
        assertEquals(2, r.status);
        assertTrue(r.err.contains("class path entry '" + dir.resolve("nope") + "' does not exist"), r::toString);
    }
}
