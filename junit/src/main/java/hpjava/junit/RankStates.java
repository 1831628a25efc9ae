package hpjava.junit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** What each rank of a job that timed out is doing, and how the job is abandoned. */
final class RankStates {
    private static final int MAX_FRAMES = 30;

    private RankStates() {
    }

    /** One paragraph per rank: finished, failed, not started, or running with its stack. */
    static String describe(JobDirectory job, int np, String backend) {
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < np; r++) {
            b.append("  rank ").append(r).append(": ");
            try {
                if (job.failure(r).isPresent()) {
                    b.append("failed: ").append(job.failure(r).get().lines().findFirst().orElse("")).append('\n');
                    continue;
                }
                if (job.value(r).isPresent()) {
                    b.append("returned\n");
                    continue;
                }
            } catch (IOException e) {
                b.append("(cannot read its state: ").append(e.getMessage()).append(")\n");
                continue;
            }
            Thread t = LiveRanks.get(job, r);
            Optional<Long> pid = job.pid(r);
            if (t != null) b.append("running, thread ").append(t.getName()).append(' ').append(t.getState()).append('\n')
                    .append(frames(t.getStackTrace()));
            else if (pid.isPresent() && pid.get() != ProcessHandle.current().pid())
                b.append("running in process ").append(pid.get()).append('\n').append(processMainThread(pid.get()));
            else b.append("not started (still in the backend's start-up)\n");
        }
        return b.toString();
    }

    /** Abandons a job: interrupts mt rank threads; kills rank processes of other backends (which this job started). */
    static void stop(JobDirectory job, int np) {
        for (int r = 0; r < np; r++) {
            Thread t = LiveRanks.get(job, r);
            if (t != null) t.interrupt();
            job.pid(r).filter(p -> p != ProcessHandle.current().pid())
                    .flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** A rank thread's stack down to the test's frames (the harness's frames below them are cut). */
    private static String frames(StackTraceElement[] st) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(st.length, MAX_FRAMES); i++) b.append("      at ").append(st[i]).append('\n');
        return RankFailure.trim(b.toString());
    }

    /** The "main" thread's section of {@code jcmd PID Thread.print}, or why it could not be had. */
    private static String processMainThread(long pid) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print").redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
            String dump = new String(out, StandardCharsets.UTF_8);
            for (String section : dump.split("\\R\\R"))
                if (section.startsWith("\"main\"")) return section.lines().limit(MAX_FRAMES).map(l -> "      " + l + "\n")
                        .reduce("", String::concat);
            return "      (no main thread in jcmd's dump)\n";
        } catch (IOException e) {
            return "      (jcmd failed: " + e.getMessage() + ")\n";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "      (interrupted)\n";
        }
    }
}
