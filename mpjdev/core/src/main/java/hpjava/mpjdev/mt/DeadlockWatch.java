package hpjava.mpjdev.mt;

import hpjava.mpjdev.JobAbortedException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.watch.HangClock;
import hpjava.mpjdev.watch.HangReports;
import hpjava.mpjdev.watch.JobWatch;

import java.io.PrintStream;

/**
 * The deadlock detector and watchdog of one mt job, run on a platform thread of its own: reports a deadlock when every
 * live rank's main thread has been blocked in the device, on operations that cannot complete, for three consecutive
 * polls with no progress; reports a hang when no rank's device-operation count has moved for the job's
 * {@link hpjava.mpjdev.LaunchSpec#timeoutSeconds()} while a rank waits (exit status
 * {@link hpjava.mpjdev.watch.JobWatch#HANG_STATUS}). Either report prints each rank's pending operation and calling
 * line, then aborts the job; {@link #stateReport} gives the same lines on request ({@code kill -USR1}).
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
        HangClock hang = new HangClock(job.spec.timeoutSeconds());
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(WATCHDOG_PERIOD_MS);
                if (job.isAborted()) return;
                if (hang.expired(progressSum(), anyRankWaits())) {
                    reportHang();
                    return;
                }
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

    /** Device operations of every rank so far, and their waits: what moves while the job communicates. */
    private long progressSum() {
        long sum = 0;
        for (RankState s : job.ranks) sum += s.activity() + s.blockSeq;
        return sum;
    }

    private boolean anyRankWaits() {
        for (RankState s : job.ranks) if (s.isLive() && s.waitingOn != null) return true;
        return false;
    }

    /** The watchdog's timeout: no progress for {@code --timeout} seconds while a rank waits. */
    private void reportHang() {
        int t = job.spec.timeoutSeconds();
        StringBuilder sb = new StringBuilder("mpjdev: hang: no rank has made communication progress for " + t
                + " s while ranks wait in the device (--timeout " + t + "); ending the job (exit status "
                + JobWatch.HANG_STATUS + ")");
        appendRankStates(sb);
        String report = sb.toString();
        HangReports.publish(report, err);
        job.abortWithStatus(JobWatch.HANG_STATUS, new JobAbortedException(report));
    }

    private void reportDeadlock() {
        StringBuilder sb = new StringBuilder("mpjdev: deadlock: every live rank is blocked in the device and no message in flight can wake any of them");
        appendRankStates(sb);
        String report = sb.toString();
        HangReports.publish(report, err);
        job.abort(new hpjava.mpjdev.DeadlockException(report));
    }

    /** Every rank's state now, for a report on request ({@code kill -USR1}). */
    String stateReport() {
        StringBuilder sb = new StringBuilder("mpjdev: the job's state (on request)");
        appendRankStates(sb);
        return sb.toString();
    }

    /** One line a rank: its pending operation (or "running") and the program's position, from a stack sample. */
    private void appendRankStates(StringBuilder sb) {
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
    }

    /** See {@link hpjava.mpjdev.watch.CallSite}: the program's position of a rank's thread, for reports. */
    static String callerSuffix(Thread t) {
        return hpjava.mpjdev.watch.CallSite.of(t);
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
