package hpjava.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Brute-force model of a range: owner per index from the textbook definition of each distribution, and local
 * subscript = ghost width below + number of smaller indices with the same owner (storage in increasing order).
 */
final class RangeModel {
    final String kind;
    final Range range;
    final int n, p, lo, hi;
    final int[] owner;
    final int[] sub;
    Dimension gridDim;   // the grid dimension the model family was built over

    private RangeModel(String kind, Range range, int[] owner, int lo, int hi, int p) {
        this.kind = kind;
        this.range = range;
        this.n = owner.length;
        this.owner = owner;
        this.lo = lo;
        this.hi = hi;
        this.p = p;
        this.sub = new int[n];
        int[] seen = new int[p];
        for (int g = 0; g < n; g++) sub[g] = lo + seen[owner[g]]++;
    }

    /** Every range kind, built over dimension d (extent P) of a grid, for extent n. */
    static List<RangeModel> all(int n, Dimension d, Random rnd) {
        int p = d.size();
        List<RangeModel> out = new ArrayList<>();
        int bs = n == 0 ? 0 : (n + p - 1) / p;
        out.add(new RangeModel("block", new BlockRange(n, d), owners(n, g -> g / bs), 0, 0, p));
        int lo = rnd.nextInt(3), hi = rnd.nextInt(3);
        out.add(new RangeModel("extblock(" + lo + "," + hi + ")", new ExtBlockRange(n, d, lo, hi), owners(n, g -> g / bs), lo, hi, p));
        out.add(new RangeModel("cyclic", new CyclicRange(n, d), owners(n, g -> g % p), 0, 0, p));
        int b = 1 + rnd.nextInt(4);
        out.add(new RangeModel("blockcyclic(" + b + ")", new BlockCyclicRange(n, d, b), owners(n, g -> (g / b) % p), 0, 0, p));
        int[] sizes = new int[p];
        for (int k = 0; k < n; k++) sizes[rnd.nextInt(p)]++;
        int[] irregOwner = new int[n];
        for (int c = 0, g = 0; c < p; c++) for (int k = 0; k < sizes[c]; k++) irregOwner[g++] = c;
        out.add(new RangeModel("irreg" + java.util.Arrays.toString(sizes), new IrregRange(sizes, d), irregOwner, 0, 0, p));
        out.add(new RangeModel("collapsed", new CollapsedRange(n), new int[n], 0, 0, 1));
        for (RangeModel m : out) m.gridDim = d;
        return out;
    }

    static RangeModel ofDimension(Dimension d) {
        RangeModel m = new RangeModel("dimension", d, owners(d.size(), g -> g), 0, 0, d.size());
        m.gridDim = d;
        return m;
    }

    /** The model of the subrange {@code [[l:u:s]]} of this model's range. */
    RangeModel subrange(int l, int u, int s) {
        int[] idx = triplet(l, u, s);
        int[] o = new int[idx.length];
        for (int i = 0; i < idx.length; i++) o[i] = owner[idx[i]];
        RangeModel m = new RangeModel(kind + "[[" + l + ":" + u + ":" + s + "]]", range.subrange(l, u, s), o,
                s == 1 ? lo : 0, s == 1 ? hi : 0, p);
        for (int i = 0; i < idx.length; i++) m.sub[i] = sub[idx[i]];
        m.gridDim = gridDim;   // a subrange keeps its parent's subscripts
        return m;
    }

    /** The indices of triplet l:u:s in order. */
    static int[] triplet(int l, int u, int s) {
        List<Integer> out = new ArrayList<>();
        if (s > 0) for (int g = l; g <= u; g += s) out.add(g);
        else for (int g = l; g >= u; g += s) out.add(g);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int[] owners(int n, java.util.function.IntUnaryOperator f) {
        int[] o = new int[n];
        for (int g = 0; g < n; g++) o[g] = f.applyAsInt(g);
        return o;
    }

    /** Random valid triplets (any step sign, some empty) over 0..n-1, plus the whole range forwards and backwards. */
    static List<int[]> triplets(int n, Random rnd, int count) {
        List<int[]> t = new ArrayList<>();
        if (n > 0) { t.add(new int[] {0, n - 1, 1}); t.add(new int[] {n - 1, 0, -1}); }
        t.add(new int[] {0, -1, 1});                       // empty
        t.add(new int[] {n - 1, n, -1});                   // empty, backwards
        for (int k = 0; k < count && n > 0; k++) {
            int a = rnd.nextInt(n), b = rnd.nextInt(n);
            int s = 1 + rnd.nextInt(Math.max(1, n / 3 + 1));
            if (rnd.nextBoolean()) s = -s;
            if (rnd.nextInt(8) == 0) t.add(new int[] {a, s > 0 ? a - 1 : a + 1, s});  // empty
            else t.add(s > 0 ? new int[] {Math.min(a, b), Math.max(a, b), s} : new int[] {Math.max(a, b), Math.min(a, b), s});
        }
        return t;
    }

    @Override public String toString() { return kind + " n=" + n + " P=" + p; }

}
