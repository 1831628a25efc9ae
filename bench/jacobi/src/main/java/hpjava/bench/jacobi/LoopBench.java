package hpjava.bench.jacobi;

import hpjava.lang.Block;
import hpjava.lang.DoubleMultiarray;
import hpjava.lang.ExtBlockRange;
import hpjava.lang.ProcessContext;
import hpjava.lang.Procs2;
import hpjava.lang.Range;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One Jacobi sweep {@code b[i,j] = (a[i-1,j] + a[i+1,j] + a[i,j-1] + a[i,j+1]) / 4} over the interior of an N x N
 * array: plain Java {@code double[][]} (the baseline) against the code hpjavac emits for
 * {@code overall (i = x for 1 : N-2) overall (j = y for 1 : N-2)} over {@code DoubleMultiarray}s with ghost
 * extensions, including the per-row entry of the inner overall (local block + APG restriction).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LoopBench {
    @Param({"512"})
    public int n;

    double[][] pa, pb;
    double[] fa, fb;
    ProcessContext ctx;
    Range x, y;
    DoubleMultiarray a, b;

    @Setup
    public void setup() {
        pa = new double[n][n];
        pb = new double[n][n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) pa[i][j] = i * 0.5 + j;
        fa = new double[n * n];
        fb = new double[n * n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) fa[i * n + j] = i * 0.5 + j;
        ctx = ProcessContext.create(0, 1);
        ctx.bind();                               // JMH runs @Setup on the benchmark thread
        Procs2 p = new Procs2(1, 1);
        x = new ExtBlockRange(n, p.dim(0), 1);
        y = new ExtBlockRange(n, p.dim(1), 1);
        a = new DoubleMultiarray(p, x, y);
        b = new DoubleMultiarray(p, x, y);
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) a.set(i * 0.5 + j, i, j);
        p.dim(0).crd();
    }

    @Benchmark
    public double plainJava() {
        final double[][] a = pa, b = pb;
        final int n = this.n;
        for (int i = 1; i < n - 1; i++) {
            final double[] up = a[i - 1], mid = a[i], down = a[i + 1], out = b[i];
            for (int j = 1; j < n - 1; j++) out[j] = 0.25 * (up[j] + down[j] + mid[j - 1] + mid[j + 1]);
        }
        return b[n / 2][n / 2];
    }

    /** Plain Java over one flat row-major array (what a multiarray's storage is), indices computed by hand. */
    @Benchmark
    public double flatJava() {
        final double[] a = fa, b = fb;
        final int n = this.n;
        for (int i = 1; i < n - 1; i++) {
            final int row = i * n;
            for (int j = 1; j < n - 1; j++) b[row + j] = 0.25 * (a[row - n + j] + a[row + n + j] + a[row + j - 1] + a[row + j + 1]);
        }
        return b[(n / 2) * n + n / 2];
    }

    @Benchmark
    public double multiarrayAsGenerated() {
        final ProcessContext $c = ctx;
        final Range x = this.x, y = this.y;
        final DoubleMultiarray a = this.a, b = this.b;
        final int n = this.n;
        final Block $bi = x.localBlock($c, 1, n - 2, 1), $bj = new Block();
        final int $mi = $c.enterIndex(x);
        try {
            final double[] $ad = a.dat(), $bd = b.dat();
            final int $ab = a.bas(), $a0 = a.str(0), $a1 = a.str(1), $bb = b.bas(), $b0 = b.str(0), $b1 = b.str(1);
            for (int $si = 0, $nsi = $bi.segments(); $si < $nsi; $si++) {
                $bi.select($si);
                final int $ni = $bi.count(), $sbi = $bi.subBase(), $ssi = $bi.subStep();
                for (int $ki = 0; $ki < $ni; $ki++) {
                    final int $i = $sbi + $ki * $ssi;
                    y.localBlock($c, 1, n - 2, 1, $bj);
                    final int $mj = $c.enterIndex(y);
                    try {
                        for (int $sj = 0, $nsj = $bj.segments(); $sj < $nsj; $sj++) {
                            $bj.select($sj);
                            final int $nj = $bj.count(), $sbj = $bj.subBase(), $ssj = $bj.subStep();
                            for (int $kj = 0; $kj < $nj; $kj++) {
                                final int $j = $sbj + $kj * $ssj;
                                $bd[$bb + $b0 * $i + $b1 * $j] = 0.25 * ($ad[$ab + $a0 * ($i - 1) + $a1 * $j]
                                        + $ad[$ab + $a0 * ($i + 1) + $a1 * $j] + $ad[$ab + $a0 * $i + $a1 * ($j - 1)]
                                        + $ad[$ab + $a0 * $i + $a1 * ($j + 1)]);
                            }
                        }
                    } finally {
                        $c.restoreApg($mj);
                    }
                }
            }
        } finally {
            $c.restoreApg($mi);
        }
        return $bd(b, n);
    }

    /**
     * The same loops with the inner subscript strength-reduced and the loop versioned on unit stride: when the
     * combined inner stride {@code str(1) * subStep} of every array is 1 (the usual row-major, step-1 case) the inner
     * loop indexes {@code row + k}, which the JIT can vectorize as it does plain Java; otherwise the general form.
     */
    @Benchmark
    public double multiarrayVersioned() {
        final ProcessContext $c = ctx;
        final Range x = this.x, y = this.y;
        final DoubleMultiarray a = this.a, b = this.b;
        final int n = this.n;
        final Block $bi = x.localBlock($c, 1, n - 2, 1), $bj = new Block();
        final int $mi = $c.enterIndex(x);
        try {
            final double[] $ad = a.dat(), $bd = b.dat();
            final int $ab = a.bas(), $a0 = a.str(0), $a1 = a.str(1), $bb = b.bas(), $b0 = b.str(0), $b1 = b.str(1);
            for (int $si = 0, $nsi = $bi.segments(); $si < $nsi; $si++) {
                $bi.select($si);
                final int $ni = $bi.count(), $sbi = $bi.subBase(), $ssi = $bi.subStep();
                for (int $ki = 0; $ki < $ni; $ki++) {
                    final int $i = $sbi + $ki * $ssi;
                    y.localBlock($c, 1, n - 2, 1, $bj);
                    final int $mj = $c.enterIndex(y);
                    try {
                        for (int $sj = 0, $nsj = $bj.segments(); $sj < $nsj; $sj++) {
                            $bj.select($sj);
                            final int $nj = $bj.count(), $sbj = $bj.subBase(), $ssj = $bj.subStep();
                            final int $ra = $ab + $a0 * $i + $a1 * $sbj, $rb = $bb + $b0 * $i + $b1 * $sbj;
                            final int $ka = $a1 * $ssj, $kb = $b1 * $ssj;
                            if ($ka == 1 && $kb == 1) {
                                for (int $kj = 0; $kj < $nj; $kj++)
                                    $bd[$rb + $kj] = 0.25 * ($ad[$ra - $a0 + $kj] + $ad[$ra + $a0 + $kj]
                                            + $ad[$ra - $a1 + $kj] + $ad[$ra + $a1 + $kj]);
                            } else {
                                for (int $kj = 0; $kj < $nj; $kj++)
                                    $bd[$rb + $kj * $kb] = 0.25 * ($ad[$ra - $a0 + $kj * $ka] + $ad[$ra + $a0 + $kj * $ka]
                                            + $ad[$ra - $a1 + $kj * $ka] + $ad[$ra + $a1 + $kj * $ka]);
                            }
                        }
                    } finally {
                        $c.restoreApg($mj);
                    }
                }
            }
        } finally {
            $c.restoreApg($mi);
        }
        return $bd(b, n);
    }

    private static double $bd(DoubleMultiarray b, int n) {
        return b.dat()[b.offset(n / 2, n / 2)];
    }
}
