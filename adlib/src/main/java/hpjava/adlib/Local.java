package hpjava.adlib;

import hpjava.lang.Multiarray;

import java.util.ArrayList;
import java.util.List;

/** The calling process's own elements of an array as regions (planning helper). */
final class Local {
    private Local() {}

    /** Regions covering the elements process {@code me} owns (no ghosts), in the order of {@link Region#cross}. */
    static Region[] owned(Multiarray a, int me) {
        Layout L = new Layout(a);
        int[] c = L.dataCoords(me);
        if (c == null) return new Region[0];
        List<List<Seg>> per = new ArrayList<>();
        for (int r = 0; r < a.rank(); r++) per.add(Seg.owned(a.rng(r), c[r]));
        List<Region> out = new ArrayList<>();
        Region.cross(a, per, true, a.shape(), out);
        return out.toArray(new Region[0]);
    }

    static boolean isPrimary(Multiarray a, int me) {
        return new Layout(a).isPrimary(me);
    }

    static String shape(Multiarray a) {
        return java.util.Arrays.toString(a.shape());
    }
}
