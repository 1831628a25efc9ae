package hpjava.tools;

import hpjava.testsupport.ChildProcess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scripted jdb session against {@code hpjava run --debug}, as a user debugs the mt mode: examples/Laplace.hpj at
 * np 2, a breakpoint on the line of {@code r[i, j] = Math.abs(newA - a[i, j]);} (inside two nested overalls, which
 * the translator outlines into a method of Laplace) that must fire in both rank threads, a user local and the
 * distributed indexes printed on rank 1 (each index under its own name, holding its global index), then the debugger
 * detaches and the job continues to its normal end.
 */
class DebugJdbTest {
    /** The statement the breakpoint is set on, inside overall (i = x ...) overall (j = y ...) of the Jacobi loop. */
    private static final String STATEMENT = "r[i, j] = Math.abs(newA - a[i, j]);";

    /**
     * What is printed at the rank-1 stop, and what each value must look like: user locals (newA, declared in the
     * nest; N, captured by the outlined nest), and the distributed
     * indexes i and j as their global indexes (interior points of the 16 x 16 grid: 1..14; rank 1 of a 2 x 1 grid
     * holds rows 8..15).
     */
    private static final String[][] PRINTS = {{"newA", "newA = -?[0-9.E-]+"}, {"N", "N = 16"}, {"i", "i = (8|9|1[0-4])\\b"},
            {"j", "j = ([1-9]|1[0-4])\\b"}};

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void jdbStopsInAnOverallOnRank1PrintsALocalAndTheJobEndsNormally() throws Exception {
        Path laplace = Path.of("..", "examples", "Laplace.hpj").toAbsolutePath().normalize();
        final int LINE = lineOf(laplace, STATEMENT);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>(List.of(ChildProcess.jdkTool("java"), "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Hpjava.class.getName(), "run", "--np", "2", "--debug=" + port,
                "-Dhpjava.cache=" + dir.resolve("cache"), "-cp", ToolRun.programClassPath(), laplace.toString()));
        Path jobOut = dir.resolve("job.out");
        Process job = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(jobOut.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        Process jdb = null;
        Transcript t = null;
        try {
            awaitListening(jobOut, port, job);
            jdb = new ProcessBuilder(ChildProcess.jdkTool("jdb"), "-sourcepath", laplace.getParent().toString(), "-attach",
                    "localhost:" + port).redirectErrorStream(true).start();
            t = new Transcript(jdb);
            t.await(Pattern.compile("DebugAttachPoint"));
            t.send("stop at Laplace:" + LINE);
            t.await(Pattern.compile("Set breakpoint Laplace:" + LINE));
            boolean[] hit = new boolean[2];
            while (!hit[1]) {
                t.send("cont");
                Matcher m = t.await(Pattern.compile("Breakpoint hit: \"thread=rank-(\\d)\", Laplace\\.[\\w$]+\\(\\), line=" + LINE));
                int rank = Integer.parseInt(m.group(1));
                hit[rank] = true;
                if (rank == 1) {
                    t.send("threads");
                    t.await(Pattern.compile("rank-0[^\\n]*\\n[^\\n]*rank-1|rank-1[^\\n]*\\n[^\\n]*rank-0"));
                    for (String[] p : PRINTS) {
                        t.send("print " + p[0]);
                        t.await(Pattern.compile("\\b" + p[1]));
                    }
                }
            }
            while (!hit[0]) {
                t.send("cont");
                Matcher m = t.await(Pattern.compile("Breakpoint hit: \"thread=rank-(\\d)\", Laplace\\.[\\w$]+\\(\\), line=" + LINE));
                hit[Integer.parseInt(m.group(1))] = true;
            }
            // jdb's 'clear' removes one copy's breakpoint only (it keeps one request per breakpoint); detaching
            // removes them all and resumes every thread.
            t.send("exit");
            assertTrue(job.waitFor(60, TimeUnit.SECONDS), "the job did not end after the debugger detached:\n" + t);
            assertEquals(0, job.exitValue(), Files.readString(jobOut));
            String out = Files.readString(jobOut);
            assertTrue(out.contains("Laplace: OK"), out);
            // the agent listens again after the detach, but the job runs on: said once, then the detach
            assertEquals(1, out.split(Pattern.quote("waiting for a debugger on localhost:" + port), -1).length - 1, out);
            assertTrue(out.contains("hpjava: the debugger detached; the job runs on (a debugger can attach again on localhost:"
                    + port + ")"), out);
        } finally {
            if (jdb != null) jdb.destroyForcibly();
            if (job.isAlive()) {
                String state = "job still running; its output:\n" + Files.readString(jobOut) + "\njdb:\n" + t
                        + "\nthreads (the ranks are rank-N):\n" + ChildProcess.dumpAndKill(job);
                fail(state);
            }
        }
    }

    /** The 1-based line of the first occurrence of {@code statement} in {@code file}. */
    private static int lineOf(Path file, String statement) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int k = 0; k < lines.size(); k++) if (lines.get(k).contains(statement)) return k + 1;
        throw new AssertionError(file + " has no line " + statement);
    }

    /** Waits for the line hpjava prints when the JDWP agent listens, once the ranks' classes are loaded. */
    private static void awaitListening(Path out, int port, Process job) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            String s = Files.readString(out);
            if (s.contains("waiting for a debugger on localhost:" + port)) return;
            if (!job.isAlive()) fail("the job ended before a debugger attached:\n" + s);
            Thread.sleep(100);
        }
        fail("no JDWP agent listening after 90 s:\n" + Files.readString(out));
    }

    /** jdb's output as it arrives, and waiting for a pattern in what has not been matched yet. */
    private static final class Transcript {
        private final StringBuilder text = new StringBuilder();
        private final OutputStream in;
        private int consumed;

        Transcript(Process jdb) {
            this.in = jdb.getOutputStream();
            InputStream out = jdb.getInputStream();
            Thread.ofPlatform().daemon().name("jdb-reader").start(() -> {
                byte[] buf = new byte[4096];
                try {
                    for (int n; (n = out.read(buf)) > 0; ) {
                        synchronized (text) {
                            text.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                            text.notifyAll();
                        }
                    }
                } catch (IOException ignored) {
                    // jdb ended
                }
            });
        }

        void send(String command) throws IOException {
            in.write((command + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        }

        Matcher await(Pattern p) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            synchronized (text) {
                while (true) {
                    Matcher m = p.matcher(text);
                    if (m.find(consumed)) {
                        consumed = m.end();
                        return m;
                    }
                    long left = deadline - System.nanoTime();
                    if (left <= 0) fail("jdb never printed /" + p + "/; transcript:\n" + text);
                    TimeUnit.NANOSECONDS.timedWait(text, left);
                }
            }
        }

        @Override
        public String toString() {
            synchronized (text) {
                return text.toString();
            }
        }
    }
}
