package hpjava.junit;

import java.nio.file.Path;

import hpjava.lang.ProcessContext;
import hpjava.mpjdev.JobAbortedException;
import hpjava.mpjdev.RankContext;
import hpjava.mpjdev.spi.ReportedFailure;

/**
 * The main class of every rank of a test job: {@code RankEntry JOB_DIRECTORY BACKEND}. Binds the rank's HPJava
 * process context, runs the job's {@link RankTask} with the rank's own program classes, and leaves the outcome in the
 * {@link JobDirectory}. A failure is rethrown after it is recorded, so the backend aborts the job and releases the
 * other ranks: as a {@link ReportedFailure}, which the backend reports in one line, since the test's failure shows its
 * stack trace (once, not twice).
 */
public final class RankEntry {
    private RankEntry() {
    }

    public static void main(String[] args) throws Throwable {
        JobDirectory job = new JobDirectory(Path.of(args[0]));
        RankContext rc = RankContext.current();
        int rank = rc.rank(), np = rc.world().size();
        LiveRanks.add(job, rank, Thread.currentThread());
        try {
            job.started(rank);
            RankTask task = job.readTask();
            HpjavaRank me = new HpjavaRank(rank, np, args[1]);
            Object[] value = new Object[1];
            Throwable[] thrown = new Throwable[1];
            ProcessContext.create(rank, np).run(() -> {
                try {
                    value[0] = task.invoke(rc.programClassLoader(), me);
                } catch (Throwable t) {
                    thrown[0] = t;
                }
            });
            if (thrown[0] != null) throw thrown[0];
            job.value(rank, serializeValue(rank, value[0]));
        } catch (JobAbortedException t) {
            job.failure(rank, t);
            throw t;
        } catch (Throwable t) {
            job.failure(rank, t);
            // the test's failure shows the trace (HpjavaJob): the backend's report of the rank says one line
            throw new ReportedFailure(t.toString(), "its stack trace is in the test's failure");
        } finally {
            LiveRanks.remove(job, rank);
        }
    }

    private static byte[] serializeValue(int rank, Object v) {
        if (v != null && !(v instanceof java.io.Serializable))
            throw new IllegalArgumentException("rank " + rank + " returned a " + v.getClass().getName()
                    + ", which is not Serializable: return numbers, arrays, strings, lists or Serializable records");
        return RankTask.serialize(v);
    }
}
