import java.util.Locale;

/**
 * NPB's standard report (print_results of NASA's MPI kernels), line for line, so that scripts written for NASA's
 * binaries read ours: {@code  Verification    =               SUCCESSFUL}, {@code  Mop/s total     =} and the rest.
 *
 * @param name       two-letter kernel name ("MG")
 * @param problem    the class letter
 * @param n1         the problem size (the grid's first extent, or the only size when n2 = n3 = 0)
 * @param iterations the benchmark's iteration count
 * @param seconds    the timed section's wall time
 * @param mops       the rate in millions of operations per second, from NPB's operation count
 * @param operation  NPB's operation type ("floating point")
 * @param processes  the number of processes
 * @param verified   whether the result matched NASA's reference value
 */
public record NpbReport(String name, char problem, int n1, int n2, int n3, int iterations, double seconds, double mops,
                        String operation, int processes, boolean verified) {

    /** NPB's operation count divided by time, in Mop/s (0 when no time was measured). */
    public static double mops(double operations, double seconds) {
        return seconds > 0 ? operations * 1e-6 / seconds : 0;
    }

    /** The report as NASA's binaries print it. */
    public String text() {
        StringBuilder b = new StringBuilder("\n\n");
        b.append(' ').append(name).append(" Benchmark Completed.\n");
        line(b, "Class           = ", "%12s", String.valueOf(problem));
        if (n2 == 0 && n3 == 0) line(b, "Size            = ", "%12d", n1);
        else b.append(String.format(Locale.ROOT, " Size            =  %9s%4dx%4dx%4d%n", "", n1, n2, n3));
        line(b, "Iterations      = ", "%12d", iterations);
        line(b, "Time in seconds = ", "%12.2f", seconds);
        line(b, "Total processes = ", "%12d", processes);
        line(b, "Mop/s total     = ", "%12.2f", mops);
        line(b, "Mop/s/process   = ", "%12.2f", mops / processes);
        b.append(String.format(Locale.ROOT, " Operation type  = %24s%n", operation));
        b.append(String.format(Locale.ROOT, " Verification    = %12s%s%n", "", verified ? "  SUCCESSFUL" : "UNSUCCESSFUL"));
        line(b, "Version         = ", "%12s", "3.4.1");
        line(b, "Implementation  = ", "%12s", "HPJava");
        return b.toString();
    }

    private static void line(StringBuilder b, String label, String format, Object value) {
        b.append(' ').append(label).append(String.format(Locale.ROOT, "%12s" + format + "%n", "", value));
    }
}
