/**
 * Heavy rank output (bench/output-flood): prints {@code lines} lines of exactly 80 bytes (newline included) to standard
 * output, {@code rank R seq S} then padding, as fast as it can: the same program runs as an HPJava job (one copy a
 * rank, {@code hpjava run ... Flood LINES}) and as a plain {@code java Flood LINES} (rank 0). The rank comes from
 * mpjdev's {@code RankContext} when the program runs in a job (by reflection, so that the plain run needs nothing on
 * its class path). After the lines, the rank's own printing time goes to standard error.
 */
public final class Flood {
    private Flood() {}

    public static void main(String[] args) throws Exception {
        long lines = Long.parseLong(args[0]);
        int rank = rank();
        String pad = "x".repeat(80);
        long t0 = System.nanoTime();
        for (long s = 0; s < lines; s++) {
            String head = "rank " + rank + " seq " + s + " ";
            System.out.println(head + pad.substring(0, 79 - head.length()));
        }
        System.out.flush();
        double sec = (System.nanoTime() - t0) / 1e9;
        System.err.printf(java.util.Locale.ROOT, "flood: rank %d printed %d lines in %.3f s (%.1f MB/s)%n", rank, lines, sec,
                lines * 80 / 1e6 / Math.max(sec, 1e-9));
    }

    private static int rank() {
        try {
            Object ctx = Class.forName("hpjava.mpjdev.RankContext").getMethod("current").invoke(null);
            return (Integer) ctx.getClass().getMethod("rank").invoke(ctx);
        } catch (ReflectiveOperationException | LinkageError e) {
            return 0;
        }
    }
}
