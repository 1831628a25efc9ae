package hpjava.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hpjava run --reproducible} as a user runs it: a program summing 100,003 doubles of many magnitudes prints
 * the same bits at np 1 and 3 with a block and a cyclic distribution, and other bits without the option.
 */
class ReproducibleRunTest {
    @TempDir
    Path dir;

    static final String SUM = """
            public class Sums implements HPspmd {
              public static void main(String[] args) {
                Procs1 p = new Procs1();
                on (p) {
                  int n = 100003;
                  Range x = new BlockRange(n, p.dim(0)), y = new CyclicRange(n, p.dim(0));
                  double [[-]] a = new double [[x]], b = new double [[y]];
                  overall (i = x for :) a[i] = Math.scalb(Math.sin(i`) , i` % 61 - 30);
                  overall (i = y for :) b[i] = Math.scalb(Math.sin(i`) , i` % 61 - 30);
                  double s = Adlib.sum(a), t = Adlib.sum(b), d = Adlib.dotProduct(a, a);
                  if (p.dim(0).crd() == 0)
                    System.out.println(Double.toHexString(s) + " " + Double.toHexString(t) + " " + Double.toHexString(d));
                }
              }
            }
            """;

    private String run(String... options) {
        String[] args = new String[options.length + 5];
        args[0] = "run";
        System.arraycopy(options, 0, args, 1, options.length);
        args[options.length + 1] = "-cp";
        args[options.length + 2] = ToolRun.programClassPath();
        args[options.length + 3] = "-Dhpjava.cache=" + dir.resolve("cache");
        args[options.length + 4] = "Sums.hpj";
        ToolRun r = ToolRun.hpjavaJvm(dir, args);
        assertEquals(0, r.status(), r.toString());
        return r.out().trim();
    }

    @Test
    void theSameBitsAtEveryProcessCountAndDistribution() throws Exception {
        Files.writeString(dir.resolve("Sums.hpj"), SUM);
        String one = run("--reproducible", "--np", "1"), three = run("--reproducible", "--np", "3");
        String[] sums = one.split(" ");
        assertEquals(sums[0], sums[1], "block and cyclic: " + one);
        assertEquals(one, three, "np 1 and np 3");
        assertNotEquals(run("--np", "3").split(" ")[1], sums[1], "without --reproducible the cyclic sum at np 3 differs (else this shows nothing)");
    }
}
