package hpjava.adlib;

import hpjava.lang.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** Random grids and distributed arrays for the tests (the same on every rank for the same Random). */
final class Grids {
    private Grids() {}

    /** A grid of 1-3 dimensions over the first (up to) np processes of the APG. */
    static Procs grid(Random rnd, int np) {
        int k = 1 + rnd.nextInt(3);
        int use = 1 + rnd.nextInt(np);
        if (rnd.nextBoolean()) use = np;
        return new Procs(Procs.nearCubicShape(use, k));
    }

    /**
     * Ranges for an array of {@code shape} over {@code p}: each dimension gets a distinct random grid axis (or is
     * sequential), of a random kind; unused grid axes make the array replicated.
     */
    static Range[] ranges(Random rnd, Procs p, int[] shape) {
        List<Integer> axes = new ArrayList<>();
        for (int a = 0; a < p.rank(); a++) axes.add(a);
        Collections.shuffle(axes, rnd);
        Range[] x = new Range[shape.length];
        for (int r = 0; r < shape.length; r++) {
            Dimension d = !axes.isEmpty() && rnd.nextInt(4) != 0 ? p.dim(axes.remove(0)) : null;
            x[r] = Elems.range(rnd, shape[r], d, rnd.nextInt(5));
        }
        return x;
    }

    static int[] shape(Random rnd, int rank, int max) {
        int[] s = new int[rank];
        for (int r = 0; r < rank; r++) s[r] = rnd.nextInt(max + 1);
        return s;
    }

    /** A triplet with {@code k >= 1} locations inside {@code 0..n-1} (n >= k), of a random step (either sign). */
    static int[] triplet(Random rnd, int n, int k) {
        int[] steps = {1, 1, 2, 3, -1, -2};
        for (int tries = 0; ; tries++) {
            int s = tries > 20 ? 1 : steps[rnd.nextInt(steps.length)];
            long span = (long) Math.abs(s) * (k - 1);
            if (span >= n) continue;
            int l = (int) (s > 0 ? rnd.nextInt((int) (n - span)) : span + rnd.nextInt((int) (n - span)));
            return new int[] {l, (int) (l + (long) s * (k - 1)), s};
        }
    }
}
