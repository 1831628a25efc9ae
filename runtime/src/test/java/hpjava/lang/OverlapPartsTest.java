package hpjava.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The parts of a nest run around an exchange: for random triplets (positive steps) and interiors, in 1 to 3
 * restricted dimensions, the parts' iterations are every iteration of the nest exactly once, part 0 lies inside the
 * interior, and within each part every dimension keeps its order.
 */
class OverlapPartsTest {

    @Test
    void thePartsPartitionTheIterations() {
        Random rnd = new Random(32);
        for (int trial = 0; trial < 3000; trial++) {
            int k = 1 + rnd.nextInt(3);
            int[] l = new int[k], u = new int[k], s = new int[k], lo = new int[k], hi = new int[k];
            for (int q = 0; q < k; q++) {
                l[q] = rnd.nextInt(6) - 2;
                u[q] = l[q] + rnd.nextInt(12) - 2;
                s[q] = 1 + rnd.nextInt(3);
                lo[q] = rnd.nextInt(10) - 3;
                hi[q] = Math.max(lo[q] - 1, lo[q] + rnd.nextInt(8) - 2);
            }
            List<String> seen = new ArrayList<>();
            for (int part = 0; part < OverlapParts.count(k); part++) {
                int[][] values = new int[k][];
                for (int q = 0; q < k; q++) {
                    int a = OverlapParts.lower(part, q, l[q], s[q], lo[q], hi[q]), b = OverlapParts.upper(part, q, u[q], lo[q], hi[q]);
                    assertEquals(0, Math.floorMod(a - l[q], s[q]), "the lower bound stays on the progression");
                    List<Integer> v = new ArrayList<>();
                    for (int x = a; x <= b; x += s[q]) {
                        assertTrue(x >= l[q] && x <= u[q]);
                        if (part == 0) assertTrue(x >= lo[q] && x <= hi[q], "part 0 is interior");
                        v.add(x);
                    }
                    values[q] = v.stream().mapToInt(Integer::intValue).toArray();
                }
                product(values, 0, "", seen);
            }
            List<String> want = new ArrayList<>();
            int[][] all = new int[k][];
            for (int q = 0; q < k; q++) {
                List<Integer> v = new ArrayList<>();
                for (int x = l[q]; x <= u[q]; x += s[q]) v.add(x);
                all[q] = v.stream().mapToInt(Integer::intValue).toArray();
            }
            product(all, 0, "", want);
            seen.sort(null);
            want.sort(null);
            assertEquals(want, seen, "trial " + trial);
        }
    }

    private static void product(int[][] values, int q, String prefix, List<String> out) {
        if (q == values.length) { out.add(prefix); return; }
        for (int x : values[q]) product(values, q + 1, prefix + x + ",", out);
    }
}
