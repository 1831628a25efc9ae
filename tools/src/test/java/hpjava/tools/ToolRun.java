package hpjava.tools;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Running the tools in tests: in this JVM (exit status and messages) or as a user does, in a JVM of their own. */
record ToolRun(int status, String out, String err) {

    static ToolRun hpjavac(String... args) {
        return inProcess(true, args);
    }

    static ToolRun hpjava(String... args) {
        return inProcess(false, args);
    }

    private static ToolRun inProcess(boolean compiler, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8), e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int status = compiler ? Hpjavac.run(args, o, e) : Hpjava.run(args, o, e);
        return new ToolRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** {@code java -cp <this class path> hpjava.tools.Hpjava args} in {@code dir}, killed after 120 s. */
    static ToolRun hpjavaJvm(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(javaBin("java"), "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Hpjava.class.getName()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt"), err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            String dumps = threadDumps(p);
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("hpjava " + String.join(" ", args) + " did not end within 120 s; output:\n" + Files.readString(out)
                    + "\nerrors:\n" + Files.readString(err) + "\nthreads (the ranks are rank-N):\n" + dumps);
        }
        return new ToolRun(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** jcmd Thread.print of the tool's JVM and of every JVM it started (an mt job's rank threads are rank-N). */
    static String threadDumps(Process p) {
        StringBuilder sb = new StringBuilder();
        List<ProcessHandle> all = new ArrayList<>(List.of(p.toHandle()));
        p.descendants().forEach(all::add);
        for (ProcessHandle h : all) {
            try {
                Process jcmd = new ProcessBuilder(javaBin("jcmd"), Long.toString(h.pid()), "Thread.print")
                        .redirectErrorStream(true).start();
                jcmd.waitFor(20, TimeUnit.SECONDS);
                sb.append("--- pid ").append(h.pid()).append('\n').append(new String(jcmd.getInputStream().readAllBytes()));
            } catch (IOException | InterruptedException e) {
                sb.append("--- pid ").append(h.pid()).append(": no dump (").append(e).append(")\n");
            }
        }
        return sb.toString();
    }

    static String javaBin(String tool) {
        return Path.of(System.getProperty("java.home"), "bin", tool).toString();
    }

    /** The class path of compiled programs in tests: this JVM's (runtime, adlib, mpjdev). */
    static String programClassPath() {
        return System.getProperty("java.class.path");
    }

    @Override
    public String toString() {
        return "status " + status + "\n--- out:\n" + out + "--- err:\n" + err;
    }
}
