package hpjava.io;

import hpjava.lang.ProcessContext;

import java.io.PrintStream;

/**
 * Progress lines of a long run: {@code label: step 1200, residual 3.4e-05, elapsed 0:12, about 0:30 left}, printed
 * by APG member 0 at most once every {@code interval} seconds (the first after one interval), so a run of any length
 * prints a bounded number of lines. The remaining time is estimated from the residual's recent rate of decrease
 * towards the target (a converging iteration), or from the step count when the run has a fixed number of steps.
 * Lines go to the standard error stream, so that the standard output holds only the results.
 * Call {@link #update} from every member (it is local: no communication); {@code quiet} turns it off.
 */
public final class Progress {
    private final String label;
    private final double target;
    private final int totalSteps;
    private final long intervalNanos, start;
    private final boolean print;
    private final PrintStream out;
    private long next;
    private int lastStep = -1;
    private double lastLog = Double.NaN;

    /**
     * @param label      what runs ("Laplace")
     * @param target     the residual at which the run ends (0: none)
     * @param totalSteps the number of steps when fixed (0: unknown)
     * @param seconds    the least time between two lines
     * @param quiet      print nothing
     */
    public Progress(String label, double target, int totalSteps, double seconds, boolean quiet) {
        this(label, target, totalSteps, seconds, quiet, System.err);
    }

    Progress(String label, double target, int totalSteps, double seconds, boolean quiet, PrintStream out) {
        this.label = label;
        this.target = target;
        this.totalSteps = totalSteps;
        this.intervalNanos = (long) (seconds * 1e9);
        this.start = System.nanoTime();
        this.next = start + intervalNanos;
        ProcessContext c = ProcessContext.current();
        this.print = !quiet && c.apg().member(0) == c.id();
        this.out = out;
    }

    /** Reports step {@code step} with residual {@code residual}; prints when the interval has passed. */
    public void update(int step, double residual) {
        if (!print) return;
        long now = System.nanoTime();
        if (now < next) return;
        double elapsed = (now - start) / 1e9;
        String left = estimate(step, residual, elapsed);
        out.println(label + ": step " + step + ", residual " + String.format("%.3e", residual) + ", elapsed "
                + clock(elapsed) + (left == null ? "" : ", about " + left + " left"));
        out.flush();
        next = now + intervalNanos;
        lastStep = step;
        lastLog = Math.log(residual);
    }

    /** Remaining time: by steps when their number is fixed, else by the residual's decay since the last line. */
    private String estimate(int step, double residual, double elapsed) {
        if (step <= 0) return null;
        double perStep = elapsed / step;
        if (totalSteps > 0) return clock(Math.max(0, totalSteps - step) * perStep);
        if (!(target > 0) || lastStep < 0 || step <= lastStep || !(residual > 0)) return null;
        double rate = (lastLog - Math.log(residual)) / (step - lastStep);   // decrease of log residual per step
        if (!(rate > 0)) return null;
        double steps = Math.max(0, (Math.log(residual) - Math.log(target)) / rate);
        return clock(steps * perStep);
    }

    static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String.format("%d:%02d", s / 60, s % 60);
    }
}
