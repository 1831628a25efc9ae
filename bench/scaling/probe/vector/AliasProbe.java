/**
 * bench/scaling/probe/vector: does C2 (JDK 25) SuperWord vectorize b[j] = f(a[j - 1], a[j + 1]) for two double[]?
 * Run with -XX:+UseSuperWord and -XX:-UseSuperWord: sameIndex (b[j] = f(a[j])) speeds up, offsets does not, nor
 * does fresh (b allocated in the method, so provably another object).   java AliasProbe.java
 */
public class AliasProbe {
  static void sameIndex(double[] b, double[] a, int n) { for (int j = 1; j < n - 1; j++) b[j] = 0.25 * (a[j] + a[j]); }
  static void offsets(double[] b, double[] a, int n) { for (int j = 1; j < n - 1; j++) b[j] = 0.25 * (a[j - 1] + a[j + 1]); }
  /** b is allocated here: provably a different object from a. */
  static double[] fresh(double[] a, int n) {
    double[] b = new double[n];
    for (int j = 1; j < n - 1; j++) b[j] = 0.25 * (a[j - 1] + a[j + 1]);
    return b;
  }
  public static void main(String[] args) {
    int n = 4096, reps = 200000;
    double[] a = new double[n], b = new double[n];
    for (int j = 0; j < n; j++) a[j] = j * 0.5;
    for (String v : new String[] {"sameIndex", "offsets", "fresh"}) {
      double sink = 0;
      for (int warm = 0; warm < 2; warm++) {
        long t = System.nanoTime();
        for (int r = 0; r < reps; r++) {
          switch (v) {
            case "sameIndex" -> sameIndex(b, a, n);
            case "offsets" -> offsets(b, a, n);
            default -> b = fresh(a, n);
          }
          sink += b[r & 1023];
        }
        if (warm == 1) System.out.printf("%s ns/element %.3f (%s)%n", v, (System.nanoTime() - t) / (double) reps / n, sink > 0 ? "" : "-");
      }
    }
  }
}
