package hpjava.mpjdev.idle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How many cores there are: the one place every backend (and the launcher) asks, before choosing how long its waiters
 * spin. With more ranks than cores a spinning waiter steals the core of the rank it waits for, so the wait strategies
 * then spin briefly and give the core up.
 */
public final class Cores {
    private Cores() {}

    /** The cores this JVM may use ({@link Runtime#availableProcessors()}, which honours CPU affinity and cgroups). */
    public static int available() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * Whether {@code ranksOnHost} busy ranks (threads of one JVM for mt, processes for mpi and ucx) cannot each have a
     * core of their own here.
     */
    public static boolean oversubscribed(int ranksOnHost) {
        return ranksOnHost > available();
    }

    /**
     * The cores the ranks of this host share (for a backend whose ranks are processes). When this process may run on
     * fewer processors than the host has online ({@code Cpus_allowed_list} of {@code /proc/self/status} against
     * {@code /sys/devices/system/cpu/online}), its launcher bound it (Open MPI binds each rank to a core of its own
     * unless the host is oversubscribed): the host's online processors. Otherwise {@link #available()}, which also
     * honours a cgroup's CPU quota. If either file cannot be read, {@link #available()}.
     */
    public static int host() {
        int available = available();
        try {
            int online = countCpuList(Files.readString(Path.of("/sys/devices/system/cpu/online")).trim());
            int allowed = -1;
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) allowed = countCpuList(line.substring(line.indexOf(':') + 1).trim());
            }
            return allowed > 0 && allowed < online ? online : available;
        } catch (IOException | RuntimeException e) {
            return available;
        }
    }

    /** The number of processors in a Linux CPU list ({@code 0-3,8,10-11}: 7). */
    public static int countCpuList(String list) {
        int n = 0;
        for (String part : list.split(",")) {
            int dash = part.indexOf('-');
            n += dash < 0 ? 1 : Integer.parseInt(part.substring(dash + 1).trim()) - Integer.parseInt(part.substring(0, dash).trim()) + 1;
        }
        return n;
    }
}
