import java.util.Arrays;
/** Per-iteration times of rank 0: medians of blocks of 100 and the time until the blocks settle. */
public class Warm {
  public static void report(long[] t) {
    int n = t.length - 1;
    double[] d = new double[n];
    for (int i = 0; i < n; i++) d[i] = (t[i + 1] - t[i]) / 1e6;
    double[] tail = Arrays.copyOfRange(d, n / 2, n); Arrays.sort(tail);
    double steady = tail[tail.length / 2];
    StringBuilder sb = new StringBuilder("WARM blocks(mean ms/100):");
    int settled = -1; double settledAt = 0;
    for (int b = 0; b * 100 < n; b++) {
      int lo = b * 100, hi = Math.min(n, lo + 100);
      double s = 0; for (int i = lo; i < hi; i++) s += d[i];
      double mean = s / (hi - lo);
      sb.append(String.format(" %.3f", mean));
      if (mean <= 1.15 * steady) { if (settled < 0) { settled = lo; settledAt = (t[lo] - t[0]) / 1e6; } }
      else settled = -1;
    }
    System.out.println(sb);
    System.out.printf("WARM steady_median_ms=%.4f settled_iter=%d settled_ms=%.1f total_ms=%.1f%n", steady, settled, settledAt, (t[n] - t[0]) / 1e6);
  }
}
