package demo;

/** Plain Java that uses the HPJava class Heat (run it in a rank: hpjava run, or a test through hpjava-junit). */
public final class Report {
    private Report() {
    }

    public static String line(int n, double total) {
        return String.format(java.util.Locale.ROOT, "rod of %d cells: total heat %.2f", n, total);
    }

    /** Computes and describes the heat of a rod of n cells. */
    public static String describe(int n) {
        return line(n, Heat.total(n));
    }
}
