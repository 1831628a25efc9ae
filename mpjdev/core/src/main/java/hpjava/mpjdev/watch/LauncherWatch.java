package hpjava.mpjdev.watch;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Ends a process of a job (an mpi rank, the JVM of an mt job started by {@code hpjava run}) when the {@code hpjava}
 * launcher that started it has gone, however it ended (SIGKILL too, which runs no shutdown hook): a daemon thread
 * polls the launcher's pid (system property {@value #PID_PROPERTY}) every {@link #POLL_MS} ms and halts this JVM
 * once it is gone. Only on the launcher's host ({@value #HOST_PROPERTY}): elsewhere the pid means another process.
 */
public final class LauncherWatch {
    public static final String PID_PROPERTY = "hpjava.launcher.pid";
    public static final String HOST_PROPERTY = "hpjava.launcher.host";
    static final long POLL_MS = 200;

    private LauncherWatch() {}

    /** Starts the watch when the properties ask for it; {@code who} names this process in the message. */
    public static void startFromProperties(String who) {
        String pid = System.getProperty(PID_PROPERTY);
        String host = System.getProperty(HOST_PROPERTY);
        if (pid == null || pid.isBlank()) return;
        if (host != null && !host.equals(hostName())) return;
        Optional<ProcessHandle> launcher;
        try {
            launcher = ProcessHandle.of(Long.parseLong(pid.trim()));
        } catch (NumberFormatException e) {
            return;
        }
        ProcessHandle h = launcher.orElse(null);
        Thread.ofPlatform().daemon().name("hpjava-launcher-watch").start(() -> {
            while (h != null && h.isAlive()) {
                try {
                    Thread.sleep(POLL_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("mpjdev: " + who + ": the hpjava launcher (pid " + pid.trim() + ") has gone away; exiting");
            System.err.flush();
            Runtime.getRuntime().halt(1);
        });
    }

    /**
     * {@code command} run so that the kernel sends it SIGTERM when the thread that starts it ends, however this JVM
     * ends (SIGKILL too): Linux's parent-death signal, set by util-linux {@code setpriv --pdeathsig TERM} and kept
     * across its exec of the command. For a job's launcher process (mpirun, mpiexec), which ends its job on SIGTERM at
     * once (measured on a two-host job: every process gone within 0.2 s, against 2-3 s for Open MPI's own abort after
     * its ranks halted). The starting thread must be the one that waits for the process. Where {@code setpriv} cannot
     * do it, {@code command} itself.
     */
    public static List<String> endingWithThisJvm(List<String> command) {
        if (!Setpriv.WORKS) return command;
        List<String> tied = new ArrayList<>(List.of("setpriv", "--pdeathsig", "TERM"));
        tied.addAll(command);
        return tied;
    }

    /** Whether {@code setpriv --pdeathsig} runs here (util-linux 2.33 and later, Linux only); found once. */
    private static final class Setpriv {
        static final boolean WORKS = probe();

        private static boolean probe() {
            try {
                Process p = new ProcessBuilder("setpriv", "--pdeathsig", "TERM", "true")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return false;
                }
                return p.exitValue() == 0;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** This host's name, as the launcher passes it. */
    public static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
