package hpjava.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many ranks on mt, as a user runs them: {@code hpjava run --np 1024} of a Jacobi program with writeHalo, maxval and
 * sum (src/test/resources/scale/JacobiScale.hpj) chooses virtual threads by itself and gives the answer a sequential
 * computation gives; 4096 ranks run in a small heap (a rank's memory does not grow with the job); a rank count that
 * cannot fit is refused before anything starts. The job is killed after 120 s with every rank's stack printed
 * (ToolRun). Tagged slow: CI runs it (about 30 s on 2 cores).
 */
@Tag("slow")
class ScaleTest {
    @TempDir
    Path dir;

    @Test
    void jacobiOn1024RanksUsesVirtualThreadsAndAgreesWithSequential() throws Exception {
        ToolRun r = runJacobi(1024, "--option", "verbose=true");
        assertTrue(r.err().contains("mpjdev-mt: 1024 ranks on virtual threads"), r::toString);
        assertAgreesWithSequential(r, 32);
    }

    /**
     * The memory a rank costs does not grow with the job: 4096 ranks run in a 320 MiB heap. While every rank held
     * its process groups as tables of N ints (six in this program) they needed 458 MB after GC and failed here.
     */
    @Test
    void jacobiOn4096RanksRunsInA320MibHeap() throws Exception {
        ToolRun r = runJacobi(4096, "--jvm-arg=-Xmx320m");
        assertAgreesWithSequential(r, 64);
    }

    private ToolRun runJacobi(int np, String... options) throws Exception {
        try (InputStream in = ScaleTest.class.getResourceAsStream("/scale/JacobiScale.hpj")) {
            Files.write(dir.resolve("JacobiScale.hpj"), in.readAllBytes());
        }
        List<String> args = new ArrayList<>(List.of("run", "--np", Integer.toString(np)));
        args.addAll(List.of(options));
        args.addAll(List.of("-cp", ToolRun.programClassPath(), "JacobiScale.hpj", "4", "10"));
        ToolRun r = ToolRun.hpjavaJvm(dir, args.toArray(String[]::new));
        assertEquals(0, r.status(), r.toString());
        return r;
    }

    /** The output of a run on {@code side} x {@code side} ranks of 4 x 4 points is the sequential computation's. */
    private static void assertAgreesWithSequential(ToolRun r, int side) {
        int n = 4 * side;
        Matcher m = Pattern.compile("grid " + n + " x " + n + " on " + side + " x " + side + " ranks: last change (\\S+), sum (\\S+)\n")
                .matcher(r.out());
        assertTrue(m.matches(), r::toString);
        double[] expected = sequentialJacobi(n, 10);
        assertEquals(expected[0], Double.parseDouble(m.group(1)), 0.0, "maxval is exact");
        assertEquals(expected[1], Double.parseDouble(m.group(2)), 1e-9 * expected[1], "sum (summation order differs)");
    }

    /** The program's computation on one grid: {largest change of the last sweep, sum of the grid}. */
    private static double[] sequentialJacobi(int n, int sweeps) {
        double[][] a = new double[n][n], b = new double[n][n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) a[i][j] = b[i][j] = (i == 0 || j == 0 || i == n - 1 || j == n - 1) ? 1 : 0;
        double change = 0;
        for (int s = 0; s < sweeps; s++) {
            change = 0;
            for (int i = 1; i < n - 1; i++)
                for (int j = 1; j < n - 1; j++) {
                    double v = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
                    change = Math.max(change, Math.abs(v - a[i][j]));
                    b[i][j] = v;
                }
            for (int i = 0; i < n; i++) a[i] = b[i].clone();
        }
        double sum = 0;
        for (double[] row : a) for (double v : row) sum += v;
        return new double[] {change, sum};
    }

    @Test
    void impossibleRankCountsAreRefusedUpFront() throws Exception {
        Files.writeString(dir.resolve("App.hpj"), "public class App {\n  public static void main(String[] a) {}\n}\n");
        long start = System.nanoTime();
        ToolRun r = ToolRun.hpjavaJvm(dir, "run", "--np", "10000000", "-cp", ToolRun.programClassPath(), "App.hpj");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().startsWith("hpjava: mt: 10000000 ranks need about "), r::toString);
        assertTrue(r.err().contains("give the job more heap (hpjava run --jvm-arg=-Xmx"), r::toString);
        assertTrue(millis < 60_000, () -> "refused after " + millis + " ms");

        r = ToolRun.hpjavaJvm(dir, "run", "--np", "2", "--virtual-threads", "--platform-threads", "App.hpj");
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("--virtual-threads and --platform-threads contradict each other"), r::toString);
    }
}
