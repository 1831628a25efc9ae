package hpjava.adlib;

import hpjava.lang.Block;
import hpjava.lang.Range;

import java.util.ArrayList;
import java.util.List;

/**
 * One affine run of corresponding locations along one dimension: the k-th ({@code 0 <= k < count}) has global index
 * {@code glb + k*glbStep} (in the destination's index space), subscript {@code aSub + k*aStep} in the first array
 * (the source) and {@code bSub + k*bStep} in the second (the destination). Planning only; never on a hot path.
 */
record Seg(int count, int aSub, int aStep, int bSub, int bStep, int glb, int glbStep) {

    /** The whole extent of a range on coordinate {@code c}, the same subscripts in both arrays (identical layouts). */
    static List<Seg> owned(Range x, int c) {
        List<Seg> out = new ArrayList<>();
        if (x.size() == 0) return out;
        Block b = x.block(c, 0, x.size() - 1, 1);
        for (int j = 0; j < b.segments(); j++) {
            b.select(j);
            if (b.count() > 0) out.add(new Seg(b.count(), b.subBase(), b.subStep(), b.subBase(), b.subStep(), b.glbBase(), step(b)));
        }
        return out;
    }

    /**
     * The destination locations {@code g} in {@code lo..hi} held by coordinate {@code cd} of {@code dst} whose source
     * location {@code g + off} is held by coordinate {@code cs} of {@code src}; appended to {@code out} in increasing
     * {@code g}.
     */
    static void intersect(Range src, int cs, Range dst, int cd, int lo, int hi, int off, List<Seg> out) {
        if (lo > hi) return;
        Block bd = dst.block(cd, lo, hi, 1);
        Block bs = src.block(cs, lo + off, hi + off, 1);
        int nd = bd.segments(), ns = bs.segments();
        List<Seg> found = new ArrayList<>();
        for (int i = 0; i < nd; i++) {
            bd.select(i);
            if (bd.count() == 0) continue;
            long d0 = bd.glbBase(), dStep = step(bd), dEnd = d0 + (bd.count() - 1) * dStep;
            for (int j = 0; j < ns; j++) {
                bs.select(j);
                if (bs.count() == 0) continue;
                long s0 = (long) bs.glbBase() - off, sStep = step(bs), sEnd = s0 + (bs.count() - 1) * sStep;
                long[] ap = intersectAp(d0, dStep, dEnd, s0, sStep, sEnd);
                if (ap == null) continue;
                long first = ap[0], l = ap[1];
                int count = (int) ((ap[2] - first) / l + 1);
                int kd = (int) ((first - d0) / dStep), ks = (int) ((first - s0) / sStep);
                found.add(new Seg(count,
                        bs.subBase() + ks * bs.subStep(), (int) (l / sStep) * bs.subStep(),
                        bd.subBase() + kd * bd.subStep(), (int) (l / dStep) * bd.subStep(),
                        (int) first, (int) l));
            }
        }
        found.sort((x, y) -> Integer.compare(x.glb, y.glb));
        out.addAll(found);
    }

    private static int step(Block b) {
        return b.count() <= 1 ? 1 : b.glbStep();
    }

    /**
     * The common terms of {@code a0, a0+da, ... <= aEnd} and {@code b0, b0+db, ... <= bEnd} (positive steps) as
     * {first, step, last}, or null.
     */
    static long[] intersectAp(long a0, long da, long aEnd, long b0, long db, long bEnd) {
        long lo = Math.max(a0, b0), hi = Math.min(aEnd, bEnd);
        if (lo > hi) return null;
        long g = gcd(da, db);
        long diff = b0 - a0;
        if (Math.floorMod(diff, g) != 0) return null;
        long l = da / g * db;
        // x = a0 + da*t with da*t = diff (mod db): t = (diff/g) * inv(da/g) mod (db/g)
        long m = db / g;
        long t = m == 1 ? 0 : Math.floorMod(Math.floorMod(diff / g, m) * inverse(Math.floorMod(da / g, m), m), m);
        long x = a0 + da * t;                       // a common term (maybe below lo)
        long first = lo + Math.floorMod(x - lo, l);   // the smallest common term >= lo
        if (first > hi) return null;
        long last = first + (hi - first) / l * l;
        return new long[] {first, l, last};
    }

    private static long gcd(long a, long b) {
        while (b != 0) { long t = a % b; a = b; b = t; }
        return Math.abs(a);
    }

    private static long inverse(long a, long m) {
        long g = m, x = 0, x1 = 1, aa = a;
        while (aa != 0) {
            long q = g / aa;
            long t = g - q * aa; g = aa; aa = t;
            t = x - q * x1; x = x1; x1 = t;
        }
        return Math.floorMod(x, m);
    }
}
