package hpjava.tools;

import hpjava.testsupport.ChildProcess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The completion script completes as bash runs it. */
class CompletionTest {
    @TempDir
    Path dir;

    private String complete(Path script, String words, int cword) throws Exception {
        String cmd = "source " + script + "\nCOMP_WORDS=(" + words + "); COMP_CWORD=" + cword
                + "; COMP_LINE='" + words + "'; COMP_POINT=${#COMP_LINE}\n"
                + "_complete_" + words.split(" ")[0] + "\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
        return ChildProcess.of("bash", "-c", cmd).timeout(Duration.ofSeconds(30)).mergeStreams().run().output();
    }

    @Test
    void bashCompletesCommandsOptionsAndBackends() throws Exception {
        ToolRun r = ToolRun.hpjava("completion");
        assertEquals(0, r.status(), r.toString());
        Path script = dir.resolve("hpjava-completion.bash");
        Files.writeString(script, r.out());
        assertEquals("run\n", complete(script, "hpjava ru", 1));
        assertTrue(complete(script, "hpjava run --ba", 2).contains("--backend"));
        String backends = complete(script, "hpjava run --backend ", 3);
        assertTrue(backends.contains("mt\n") && backends.contains("ucx\n"), backends);
        assertTrue(complete(script, "hpjavac --emit", 1).contains("--emit-java"));
    }
}
