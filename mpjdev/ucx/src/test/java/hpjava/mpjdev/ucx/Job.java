package hpjava.mpjdev.ucx;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs a ucx job through {@link hpjava.mpjdev.Launcher} in a child JVM with a time limit, so that a hung job cannot
 * hang the test JVM. On timeout the test fails with the job's output and a thread dump of every JVM of the job (the
 * state of each rank), and the job is killed.
 */
record Job(int exitStatus, String output) {

    static Job run(int np, Duration timeout, String mainClass, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("hpjava.mpjdev.Launcher");
        cmd.add("--backend");
        cmd.add("ucx");
        cmd.add("--np");
        cmd.add(Integer.toString(np));
        cmd.add("--prefix-output");
        // rank JVMs of these short jobs start faster with one compiler tier and the serial collector
        cmd.add("--option");
        cmd.add("jvm-args=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        try {
            Path log = Files.createTempFile("hpjava-ucx-job-", ".log");
            try {
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    String dumps = threadDumps(p);
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(30, TimeUnit.SECONDS);
                    fail("ucx job " + mainClass + " " + String.join(" ", args) + " at np=" + np + " did not end within "
                            + timeout + "\n---- output\n" + Files.readString(log) + "\n---- state of every rank\n"
                            + dumps);
                }
                return new Job(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            throw new AssertionError("cannot run the ucx job: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** jcmd Thread.print of the launcher JVM and every rank JVM under it. */
    private static String threadDumps(Process p) throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(p.toHandle());
        p.descendants().forEach(all::add);
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        StringBuilder sb = new StringBuilder();
        for (ProcessHandle h : all) {
            sb.append("---- pid ").append(h.pid()).append(": ").append(h.info().commandLine().orElse("?"))
                    .append('\n');
            try {
                Process d = new ProcessBuilder(jcmd.toString(), Long.toString(h.pid()), "Thread.print")
                        .redirectErrorStream(true).start();
                byte[] text;
                try (InputStream in = d.getInputStream()) {
                    text = in.readAllBytes();
                }
                if (!d.waitFor(20, TimeUnit.SECONDS)) d.destroyForcibly();
                sb.append(new String(text, StandardCharsets.UTF_8)).append('\n');
            } catch (IOException e) {
                sb.append("(jcmd failed: ").append(e.getMessage()).append(")\n");
            }
        }
        return sb.toString();
    }

    /** Lines of the output that start with {@code prefix} after the {@code [rank] } prefix. */
    long count(String prefix) {
        return output.lines().filter(l -> l.replaceFirst("^\\[\\d+\\] ", "").startsWith(prefix)).count();
    }
}
