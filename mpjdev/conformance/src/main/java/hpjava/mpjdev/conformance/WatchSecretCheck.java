package hpjava.mpjdev.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Checks, while a job of a process backend runs, that its watch secret is where only the job's owner can read it: in
 * the rank processes' environment ({@code HPJAVA_WATCH_SECRET}, {@code /proc/PID/environ}), and on no command line of
 * any process of this machine ({@code /proc/PID/cmdline}, what {@code ps -eo args} shows): not the launcher JVM's,
 * not mpirun's or its daemons', not a rank JVM's. Linux only.
 */
public final class WatchSecretCheck {
    private static final String SECRET_ENV = hpjava.mpjdev.watch.JobWatch.SECRET_ENV;

    private WatchSecretCheck() {}

    /**
     * What is wrong for the job under {@code launcher} whose rank processes run {@code rankMainClass}: empty when
     * every rank has a secret of 64 hex digits, all the same, in its environment and no command line shows it.
     */
    public static List<String> problems(ProcessHandle launcher, String rankMainClass) throws IOException {
        List<String> problems = new ArrayList<>();
        List<ProcessHandle> ranks = launcher.descendants()
                .filter(h -> cmdline(h.pid()).contains(" " + rankMainClass + " ")).toList();
        if (ranks.isEmpty()) problems.add("no rank process (" + rankMainClass + ") under " + launcher.pid());
        String secret = null;
        for (ProcessHandle r : ranks) {
            String s = environment(r.pid(), SECRET_ENV);
            if (s == null || !s.matches("[0-9a-f]{64}")) problems.add("rank process " + r.pid() + " has no secret in $" + SECRET_ENV + ": " + s);
            else if (secret != null && !secret.equals(s)) problems.add("the ranks have different secrets");
            else secret = s;
        }
        if (secret == null) return problems;
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : procs) {
                long pid = Long.parseLong(p.getFileName().toString());
                String cmd = cmdline(pid);
                if (cmd.contains(secret)) problems.add("the secret is on the command line of process " + pid + ": " + cmd);
            }
        }
        return problems;
    }

    /** The process's command line, its arguments joined by spaces ({@code ps -eo args}); empty when it has gone. */
    static String cmdline(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    private static String environment(long pid, String name) {
        try {
            String env = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ")), StandardCharsets.UTF_8);
            try (Stream<String> vars = Stream.of(env.split("\0"))) {
                return vars.filter(v -> v.startsWith(name + "=")).map(v -> v.substring(name.length() + 1)).findFirst().orElse(null);
            }
        } catch (IOException e) {
            return null;
        }
    }
}
