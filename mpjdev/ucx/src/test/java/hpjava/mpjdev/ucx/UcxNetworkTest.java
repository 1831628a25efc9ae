package hpjava.mpjdev.ucx;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A single-host ucx job listens on loopback only: while a 3-rank job of {@code programs.Listening} runs (every pair
 * connected), {@code ss -ltnp} lists every listening TCP socket of the launcher and the rank JVMs, and each must be
 * bound to a loopback address (the bootstrap listener, and UCX's TCP transport restricted to {@code lo}).
 */
class UcxNetworkTest {
    private static final Pattern PID = Pattern.compile("pid=(\\d+)");

    @BeforeAll
    static void ucx() {
        UcxTestSupport.requireUcx();
    }

    @Test
    void aSingleHostJobListensOnLoopbackOnly() throws Exception {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), "hpjava.mpjdev.Launcher",
                "--backend", "ucx", "--np", "3", "--prefix-output", "--option", "jvm-args=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC",
                "hpjava.mpjdev.ucx.programs.Listening", "6");
        Process job = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(job.getInputStream(), StandardCharsets.UTF_8))) {
            int ready = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            String line;
            while (ready < 3 && System.nanoTime() < deadline && (line = r.readLine()) != null) {
                output.add(line);
                if (line.contains("READY")) ready++;
            }
            assertEquals(3, ready, "the ranks did not all connect:\n" + String.join("\n", output));
            Set<Long> pids = new HashSet<>();
            pids.add(job.pid());
            job.descendants().forEach(h -> pids.add(h.pid()));
            List<String> sockets = listening(pids);
            assertFalse(sockets.isEmpty(), "no listening socket of the job found (the bootstrap listener at least)");
            for (String s : sockets) {
                String local = s.trim().split("\\s+")[3];
                assertTrue(local.startsWith("127.") || local.startsWith("[::1]") || local.startsWith("[::ffff:127."),
                        "a job process listens outside loopback: " + s + "\nall: " + String.join("\n", sockets));
            }
            while ((line = r.readLine()) != null) output.add(line);
        } finally {
            if (!job.waitFor(60, TimeUnit.SECONDS)) {
                job.descendants().forEach(ProcessHandle::destroyForcibly);
                job.destroyForcibly();
            }
        }
        assertEquals(0, job.exitValue(), String.join("\n", output));
    }

    /** The lines of {@code ss -ltnpH} that belong to one of {@code pids}. */
    private static List<String> listening(Set<Long> pids) throws IOException, InterruptedException {
        Process ss = new ProcessBuilder("ss", "-ltnpH").redirectErrorStream(true).start();
        String text = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(ss.waitFor(20, TimeUnit.SECONDS) && ss.exitValue() == 0, "ss failed: " + text);
        List<String> mine = new ArrayList<>();
        for (String l : text.lines().toList()) {
            Matcher m = PID.matcher(l);
            while (m.find()) if (pids.contains(Long.parseLong(m.group(1)))) { mine.add(l); break; }
        }
        return mine;
    }
}
