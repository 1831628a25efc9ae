package hpjava.mpjdev.watch;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

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

    /** This host's name, as the launcher passes it. */
    public static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
