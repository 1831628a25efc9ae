package hpjava.mpjdev.mpi;

import hpjava.mpjdev.watch.RankReporter;

/**
 * How a failing rank's report reaches the user before the rank aborts the job: never through the MPI launcher alone.
 *
 * <p>Why: MPICH's {@code mpiexec} (hydra) exits as soon as it receives a rank's abort, after one poll without waiting;
 * its {@code hydra_pmi_proxy} polls the rank's PMI socket before the rank's stderr pipe, so when both are ready at
 * once (the proxy was not scheduled between the rank's last write and its {@code MPI_Abort}) it forwards the abort
 * first, and the report that was already in the pipe is written to a closed socket (EPIPE) and lost. Measured with
 * strace: {@code bench/abort-report/README.md}. Open MPI's {@code mpirun} drains the ranks' output before it exits.
 *
 * <p>So the report goes to the launcher's job watch ({@link RankReporter#deliverFailure}): the {@code hpjava}
 * launcher prints it on its standard error and acknowledges it, and only then does the rank call {@code MPI_Abort}.
 * The rank does not print it itself, so it appears exactly once, as the rank would have printed it ({@code [R] }
 * before each line under {@code --prefix-output}). A rank without the watch (started by hand, on another host of a
 * hostfile job) prints it on its standard error and waits until the MPI launcher has read that ({@link StdioDrain})
 * before aborting.
 */
final class FailureReport {
    /** How long a rank waits for the launcher to acknowledge its report (it normally takes a millisecond). */
    private static final long ACK_TIMEOUT_MS = 30_000;
    /** How long a rank without the watch waits for the MPI launcher to read its output before aborting. */
    private static final long DRAIN_TIMEOUT_MS = 10_000;

    private static volatile RankReporter reporter;
    private static volatile String linePrefix = "";

    private FailureReport() {}

    /** Where reports go from now on: {@code reporter} (may be null: standard error), prefixed with the rank or not. */
    static void configure(RankReporter watch, int rank, boolean prefixOutput) {
        reporter = watch;
        linePrefix = prefixOutput ? "[" + rank + "] " : "";
    }

    /**
     * Delivers {@code report} (lines of text; a missing final newline is added), then aborts the whole job with
     * {@code status} ({@link MpiDevice#abortJob}); never returns.
     */
    static void abortJob(String report, int status) {
        deliver(report);
        MpiDevice.abortJob(status);
    }

    /** Delivers {@code report} as described in the class comment; returns once it is out of this process. */
    static void deliver(String report) {
        String text = report.isEmpty() || report.endsWith("\n") ? report : report + "\n";
        if (text.isEmpty()) return;
        System.out.flush();
        System.err.flush();
        RankReporter watch = reporter;
        if (watch != null && watch.deliverFailure(prefixed(text, linePrefix), ACK_TIMEOUT_MS)) return;
        // System.err adds the rank prefix itself under --prefix-output
        System.err.print(text);
        System.err.flush();
        System.out.flush();
        StdioDrain.await(DRAIN_TIMEOUT_MS);
    }

    /** {@code text} with {@code prefix} before each of its lines. */
    static String prefixed(String text, String prefix) {
        if (prefix.isEmpty()) return text;
        StringBuilder b = new StringBuilder(text.length() + 16 * prefix.length());
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end + 1;
            b.append(prefix).append(text, start, end);
            start = end;
        }
        return b.toString();
    }
}
