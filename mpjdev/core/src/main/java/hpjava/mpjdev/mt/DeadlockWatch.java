package hpjava.mpjdev.mt;

import hpjava.mpjdev.Request;

import java.io.PrintStream;

/**
 * The deadlock detector of one mt job, run on a platform thread of its own: reports a deadlock when every live rank's
 * main thread has been blocked in the device, on operations that cannot complete, for three consecutive polls with no
 * progress; it prints each rank's pending operation and calling line, then aborts the job.
 */
final class DeadlockWatch {
    private static final long WATCHDOG_PERIOD_MS = 200;
    private static final int STABLE_POLLS_FOR_DEADLOCK = 3;

    private final MtJob job;
    private final int np;
    private final PrintStream err;

    DeadlockWatch(MtJob job, PrintStream err) {
        this.job = job;
        this.np = job.np;
        this.err = err;
    }

    void run() {
        long[] seq = new long[np];
        long[] act = new long[np];
        int stable = 0;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(WATCHDOG_PERIOD_MS);
                if (job.isAborted()) return;
                boolean anyLive = false, allBlocked = true, same = true;
                for (int r = 0; r < np && allBlocked; r++) {
                    RankState s = job.ranks[r];
                    if (!s.isLive()) continue;
                    anyLive = true;
                    long q = s.blockSeq;
                    Object w = s.waitingOn;
                    if (w == null || canComplete(w) || !s.isLive()) {
                        allBlocked = false;
                        break;
                    }
                    long a = s.activity();
                    if (seq[r] != q || act[r] != a) same = false;
                    seq[r] = q;
                    act[r] = a;
                }
                if (!anyLive || !allBlocked) {
                    stable = 0;
                } else {
                    stable = same ? stable + 1 : 1;
                    if (stable >= STABLE_POLLS_FOR_DEADLOCK) {
                        reportDeadlock();
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            // job ended
        }
    }

    private static boolean canComplete(Object w) {
        return switch (w) {
            case MtRequest r -> r.isDone();
            case Request[] rs -> MtWaiting.doneIndex(rs) >= 0;
            case CollectiveWait c -> c.context.generation != c.generation;
            default -> false;
        };
    }

    private void reportDeadlock() {
        StringBuilder sb = new StringBuilder("mpjdev: deadlock: every live rank is blocked in the device and no message in flight can wake any of them");
        for (int r = 0; r < np; r++) {
            RankState s = job.ranks[r];
            sb.append("\n  rank ").append(r).append(": ");
            if (!s.isLive()) {
                sb.append(MtWaiting.ended(s));
                continue;
            }
            Object w = s.waitingOn;
            switch (w) {
                case MtRequest q -> sb.append(q.describe());
                case Request[] rs -> {
                    sb.append("iwaitany[");
                    boolean firstOne = true;
                    for (Request q : rs) {
                        if (q == null) continue;
                        if (!firstOne) sb.append(", ");
                        firstOne = false;
                        sb.append(((MtRequest) q).describe());
                    }
                    sb.append(']');
                }
                case CollectiveWait c -> sb.append(c.kind).append('(').append(c.context.description()).append(')');
                case null -> sb.append("running");
                default -> sb.append(w);
            }
            sb.append(callerSuffix(s.mainThread));
        }
        String report = sb.toString();
        synchronized (err) {
            err.println(report);
            err.flush();
        }
        job.abort(new hpjava.mpjdev.DeadlockException(report));
    }

    /**
     * {@code " in Adlib.writeHalo at Prog.main(Prog.hpj:12)"}: the library entry the rank called (when it is Adlib) and
     * the program's frame that called it: the first frame below the device outside the HPJava libraries and the JDK
     * (else, as before, the first frame below the device).
     */
    static String callerSuffix(Thread t) {
        if (t == null) return "";
        StackTraceElement[] st = t.getStackTrace();
        String entry = "";
        for (StackTraceElement e : st)
            if (e.getClassName().equals("hpjava.adlib.Adlib")) entry = " in Adlib." + e.getMethodName();
        StackTraceElement belowDevice = null;
        boolean inDevice = false;
        for (StackTraceElement e : st) {
            String c = e.getClassName();
            if (c.startsWith("hpjava.mpjdev.")) inDevice = true;
            else if (inDevice) {
                if (belowDevice == null) belowDevice = e;
                if (!isLibrary(c)) return entry + " at " + e;
            }
        }
        if (belowDevice != null) return entry + " at " + belowDevice;
        for (StackTraceElement e : st) if (!isLibrary(e.getClassName())) return " at " + e;
        return "";
    }

    private static boolean isLibrary(String c) {
        return c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("hpjava.mpjdev.") || c.startsWith("hpjava.adlib.")
                || c.startsWith("hpjava.lang.");
    }

    /** For tests and diagnostics: a snapshot of every rank's state. */
    static String describeRanks(MtJob job) {
        StringBuilder sb = new StringBuilder();
        for (RankState s : job.ranks) {
            sb.append("rank ").append(s.rank).append(": ").append(s.isLive() ? "running" : MtWaiting.ended(s));
            Object w = s.waitingOn;
            if (w instanceof MtRequest q) sb.append(", blocked in ").append(q.describe());
            sb.append(callerSuffix(s.mainThread)).append('\n');
        }
        return sb.toString();
    }
}
