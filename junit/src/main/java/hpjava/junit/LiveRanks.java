package hpjava.junit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The threads of the mt ranks of running jobs, by job directory and rank, so a timeout can print their stacks. (This
 * class is loaded once per JVM: {@code hpjava.junit} is parent-first in mt's program class loader.)
 */
final class LiveRanks {
    private static final Map<String, Thread> THREADS = new ConcurrentHashMap<>();

    private LiveRanks() {
    }

    static void add(JobDirectory job, int rank, Thread t) {
        THREADS.put(key(job, rank), t);
    }

    static void remove(JobDirectory job, int rank) {
        THREADS.remove(key(job, rank));
    }

    static Thread get(JobDirectory job, int rank) {
        return THREADS.get(key(job, rank));
    }

    private static String key(JobDirectory job, int rank) {
        return job.dir() + "#" + rank;
    }
}
