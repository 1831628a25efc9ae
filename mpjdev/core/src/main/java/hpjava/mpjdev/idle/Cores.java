package hpjava.mpjdev.idle;

/**
 * Whether the ranks on this host outnumber its cores: the one place every backend asks before choosing how long its
 * waiters spin. With more ranks than cores a spinning waiter steals the core of the rank it waits for, so the wait
 * strategies then spin briefly and give the core up (PLATFORM-FACTS: "back off to parking").
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
}
